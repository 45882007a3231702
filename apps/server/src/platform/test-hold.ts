/**
 * Fault tests (e2e/faults) kill the server while a transaction is open, and must know that the kill
 * landed inside it. With TEST_HOLD_AT=<point> (accepted only when NODE_ENV=test), the transaction
 * that reaches `holdPoint(point)` says so on stderr and waits there for good: the test kills the
 * process once it has read that line. Unset, every hold point returns at once.
 */
let holdAt: string | undefined;

/** The hold point named by the configuration (main.ts only: API tests run many apps in one process). */
export function holdTransactionsAt(point: string | undefined): void {
  holdAt = point;
}

/** A named point inside a transaction, after its writes and before its commit. */
export async function holdPoint(point: string, written: string): Promise<void> {
  if (holdAt !== point) return;
  process.stderr.write(`test hold: ${point}: ${written}\n`);
  await new Promise<never>(() => {});
}

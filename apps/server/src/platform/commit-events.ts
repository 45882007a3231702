import type { Db } from './db.js';

/*
 * Messages that may leave the process only once the transaction that wrote their rows has
 * committed (a live notification must never announce a row that a rollback took back). A service
 * calls `emitAfterCommit(tx, message)` inside its transaction; when that transaction commits, the
 * message goes to the listeners of its database (`onCommitted`), which the app wires to the live
 * bus. Called with the database itself (no transaction), the message goes at once.
 */
type Listener = (message: unknown) => void;

const listenersOf = new WeakMap<object, Set<Listener>>();
/** An open transaction → the database it belongs to and the messages it holds back. */
const pendingOf = new WeakMap<object, { root: object; messages: unknown[] }>();

function deliver(root: object, message: unknown): void {
  for (const listener of listenersOf.get(root) ?? []) listener(message);
}

/** Wraps `db.transaction` so that messages emitted inside a transaction leave when it commits. */
export function trackCommits(db: Db): void {
  const original = db.transaction.bind(db);
  const tracked: typeof db.transaction = async (run, config) => {
    const messages: unknown[] = [];
    const result = await original(async (tx) => {
      pendingOf.set(tx, { root: db, messages });
      return run(tx);
    }, config);
    for (const message of messages) deliver(db, message);
    return result;
  };
  db.transaction = tracked;
}

/** Sends `message` to the database's listeners when `tx` commits (at once for the database itself). */
export function emitAfterCommit(tx: Db, message: unknown): void {
  const pending = pendingOf.get(tx);
  if (pending) pending.messages.push(message);
  else deliver(tx, message);
}

/** Listens to the messages committed on `db`; returns the function that stops listening. */
export function onCommitted(db: Db, listener: Listener): () => void {
  let set = listenersOf.get(db);
  if (!set) listenersOf.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

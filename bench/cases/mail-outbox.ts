import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { openDatabase, runMigrations, seedBase } from '../../apps/server/src/surface.js';
import { count, postgresAvailable, type Row, startServer, withDatabase } from '../lib.js';

const MAILS = 5_000;
const COMPANIES = 50;
const TIMEOUT_MS = 2_000;
/** The claim window of a mail with this deadline (the worker's lease: twice the deadline and 5 s). */
const LEASE_MS = TIMEOUT_MS * 2 + 5_000;
const TARGET = 100;

/** An SMTP server on loopback that keeps the outbox id and arrival time of every mail it accepts. */
async function startSink() {
  const arrivals: { id: string; at: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const id = /^X-Portal-Mail: *(\d+)/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
        arrivals.push({ id, at: Date.now() });
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its connection.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The mail outbox: 5,000 mails of 50 companies are queued, the built server sends them to an SMTP
 * sink on loopback, is killed with SIGKILL at half and started again. The figure is mails per
 * second before the kill; the run also proves that none is lost and that a mail sent twice (one in
 * flight at the kill) went again only after its claim window.
 */
export async function benchMailOutbox(rows: Row[]) {
  const onPostgres = await postgresAvailable();
  const run = async (databaseUrl: string | undefined) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mails-'));
    const sink = await startSink();
    try {
      const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'pglite') });
      await runMigrations(database);
      await seedBase(database.db);
      await database.db.execute(sql`
        insert into mail_outbox (company_id, kind, recipient, locale, subject, body)
        select 1 + (i % ${COMPANIES}), 'bench', 'person-' || i || '@example.com', 'en-US',
          'Mail ' || i, 'The body of mail ' || i || E'.\n' || repeat('A line of text. ', 40)
        from generate_series(0, ${MAILS - 1}) as i`);
      await database.close();
      const env = {
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        SEED_DEMO: 'false',
        SMTP_URL: sink.url,
        MAIL_TIMEOUT_MS: String(TIMEOUT_MS),
        MAIL_POLL_MS: '200',
        WEBHOOK_WORKER: 'false',
      };
      const first = await startServer(env);
      const started = performance.now();
      while (sink.arrivals.length < MAILS / 2) await new Promise((resolve) => setTimeout(resolve, 5));
      const sentBeforeKill = sink.arrivals.length;
      const perSecond = sentBeforeKill / ((performance.now() - started) / 1000);
      process.kill(first.pid, 'SIGKILL');
      const killedAt = Date.now();
      await first.stop();
      const second = await startServer(env);
      const deadline = Date.now() + 180_000;
      const unique = () => new Set(sink.arrivals.map((mail) => mail.id)).size;
      while (unique() < MAILS && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      // The mails in flight at the kill come due again once their claim runs out: wait for them.
      const settle = killedAt + LEASE_MS + 2_000 - Date.now();
      if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
      await second.stop();
      const times = new Map<string, number[]>();
      for (const mail of sink.arrivals) times.set(mail.id, [...(times.get(mail.id) ?? []), mail.at]);
      const twice = [...times.values()].filter((at) => at.length > 1);
      // Sent again before its first claim could have run out: the claim did not hold.
      const withinClaim = twice.filter((at) => (at[1] ?? 0) - (at[0] ?? 0) < LEASE_MS - TIMEOUT_MS).length;
      const lost = MAILS - unique();
      rows.push({
        name: `Mails/s to a loopback SMTP sink (${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${count(MAILS)} mails of ${COMPANIES} companies, kill -9 at half)`,
        figure: `${Math.round(perSecond)}/s; ${sentBeforeKill} before the kill, lost ${lost}, twice ${twice.length} (within the ${LEASE_MS / 1000} s claim window ${withinClaim})`,
        target: `≥ ${TARGET}/s, none lost, none twice within the claim window`,
        ok: perSecond >= TARGET && lost === 0 && withinClaim === 0,
      });
    } finally {
      await sink.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  await run(undefined);
  if (onPostgres) await withDatabase('portal_bench_mails', (url) => run(url));
}

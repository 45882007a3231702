import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_LOGINS, seedDemo } from './demo/index.js';
import { reportContactsTooLong } from './modules/contacts/limits-report.js';
import { openPortalDatabase } from './demo/template.js';
import { DatabaseUnavailableError } from './platform/db.js';
import { shutdownGracefully } from './platform/shutdown.js';
import { StorageUnavailableError } from './platform/storage.js';
import { holdTransactionsAt } from './platform/test-hold.js';

const startedAt = performance.now();

async function main() {
  const config = loadConfig();
  // A new embedded database with demo data starts as a copy of the build's demo template.
  const { database, fromTemplate, templateProblem } = await openPortalDatabase(config);

  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });
  let seededDemo = fromTemplate;
  try {
    await app.deps.storage.check();
    if (templateProblem) app.log.warn(`${templateProblem}; seeding the demo data instead (a few seconds)`);
    // Demo data goes through the use cases, and its logos and documents into the app's file storage.
    if (config.seedDemo && !seededDemo)
      seededDemo = await seedDemo({ database, storage: app.deps.storage, kv: app.deps.kv, log: app.log });
    // Once, on the first start after the contact book took the B/L's lengths (limits-report.ts).
    const report = await reportContactsTooLong(app.deps.db);
    if (report.companies > 0) app.log.info(report, 'companies told of their contacts too long for a B/L');
    // After the seed, which makes bookings of its own: only requests stop at the hold point.
    holdTransactionsAt(config.testHoldAt);
  } catch (error) {
    await app.close();
    throw error;
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // SIGTERM comes from an orchestrator or balancer: drain first. Ctrl-C (SIGINT) closes at once.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info({ signal, drainMs }, 'shutting down: draining, then finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, drainMs + config.shutdownTimeoutMs);
    timer.unref();
    shutdownGracefully(app, app.lifecycle, { drainMs }).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { address, database: database.kind, readyMs: Math.round(performance.now() - startedAt) },
    `portal ready at ${address}`,
  );
  if (config.seedDemo) {
    const logins = DEMO_LOGINS.map((l) => `  ${l.role.padEnd(10)} ${l.username} / ${l.password}`).join('\n');
    console.log(
      `\nFreight portal: ${address.replace('127.0.0.1', 'localhost')}\n${seededDemo ? 'Demo data created. ' : ''}Demo logins:\n${logins}\n`,
    );
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseUnavailableError ||
    error instanceof StorageUnavailableError
  ) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error('Cannot start:', error);
  }
  process.exit(1);
});

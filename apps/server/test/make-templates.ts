import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { seedBase } from '../src/db/seed/index.js';
import { openDatabase, runMigrations } from '../src/platform/db.js';

/*
 * Makes the databases global-setup.ts provides: a dump of a migrated and seeded PGlite written to
 * the file named by the first argument, and, with TEST_DATABASE_URL, a migrated and seeded
 * PostgreSQL database whose name is the one line this prints. Run as its own process (with the
 * "source" condition) because a global setup resolves packages without the project's conditions.
 */
const [dumpFile] = process.argv.slice(2);
if (!dumpFile) throw new Error('usage: make-templates.ts <dump file>');

const embedded = await openDatabase({});
await runMigrations(embedded);
await seedBase(embedded.db);
const client = (embedded.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
fs.writeFileSync(dumpFile, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
await embedded.close();

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await runMigrations(server);
  await seedBase(server.db);
  // A template is copied only while nobody is connected to it.
  await server.close();
  process.stdout.write(`${name}\n`);
}

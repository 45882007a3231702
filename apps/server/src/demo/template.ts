import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, loadConfig } from '../config.js';
import { prepareDatabase } from '../db/prepare.js';
import { markTemplate, moveToDay, secretRows, templateMark } from '../db/template.js';
import { changePassword, findAccountByUsername } from '../modules/users/service.js';
import type { Database } from '../platform/db.js';
import { databaseKv } from '../platform/kv.js';
import { directoryStorage } from '../platform/storage.js';
import { movePdfDays } from './documents.js';
import { demoPasswords, seedDemo } from './index.js';
import { isoDay } from './random.js';

/**
 * The demo template: a new embedded database with the demo data, made once by `npm run build`
 * (initdb, migrations, reference data and the demo seed take ~7 s; a copy ~1 s), copied into each
 * new DATA_DIR and brought to the day it is made there: every date and time moves by the time since
 * the template was made (db/template.ts), the dates in its documents too, and every demo account
 * gets a password hash of its own (a new random password where nobody is told it). Nothing else in
 * a template is secret: it has no sessions, invitations or short-lived state (checked when it is
 * made); its files' ids are the same in every copy, but whoever reads a file is checked by owner.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** Where the build puts the template: apps/server/dist/demo-template, from src and dist alike. */
export const BUILT_TEMPLATE = path.join(SERVER_DIR, 'dist/demo-template');
const MANIFEST = 'manifest.json';
const DAY_MS = 86_400_000;

type Manifest = { stamp: string; madeAt: string; baseDay: string };

/**
 * What a template is made from: the server's and the contract's builds (their build info holds a
 * hash of every source file), the migrations and the PGlite version. A template with another stamp
 * is not used: its data was made by other code.
 */
export function buildStamp(): string {
  const hash = createHash('sha256');
  const migrations = path.join(SERVER_DIR, 'src/db/migrations');
  const files = [
    path.join(SERVER_DIR, 'dist/.tsbuildinfo'),
    path.join(SERVER_DIR, '../../packages/contract/dist/.tsbuildinfo'),
    ...fs
      .readdirSync(migrations, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((file) => path.join(migrations, file)),
  ];
  for (const file of files) {
    hash.update(`${path.relative(SERVER_DIR, file)}\0`);
    if (fs.existsSync(file) && fs.statSync(file).isFile()) hash.update(fs.readFileSync(file));
  }
  const pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  hash.update(fs.readFileSync(path.join(pglite, '../package.json')));
  return hash.digest('hex').slice(0, 16);
}

function readManifest(template: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(template, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** Whole days from the calendar day `from` (YYYY-MM-DD, UTC) to the day of `to`. */
function daysBetween(from: string, to: Date): number {
  return Math.round((Date.parse(isoDay(0, to.getTime())) - Date.parse(from)) / DAY_MS);
}

/** Why the built template cannot be used now, or undefined when it can. */
export function templateProblem(template: string, stamp = buildStamp()): string | undefined {
  const manifest = readManifest(template);
  if (!manifest) return `no demo template at ${template} (npm run build makes it)`;
  if (manifest.stamp !== stamp) return 'the demo template is older than the build (npm run build remakes it)';
  return undefined;
}

/**
 * Makes a template at `target` (replacing one there): a new embedded database, migrated, with the
 * reference and demo data, closed cleanly, marked with the moment it was made. It is made in a
 * directory beside the target and renamed into place only when complete.
 */
export async function makeDemoTemplate(
  target: string,
  options: { log: FastifyBaseLogger; stamp?: string },
): Promise<void> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const making = fs.mkdtempSync(`${target}.making-`);
  try {
    const dataDir = path.join(making, 'data');
    let manifest: Manifest | undefined;
    // A seed that runs over midnight (UTC) has no one base day: make it again.
    for (let attempt = 0; !manifest && attempt < 2; attempt++) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      manifest = await seedTemplate(dataDir, options);
    }
    if (!manifest) throw new Error('the demo template could not be made within one day');
    fs.writeFileSync(path.join(making, MANIFEST), JSON.stringify(manifest));
    const old = `${making}-old`;
    if (fs.existsSync(target)) fs.renameSync(target, old);
    fs.renameSync(making, target);
    fs.rmSync(old, { recursive: true, force: true });
  } finally {
    fs.rmSync(making, { recursive: true, force: true });
  }
}

async function seedTemplate(
  dataDir: string,
  options: { log: FastifyBaseLogger; stamp?: string },
): Promise<Manifest | undefined> {
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, SEED_DEMO: 'true' });
  const database = await prepareDatabase(config);
  try {
    const baseDay = isoDay(0);
    const { db } = database;
    const storage = directoryStorage(path.join(dataDir, 'files'));
    if (!(await seedDemo({ database, storage, kv: databaseKv(db), log: options.log })))
      throw new Error('the demo template database was not new');
    const madeAt = new Date();
    if (isoDay(0, madeAt.getTime()) !== baseDay) return undefined;
    const secrets = Object.entries(await secretRows(db)).filter(([, rows]) => rows > 0);
    if (secrets.length > 0)
      throw new Error(
        `the demo template would share secrets: ${secrets.map((s) => s.join(' rows: ')).join(', ')}`,
      );
    await markTemplate(db, { madeAt, baseDay });
    return { stamp: options.stamp ?? buildStamp(), madeAt: madeAt.toISOString(), baseDay };
  } finally {
    await database.close();
  }
}

/** Copies a directory tree, several files at a time; `transform` may change a file on its way. */
async function copyTree(
  from: string,
  to: string,
  transform?: (file: string) => ((data: Buffer) => Buffer) | undefined,
) {
  const entries = await fsp.readdir(from, { recursive: true, withFileTypes: true });
  const relative = (entry: fs.Dirent) => path.relative(from, path.join(entry.parentPath, entry.name));
  await fsp.mkdir(to, { recursive: true });
  for (const dir of entries
    .filter((e) => e.isDirectory())
    .map(relative)
    .sort())
    await fsp.mkdir(path.join(to, dir), { recursive: true });
  const files = entries.filter((e) => e.isFile()).map(relative);
  let next = 0;
  const worker = async () => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      const change = transform?.(file);
      if (change) await fsp.writeFile(path.join(to, file), change(await fsp.readFile(path.join(from, file))));
      // A copy-on-write clone where the file system has them, a copy elsewhere.
      else await fsp.copyFile(path.join(from, file), path.join(to, file), fs.constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const STAGING = '.pglite-from-template-';

/**
 * Makes DATA_DIR's database a copy of the template's when DATA_DIR has none yet (true then): the
 * files first, their documents' dates moved to `now`'s day, then the database, copied beside its
 * place and renamed into it, so that a start stopped half-way leaves no half database behind.
 */
export async function copyDemoTemplate(template: string, dataDir: string, now: Date): Promise<boolean> {
  const target = path.join(dataDir, 'pglite');
  if (fs.existsSync(target)) return false;
  const manifest = readManifest(template);
  if (!manifest) throw new Error(`no demo template at ${template}`);
  fs.mkdirSync(dataDir, { recursive: true });
  for (const entry of fs.readdirSync(dataDir))
    if (entry.startsWith(STAGING)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  const days = daysBetween(manifest.baseDay, now);
  const staging = fs.mkdtempSync(path.join(dataDir, STAGING));
  await Promise.all([
    copyTree(path.join(template, 'data/files'), path.join(dataDir, 'files'), (file) =>
      file.endsWith('.pdf') ? (pdf) => movePdfDays(pdf, days) : undefined,
    ),
    copyTree(path.join(template, 'data/pglite'), staging),
  ]);
  fs.renameSync(staging, target);
  return true;
}

/**
 * Brings a copy of a template to `now` (true when the database was one): in one transaction, every
 * date and time moves, the mark goes, and each demo account gets a password hash of its own (the
 * hashes are worked out on the thread pool while the database moves the dates).
 */
async function moveTemplateCopyToDay(database: Database, now: Date): Promise<boolean> {
  const mark = await templateMark(database.db);
  if (!mark) return false;
  const shift = { days: daysBetween(mark.baseDay, now), ms: now.getTime() - mark.madeAt.getTime() };
  await database.db.transaction(async (tx) => {
    await Promise.all([
      moveToDay(tx, shift),
      ...demoPasswords().map(async ({ username, password }) => {
        const person = await findAccountByUsername({ db: tx, username });
        if (!person) throw new Error(`demo template: no account ${username}`);
        await changePassword({ db: tx, personId: person.id, password });
      }),
    ]);
  });
  return true;
}

export type PortalDatabase = {
  database: Database;
  /** true when the database was made from the demo template by this start */
  fromTemplate: boolean;
  /** why a new embedded database could not start from the template (the demo is seeded then) */
  templateProblem?: string | undefined;
};

/**
 * The portal's database, migrated and with its reference data. The server's new embedded database
 * that gets demo data starts as a copy of the demo template when the build has a current one and
 * files stay in DATA_DIR; otherwise (and on PostgreSQL) the caller seeds the demo as before.
 * `template`: another template (tests), or false to never copy one (the admin CLI: a database it
 * makes stays empty, as before). `now`: the moment the copy is brought to (tests).
 */
export async function openPortalDatabase(
  config: Config,
  options: { poolSize?: number; template?: string | false; now?: Date } = {},
): Promise<PortalDatabase> {
  const now = options.now ?? new Date();
  let problem: string | undefined;
  const embeddedDemo = !config.databaseUrl && config.seedDemo && !config.s3;
  if (options.template !== false && embeddedDemo && !fs.existsSync(path.join(config.dataDir, 'pglite'))) {
    const template = options.template ?? BUILT_TEMPLATE;
    problem = options.template ? undefined : templateProblem(template);
    if (!problem) await copyDemoTemplate(template, config.dataDir, now);
  }
  let fromTemplate = false;
  const database = await prepareDatabase(config, options.poolSize, async (opened) => {
    // Also a copy that a start stopped before this step left behind: it is still marked.
    if (opened.kind === 'pglite') fromTemplate = await moveTemplateCopyToDay(opened, now);
  });
  return { database, fromTemplate, templateProblem: problem };
}

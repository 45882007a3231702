import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { makeDemoTemplate, openPortalDatabase } from '../src/demo/template.js';
import { createTestAppOn, type TestApp } from './helpers.js';

let made: Promise<string> | undefined;

/** A demo template made from the source under test, once per test file, in the system's temporary directory. */
export function demoTemplate(): Promise<string> {
  made ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-template-'));
    const template = path.join(dir, 'template');
    await makeDemoTemplate(template, { log: Fastify({ logger: false }).log, stamp: 'test' });
    return template;
  })();
  return made;
}

/** Removes the file's template (afterAll). */
export async function removeDemoTemplate(): Promise<void> {
  if (!made) return;
  const template = await made.catch(() => undefined);
  if (template) fs.rmSync(path.dirname(template), { recursive: true, force: true });
  made = undefined;
}

/**
 * The real app on a new embedded database in a DATA_DIR of its own, made as the server makes one
 * from `template`, brought to `now`; close() removes the DATA_DIR.
 */
export async function fromTemplate(
  template: string,
  now?: Date,
): Promise<{ t: TestApp; dataDir: string; fromTemplate: boolean }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-template-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'true' });
  const { database, fromTemplate } = await openPortalDatabase(config, { template, now });
  const t = await createTestAppOn(
    {
      ...database,
      drop: async () => {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    },
    { env: { DATA_DIR: dataDir } },
  );
  return { t, dataDir, fromTemplate };
}

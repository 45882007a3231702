import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUSTOMER, FORWARDER, MB } from '../data-set.js';
import { getJson, login, memoryOf, ms, type Row, type Server, startServer } from '../lib.js';

/**
 * Imports the sheet twice into the demo customer's book on a server that has just started: first
 * every row is new, then every row updates. Wall time of each request; the server's peak resident
 * memory (VmHWM) before and after.
 */
export async function benchImport(
  server: Server,
  sheet: Buffer,
  where: string,
  bookSize: string,
  rows: Row[],
) {
  const token = await login(server.url, CUSTOMER.username, CUSTOMER.password);
  await getJson(`${server.url}/api/customer/contact?page=1&size=10`, token);
  const before = memoryOf(server.pid);
  const upload = async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(sheet)], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      'contacts.xlsx',
    );
    const started = performance.now();
    const reply = await fetch(`${server.url}/api/customer/contact/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await reply.json()) as { data?: { created: number; updated: number }; msg?: string };
    const took = performance.now() - started;
    if (!reply.ok || !body.data) throw new Error(`import answered ${reply.status}: ${body.msg ?? ''}`);
    return { took, ...body.data };
  };
  const first = await upload();
  const second = await upload();
  const after = memoryOf(server.pid);
  if (first.created !== 10_000 || second.updated !== 10_000)
    throw new Error(`import: unexpected ${JSON.stringify({ first, second })}`);
  const worst = Math.max(first.took, second.took);
  rows.push({
    name: `Contacts import: 10,000-row .xlsx (${Math.round(sheet.length / 1024)} KB), ${where}, into a book of ${bookSize}, end to end (new rows ${ms(first.took)}; the same file again, all updates, ${ms(second.took)})`,
    figure: ms(worst),
    target: '≤ 3000 ms',
    ok: worst <= 3000,
  });
  rows.push({
    name: `Contacts import: server peak resident memory (VmHWM) after both imports, ${where} (before: peak ${Math.round(before.peakBytes / MB)} MB, resident ${Math.round(before.rssBytes / MB)} MB)`,
    figure: `${Math.round(after.peakBytes / MB)} MB`,
    target: '≤ 300 MB',
    ok: after.peakBytes <= 300 * MB,
  });
}

/** Imports the 50,000-route rate sheet once as the demo forwarder: wall time and peak memory. */
export async function benchRateImport(server: Server, sheet: Buffer, where: string, rows: Row[]) {
  const token = await login(server.url, FORWARDER.username, FORWARDER.password);
  await getJson(`${server.url}/api/rate?page=1&size=10`, token);
  const before = memoryOf(server.pid);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(sheet)], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    'rates.xlsx',
  );
  const started = performance.now();
  const reply = await fetch(`${server.url}/api/rate/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await reply.json()) as { data?: { created: number }; msg?: string };
  const took = performance.now() - started;
  if (!reply.ok || body.data?.created !== 50_000)
    throw new Error(`rate import answered ${reply.status}: ${body.msg ?? JSON.stringify(body.data)}`);
  const after = memoryOf(server.pid);
  rows.push({
    name: `Rates import: 50,000-row .xlsx with 6 container columns (${Math.round(sheet.length / 1024)} KB), ${where}, end to end`,
    figure: ms(took),
    target: '≤ 15000 ms',
    ok: took <= 15_000,
  });
  rows.push({
    name: `Rates import: server peak resident memory (VmHWM) after the import, ${where} (before: peak ${Math.round(before.peakBytes / MB)} MB, resident ${Math.round(before.rssBytes / MB)} MB)`,
    figure: `${Math.round(after.peakBytes / MB)} MB`,
    target: '≤ 500 MB',
    ok: after.peakBytes <= 500 * MB,
  });
}

/**
 * Both imports on the embedded database: created (with the demo members) by a first start,
 * measured on the next one, as it runs day to day (creating a database peaks far higher, once).
 */
export async function benchEmbeddedImports(sheet: Buffer, rateSheet50k: Buffer, rows: Row[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-import-'));
  const copy = `${dataDir}-copy`;
  try {
    const env = { DATA_DIR: dataDir, CAPTCHA_FIXED: 'bench', SEED_DEMO: 'true' };
    await (await startServer(env)).stop();
    fs.cpSync(dataDir, copy, { recursive: true });
    const server = await startServer(env);
    try {
      await benchImport(server, sheet, 'embedded PGlite (in the server process)', '2 (the demo book)', rows);
    } finally {
      await server.stop();
    }
    const forRates = await startServer(env);
    try {
      await benchRateImport(forRates, rateSheet50k, 'embedded PGlite (in the server process)', rows);
    } finally {
      await forRates.stop();
    }
    // The other end of the trade-off: V8 optimizing the embedded database (more memory, faster).
    const optimized = await startServer({ ...env, DATA_DIR: copy, PGLITE_OPTIMIZE: 'true' });
    try {
      await benchRateImport(optimized, rateSheet50k, 'embedded PGlite with PGLITE_OPTIMIZE=true', rows);
    } finally {
      await optimized.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

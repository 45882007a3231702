import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ListData, Quote } from '@freight/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressShared } from '../src/platform/compression.js';
import { changeAuthorities } from '../src/modules/users/service.js';
import { type Envelope, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

type Ref = Envelope<ListData<{ id: number; code: string }>>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/** Compression at the wire: what a browser receives, by its Accept-Encoding. */
describeEachDatabase('compression', (kind) => {
  let t: TestApp;
  let webDist: string;
  const tokens: Record<string, string> = {};
  const script = `export const lines = [${Array.from({ length: 400 }, (_, i) => `"line ${i}"`).join(',')}];\n`;

  beforeAll(async () => {
    // A built web app as the build leaves it: each text file with .br and .gz beside it.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.mkdirSync(path.join(webDist, 'pages'));
    fs.writeFileSync(path.join(webDist, 'pages.json'), JSON.stringify({ '/quotes': 'pages/quotes.html' }));
    const html = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
    for (const [name, text] of [
      ['index.html', html],
      ['login.html', html.replace('<div id="root">', '<div id="page-shell"></div><div id="root">')],
      [
        'pages/quotes.html',
        html.replace('<body>', '<head><link rel="modulepreload" href="/assets/q.js"></head><body>'),
      ],
      ['assets/app-abc123.js', script],
    ] as const) {
      const file = path.join(webDist, name);
      fs.writeFileSync(file, text);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
    }
    fs.writeFileSync(path.join(webDist, 'assets', 'photo-abc123.webp'), Buffer.alloc(4096, 7));
    fs.writeFileSync(path.join(webDist, 'login-port.webp'), Buffer.alloc(2048, 7));
    fs.writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version: '1.0.0+test' }));
    t = await createTestApp(kind, { env: { WEB_DIST: webDist } });

    for (const name of ['forwarder', 'member']) {
      const reply = await register(t.app, registrationForm({ username: uniqueEmail(name).toLowerCase() }));
      tokens[name] = reply.body.data.token;
      if (name === 'forwarder')
        await changeAuthorities({ db: t.database.db, userId: reply.body.data.id, grant: ['rate'] });
    }
    const id = async (list: string, code: string) =>
      (await call<Ref>(t.app, { method: 'GET', url: `/api/${list}?keyword=${code}` })).body.data.lists.find(
        (i) => i.code === code,
      )?.id ?? 0;
    const [carrier, pol, pod, gp20] = await Promise.all([
      id('carrier', 'MAEU'),
      id('port', 'CNSHA'),
      id('port', 'NLRTM'),
      id('container', '20GP'),
    ]);
    for (let i = 0; i < 30; i += 1) {
      const created = await call(t.app, {
        method: 'POST',
        url: '/api/rate',
        headers: { authorization: `Bearer ${tokens.forwarder}` },
        payload: {
          carrier_id: carrier,
          pol_id: pol,
          pod_id: pod,
          to_id: pod,
          sdate: day(-1),
          edate: day(30),
          transit_days: 20 + i,
          remark: `RATE ${i}`,
          spaces: [{ container_id: gp20, price: `${1000 + i}` }],
        },
      });
      expect(created.status).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (app: FastifyInstance, url: string, acceptEncoding?: string, token?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: {
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  it('compresses an API reply by the client’s preference, with Vary, and sends the same JSON', async () => {
    const plain = await get(t.app, '/api/port?size=200');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
    ] as const) {
      const reply = await get(t.app, '/api/port?size=200', accept);
      expect(reply.statusCode, accept).toBe(200);
      expect(reply.headers['content-encoding'], accept).toBe(expected);
      expect(String(reply.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(expected, reply.rawPayload)), accept).toEqual(plain.json());
      if (expected) expect(reply.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
  });

  it('leaves small replies alone', async () => {
    const reply = await get(t.app, '/api/system/config', 'br, gzip');
    expect(reply.rawPayload.length).toBeLessThan(1024);
    expect(reply.headers['content-encoding']).toBeUndefined();
  });

  it('does not compress an .xlsx download again', async () => {
    const reply = await get(t.app, '/api/rate/template?lang=en', 'br, gzip', tokens.forwarder);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/spreadsheetml/);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('serves the quote board’s shared page compressed, the same bytes for every reader', async () => {
    const url = '/api/quote?size=50';
    const plain = await get(t.app, url, undefined, tokens.member);
    const page = plain.json<Envelope<ListData<Quote>>>();
    expect(page.data.total).toBe(30);
    for (const encoding of ['br', 'gzip'] as const) {
      const first = await get(t.app, url, encoding, tokens.member);
      const second = await get(t.app, url, encoding, tokens.forwarder);
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      expect(JSON.parse(decode(encoding, first.rawPayload))).toEqual(page);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it('serves the web app’s precompressed files by Accept-Encoding, with Vary and the same caching', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const asset = await get(t.app, '/assets/app-abc123.js', accept);
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe(expected);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(String(asset.headers.vary)).toMatch(/accept-encoding/i);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(expected, asset.rawPayload)).toBe(script);

      for (const url of ['/', '/bookings/12']) {
        const page = await get(t.app, url, accept);
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-encoding'], url).toBe(expected);
        expect(page.headers['content-type'], url).toMatch(/text\/html/);
        expect(page.headers['cache-control'], url).toBe('no-cache');
        expect(decode(expected, page.rawPayload), url).toContain('<div id="root">');
        expect(decode(expected, page.rawPayload), url).not.toContain('page-shell');
      }
      // /login gets its own page, whose shell paints before any script.
      const login = await get(t.app, '/login', accept);
      expect(login.headers['content-encoding']).toBe(expected);
      expect(login.headers['cache-control']).toBe('no-cache');
      expect(decode(expected, login.rawPayload)).toContain('<div id="page-shell">');
      // A member page of pages.json gets its variant, which preloads the page's scripts.
      const quotes = await get(t.app, '/quotes', accept);
      expect(quotes.statusCode).toBe(200);
      expect(quotes.headers['content-encoding']).toBe(expected);
      expect(quotes.headers['content-type']).toMatch(/text\/html/);
      expect(quotes.headers['cache-control']).toBe('no-cache');
      expect(decode(expected, quotes.rawPayload)).toContain('<link rel="modulepreload" href="/assets/q.js">');
    }
    // The public folder's pictures keep their names across builds: a day, then used while revalidated.
    const picture = await get(t.app, '/login-port.webp', 'br');
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
  });

  it('sends a hashed script without the headers only a document obeys; pages and pictures keep them', async () => {
    const documentOnly = ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'];
    for (const accept of ['br', undefined]) {
      const asset = await get(t.app, '/assets/app-abc123.js', accept);
      expect(asset.statusCode).toBe(200);
      for (const name of [...documentOnly, 'referrer-policy', 'last-modified', 'x-request-id'])
        expect(asset.headers[name], name).toBeUndefined();
      // What a script does obey stays, and so does what caching needs.
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(asset.headers.etag).toBeDefined();
      const headerBytes = Object.entries(asset.headers).reduce(
        (sum, [name, value]) => sum + name.length + String(value).length + 4,
        0,
      );
      expect(headerBytes).toBeLessThan(400);
    }
    for (const url of ['/login', '/quotes', '/login-port.webp', '/api/system/config']) {
      const reply = await get(t.app, url, 'br');
      for (const name of documentOnly) expect(reply.headers[name], `${url} ${name}`).toBeDefined();
    }
  });

  it('sends an image as it is', async () => {
    const image = await get(t.app, '/assets/photo-abc123.webp', 'br, gzip');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(4096);
  });
});

describe('compression helpers', () => {
  it('prefers brotli at equal weight and refuses what it cannot send', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.1')).toBe('gzip');
    expect(chooseEncoding(['gzip', 'br;q=0'])).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it('compresses a shared page once per encoding', () => {
    const page = { lists: [{ id: 1 }], total: 1 };
    const text = JSON.stringify({ code: 0, msg: 'ok', data: page }).repeat(50);
    const br = compressShared(page, text, 'br');
    expect(compressShared(page, text, 'br')).toBe(br);
    const gzip = compressShared(page, text, 'gzip');
    expect(compressShared(page, text, 'gzip')).toBe(gzip);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(text);
    expect(zlib.gunzipSync(gzip).toString()).toBe(text);
  });
});

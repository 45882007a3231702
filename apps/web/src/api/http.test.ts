// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { translate, type MessageKey, type MessageParams } from '@freight/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createHttpClient } from './http';
import { memoryStorage, SessionStore } from './session';

const zhMessage = (key: MessageKey, params?: MessageParams) => translate('zh-CN', key, params);

type Seen = { method: string; url: string; auth?: string; lang?: string; body: string };

/** A real HTTP server that plays the API: each test sets how it answers. */
let seen: Seen[] = [];
let handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void = () => undefined;
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      auth: req.headers.authorization,
      lang: req.headers.lang as string | undefined,
      body,
    });
    handler(req, res, body);
  });
});
let baseUrl = '';

function json(
  res: http.ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(payload));
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

function client(options: { locale?: 'zh-CN' | 'en-US'; timeoutMs?: number } = {}) {
  const session = new SessionStore(memoryStorage());
  let unauthorized = 0;
  const api = createHttpClient({
    baseUrl,
    session,
    locale: () => options.locale ?? 'zh-CN',
    message: (key, params) => translate(options.locale ?? 'zh-CN', key, params),
    timeoutMs: options.timeoutMs,
    onUnauthorized: () => (unauthorized += 1),
  });
  return { api, session, unauthorized: () => unauthorized };
}

describe('http client', () => {
  it('sends the Bearer token and the Lang header, and unwraps the envelope', async () => {
    handler = (_req, res) => json(res, 200, { code: 0, msg: 'ok', data: { lists: [1], total: 1 } });
    const { api, session } = client({ locale: 'en-US' });
    session.signIn('tok-1');
    const data = await api.get<{ total: number }>('/country', { page: 1, size: 200, keyword: '' });
    expect(data).toEqual({ lists: [1], total: 1 });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/country?page=1&size=200',
      auth: 'Bearer tok-1',
      lang: 'en',
    });
  });

  it('sends JSON bodies and no Authorization without a token', async () => {
    handler = (_req, res) => json(res, 200, { code: 0, msg: 'ok', data: null });
    const { api } = client();
    await api.post('/system/login', { username: 'a@b.cn' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      auth: undefined,
      lang: 'cn',
      body: '{"username":"a@b.cn"}',
    });
  });

  it('shares identical GETs in flight, but not different ones', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, { code: 0, msg: 'ok', data: 'x' }), 50);
    const { api } = client();
    const results = await Promise.all([
      api.get('/port', { page: 1 }),
      api.get('/port', { page: 1 }),
      api.get('/port', { page: 2 }),
    ]);
    expect(results).toEqual(['x', 'x', 'x']);
    expect(seen.map((s) => s.url).sort()).toEqual(['/api/port?page=1', '/api/port?page=2']);
    await api.get('/port', { page: 1 });
    expect(seen).toHaveLength(3);
  });

  it('rejects with the body message on a non-200 status, with field errors', async () => {
    handler = (_req, res) =>
      json(res, 400, { code: 1, msg: '请填写城市', errors: [{ field: 'city', message: '请填写城市' }] });
    const { api } = client();
    const error = await api.post('/customer/contact', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: '请填写城市',
      status: 400,
      fields: [{ field: 'city', message: '请填写城市' }],
    });
  });

  it('rejects with a generic text carrying the status when the body has no message', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    };
    const zh = await client()
      .api.get('/x')
      .catch((e: unknown) => e);
    expect((zh as ApiError).message).toBe('请求失败，状态码：502');
    const en = await client({ locale: 'en-US' })
      .api.get('/x')
      .catch((e: unknown) => e);
    expect((en as ApiError).message).toBe('Request failed with status 502');
  });

  it('rejects a 200 body with code 1 with its msg, or "request failed"', async () => {
    handler = (_req, res) => json(res, 200, { code: 1, msg: 'nope' });
    expect(
      await client()
        .api.get('/a')
        .catch((e: Error) => e.message),
    ).toBe('nope');
    handler = (_req, res) => json(res, 200, { code: 1 });
    expect(
      await client({ locale: 'en-US' })
        .api.get('/b')
        .catch((e: Error) => e.message),
    ).toBe('Request failed');
  });

  it('stores a renewed token and keeps the previous one as old_token', async () => {
    handler = (_req, res) => json(res, 200, { code: 0, msg: 'ok', data: 1 }, { 'x-renewed-token': 'tok-2' });
    const storage = memoryStorage();
    const session = new SessionStore(storage);
    const api = createHttpClient({ baseUrl, session, locale: () => 'zh-CN', message: zhMessage });
    session.signIn('tok-1');
    await api.get('/userinfo');
    expect(storage.getItem('token')).toBe('tok-2');
    expect(storage.getItem('old_token')).toBe('tok-1');
    expect(Number(storage.getItem('token_update_time'))).toBeGreaterThan(Date.now() - 5000);
  });

  it('retries a 401 once with a newer stored token', async () => {
    const { api, session, unauthorized } = client();
    session.signIn('old');
    handler = (req, res) => {
      if (req.headers.authorization === 'Bearer old') {
        // Another tab renewed the token while this request was in flight.
        session.renew('new');
        return json(res, 401, { code: 1, msg: 'expired' });
      }
      json(res, 200, { code: 0, msg: 'ok', data: 'fine' });
    };
    expect(await api.get('/userinfo')).toBe('fine');
    expect(seen.map((s) => s.auth)).toEqual(['Bearer old', 'Bearer new']);
    expect(unauthorized()).toBe(0);
    expect(session.endedByServer).toBe(false);
  });

  it('clears the session and reports a 401 that no newer token fixes', async () => {
    handler = (_req, res) => json(res, 401, { code: 1, msg: 'expired' });
    const { api, session, unauthorized } = client({ locale: 'en-US' });
    session.signIn('dead');
    const error = await api.get('/userinfo').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Authentication failed' });
    expect(seen).toHaveLength(1);
    expect(session.token).toBeNull();
    expect(unauthorized()).toBe(1);
    // The login page tells why the member is back; the next login forgets it.
    expect(session.endedByServer).toBe(true);
    session.signIn('fresh');
    expect(session.endedByServer).toBe(false);
  });

  it('does not call a 401 without a session an ended session', async () => {
    handler = (_req, res) => json(res, 401, { code: 1, msg: 'login first' });
    const { api, session, unauthorized } = client();
    const error = await api.get('/userinfo').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(session.endedByServer).toBe(false);
    expect(unauthorized()).toBe(0);
  });

  it('gives up after the timeout with a clear message', async () => {
    handler = () => undefined; // never answers
    const { api } = client({ locale: 'en-US', timeoutMs: 100 });
    const error = await api.get('/slow').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: 'The request timed out; please try again later' });
  });

  it('reports a network error when nothing listens', async () => {
    const session = new SessionStore(memoryStorage());
    const api = createHttpClient({
      baseUrl: 'http://127.0.0.1:9/api',
      session,
      locale: () => 'zh-CN',
      message: zhMessage,
    });
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: '网络错误，请检查网络连接' });
  });
});

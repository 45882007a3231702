import type { UserInfo } from '@freight/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashToken } from '../src/modules/auth/sessions.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import {
  captcha,
  type Envelope,
  login,
  register,
  registrationForm,
  TEST_CAPTCHA,
  uniqueEmail,
} from './fixtures.js';

describeEachDatabase('login, sessions and logout', (kind) => {
  let t: TestApp;
  let username: string;
  const password = 'quay-lantern-42';
  beforeAll(async () => {
    t = await createTestApp(kind);
    username = uniqueEmail();
    const reply = await register(t.app, registrationForm({ username, password }));
    expect(reply.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (token: string) =>
    call<Envelope<UserInfo>>(t.app, {
      method: 'GET',
      url: '/api/userinfo',
      headers: { authorization: `Bearer ${token}` },
    });
  const setSession = (token: string, assignment: ReturnType<typeof sql>) =>
    t.database.db.execute(sql`update sessions set ${assignment} where token_hash = ${hashToken(token)}`);

  it('serves a captcha as a PNG: pixels only, no vector glyph a script could match against its font', async () => {
    const images = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const reply = await call<Envelope<{ captcha_id: string; image: string }>>(t.app, {
        method: 'GET',
        url: '/api/system/captcha',
      });
      expect(reply.body.data.captcha_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(reply.headers['cache-control']).toBe('no-store');
      const { image } = reply.body.data;
      expect(image).toMatch(/^data:image\/png;base64,/);
      const bytes = Buffer.from(image.split(',')[1] ?? '', 'base64');
      expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
        true,
      );
      const text = bytes.toString('latin1');
      for (const vector of ['<svg', '<path', ' d="', 'xmlns']) expect(text).not.toContain(vector);
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([240, 80]);
      images.add(image);
    }
    expect(images.size).toBe(3);
  });

  it('logs in with the right password and captcha (case-insensitive) and returns the member', async () => {
    const reply = await call<Envelope<{ token: string }>>(t.app, {
      method: 'POST',
      url: '/api/system/login',
      payload: {
        username: username.toUpperCase(),
        password,
        captcha_id: await captcha(t.app),
        captcha: TEST_CAPTCHA.toUpperCase(),
      },
    });
    expect(reply.status).toBe(200);
    const info = await me(reply.body.data.token);
    expect(info.status).toBe(200);
    expect(info.body.data.username).toBe(username);
    expect(info.body.data.authorities).toEqual([
      'quote',
      'order',
      'shipper',
      'contact',
      'user',
      'quote_booking',
      'quote_rfq',
      // the registering person owns the company, and owners manage its team
      'team',
    ]);
    expect(info.body.data.person).toMatchObject({ email: username, role: 'owner' });
    expect(JSON.stringify(info.body)).not.toMatch(/argon2|password/i);
  });

  it('refuses a wrong, reused or expired captcha', async () => {
    const wrong = await call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/login',
      payload: { username, password, captcha_id: await captcha(t.app), captcha: 'nope' },
      lang: 'en',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The captcha is wrong or has expired; please enter the new one');
    expect(wrong.body.errors?.[0]?.field).toBe('captcha');

    const id = await captcha(t.app);
    const first = await call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/login',
      payload: { username, password, captcha_id: id, captcha: TEST_CAPTCHA },
    });
    expect(first.status).toBe(200);
    const reused = await call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/login',
      payload: { username, password, captcha_id: id, captcha: TEST_CAPTCHA },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('图形验证码错误或已过期，请重新输入');

    const stale = await captcha(t.app);
    await t.database.db.execute(
      sql`update kv_entries set expires_at = now() - interval '1 second' where key = ${`captcha:${stale}`}`,
    );
    const expired = await call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/login',
      payload: { username, password, captcha_id: stale, captcha: TEST_CAPTCHA },
    });
    expect(expired.status).toBe(400);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const wrong = await login(t.app, username, 'wrong-password', 'en');
    const unknown = await login(t.app, uniqueEmail('nobody'), 'wrong-password', 'en');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.msg).toBe('Login failed, please check your username and password');
  });

  it('throttles repeated failures for one username, even with the right password afterwards', async () => {
    const victim = uniqueEmail('victim');
    await register(t.app, registrationForm({ username: victim, password }));
    for (let i = 0; i < 5; i++) expect((await login(t.app, victim, `wrong-${i}`)).status).toBe(400);
    const blocked = await login(t.app, victim, password, 'en');
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/^Too many failed logins; please try again in \d+ minutes?$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not locked out by it.
    expect((await login(t.app, username, password)).status).toBe(200);
  });

  it('revokes the token on logout, and refuses tampered or missing tokens', async () => {
    const token = (await login(t.app, username, password)).body.data.token;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await me(tampered)).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/userinfo' })).status).toBe(401);
    const logout = await call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('登录已过期，请重新登录');
  });

  it('renews a token past its renewal age, keeps the old one for a short grace, then drops it', async () => {
    const token = (await login(t.app, username, password)).body.data.token;
    expect((await me(token)).headers['x-renewed-token']).toBeUndefined();
    await setSession(token, sql`renewed_at = now() - interval '1 hour'`);
    const renewed = await me(token);
    expect(renewed.status).toBe(200);
    const fresh = String(renewed.headers['x-renewed-token']);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(fresh)).status).toBe(200);
    expect((await me(token)).status).toBe(200); // in flight: still inside the grace
    await t.database.db.execute(
      sql`update sessions set previous_valid_until = now() - interval '1 second' where token_hash = ${hashToken(fresh)}`,
    );
    expect((await me(token)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
  });

  it('ends idle sessions and sessions past their absolute lifetime', async () => {
    const idle = (await login(t.app, username, password)).body.data.token;
    await setSession(idle, sql`last_seen_at = now() - interval '3 hours'`);
    expect((await me(idle)).status).toBe(401);
    const old = (await login(t.app, username, password)).body.data.token;
    await setSession(old, sql`expires_at = now() - interval '1 second'`);
    expect((await me(old)).status).toBe(401);
  });
});

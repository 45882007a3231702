import { Writable } from 'node:stream';
import { RESET_CODE } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { redactUrl } from '../src/platform/log.js';
import { type Envelope, login, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { startMailServer } from './mail-server.js';

/**
 * Reset codes that cannot be guessed: a daily budget of wrong codes per
 * account, a throttle per client address, a single-use link that still works when an attacker has
 * spent the short code, and a reply that does not wait for the mail.
 */
describeEachDatabase('password reset against a guesser', (kind) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let release: (() => void) | undefined;
  let held = false;
  beforeAll(async () => {
    // Mail is accepted at once, except while a test holds the gate (see the timing test).
    mail = await startMailServer({
      hold: {
        then(resolve: () => void) {
          if (!held) return resolve();
          release = resolve;
        },
      } as Promise<void>,
    });
    t = await createTestApp(kind, {
      env: { SMTP_URL: mail.url, PUBLIC_URL: 'https://portal.example.com' },
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const forget = (username: string) =>
    call<Envelope>(t.app, {
      method: 'GET',
      url: `/api/system/forget?username=${encodeURIComponent(username)}`,
    });
  let nextAddress = 1;
  const reset = (username: string, vcode: string, password: string, address = '203.0.113.1') =>
    call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/password',
      payload: { username, vcode, password },
      lang: 'en',
      remoteAddress: address,
    });
  const freshAddress = () => `198.51.100.${nextAddress++}`;
  const codeOf = (text: string) => /(?:code|验证码)[:：]\s*(\d{6})\b/i.exec(text)?.[1] ?? '';
  const linkOf = (text: string) =>
    /https:\/\/portal\.example\.com\/forget-password\?\S+/.exec(text)?.[0] ?? '';
  const account = async () => {
    const username = uniqueEmail('reset');
    await register(t.app, registrationForm({ username }));
    expect((await forget(username)).status).toBe(200);
    const received = await mail.next(username);
    const link = new URL(linkOf(received.text));
    return { username, code: codeOf(received.text), link, token: link.searchParams.get('token') ?? '' };
  };

  it('mails a single-use link that opens step 2 with the address and the token', async () => {
    const { username, link, token } = await account();
    expect(link.pathname).toBe('/forget-password');
    expect(link.searchParams.get('email')).toBe(username);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const address = freshAddress();
    const forged = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    const wrong = await reset(username, forged, 'brand-new-1', address);
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('This link has expired or was already used; please request a new code');
    // A wrong token does not spend the right one.
    expect((await reset(username, token, 'brand-new-1', address)).status).toBe(200);
    expect((await login(t.app, username, 'brand-new-1')).status).toBe(200);
    const again = await reset(username, token, 'another-22', address);
    expect(again.status).toBe(400);
    expect(again.body.errors?.[0]?.field).toBe('vcode');
  });

  it('still resets by the link when an attacker has spent the short code', async () => {
    const { username, code, token } = await account();
    const attacker = freshAddress();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < RESET_CODE.maxTries; i++) await reset(username, wrong, 'attacker-1', attacker);
    expect((await reset(username, code, 'brand-new-1', freshAddress())).status).toBe(400);
    expect((await reset(username, token, 'brand-new-1', freshAddress())).status).toBe(200);
    expect((await login(t.app, username, 'brand-new-1')).status).toBe(200);
  });

  it('refuses the short code for the rest of the day once the account’s wrong tries reach the budget', async () => {
    const { username, code, token } = await account();
    // The budget spent by earlier codes of the day (each code allows only 5 tries, and a new code
    // comes at most once a minute, so the counter is what carries over from code to code).
    for (let i = 0; i < RESET_CODE.dailyWrongTries; i++)
      await t.app.deps.kv.incr(`reset:wrong:${username}`, RESET_CODE.dayMs);
    const refused = await reset(username, code, 'brand-new-1', freshAddress());
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many wrong codes for this account today/);
    expect(refused.body.errors?.[0]?.field).toBe('vcode');
    expect((await reset(username, token, 'brand-new-1', freshAddress())).status).toBe(200);
  });

  it('counts wrong codes toward the budget, across codes', async () => {
    const { username, code } = await account();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) await reset(username, wrong, 'x-password-1', freshAddress());
    const counter = await t.app.deps.kv.get(`reset:wrong:${username}`);
    expect(Number(counter?.value)).toBe(3);
    expect(counter?.ttlMs).toBeGreaterThan(RESET_CODE.dayMs - 60_000);
  });

  it('throttles one client address like failed logins, whatever account it tries', async () => {
    const { username, code } = await account();
    const address = freshAddress();
    for (let i = 0; i < 20; i++) {
      const guess = String(i).padStart(6, '9');
      await reset(uniqueEmail('nobody'), guess === code ? '000001' : guess, 'x-password-1', address);
    }
    const throttled = await reset(username, code, 'brand-new-1', address);
    expect(throttled.status).toBe(429);
    expect(throttled.body.msg).toMatch(
      /^Too many wrong codes from this network; please try again in \d+ minutes?$/,
    );
    expect(throttled.headers['retry-after']).toMatch(/^\d+$/);
    // The code was not spent: the owner, elsewhere, uses it.
    expect((await reset(username, code, 'brand-new-1', freshAddress())).status).toBe(200);
  });

  it('answers before the mail is composed and sent, for a real account as for a stranger', async () => {
    const username = uniqueEmail('slowmail');
    await register(t.app, registrationForm({ username }));
    held = true;
    try {
      // The mail server holds the message: a reply that waited for the mail would not come.
      const reply = await forget(username);
      expect(reply.status).toBe(200);
      expect(mail.inbox.some((m) => m.to.includes(username))).toBe(false);
      // The mail comes afterwards, and waits at the gate.
      await expect.poll(() => release !== undefined, { timeout: 5000 }).toBe(true);
    } finally {
      held = false;
      release?.();
    }
    const received = await mail.next(username);
    expect(codeOf(received.text)).toMatch(/^\d{6}$/);
  });

  it('keeps the address out of the access log', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: t.config,
      database: t.database,
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString());
            done();
          },
        }),
      },
    });
    try {
      await app.ready();
      const username = uniqueEmail('logged');
      await app.inject({ method: 'GET', url: `/api/system/forget?username=${encodeURIComponent(username)}` });
      const log = lines.join('');
      expect(log).toContain('/api/system/forget?username=%5Bredacted%5D');
      expect(log).not.toContain(username);
      expect(log).not.toContain(encodeURIComponent(username));
    } finally {
      await app.close();
    }
  });
});

it('redacts addresses, codes, tokens and search words in logged URLs, and nothing else', () => {
  expect(redactUrl('/api/order?page=2&keyword=ACME&size=10')).toBe(
    '/api/order?page=2&keyword=%5Bredacted%5D&size=10',
  );
  expect(redactUrl('/forget-password?email=a%40b.c&token=xyz')).toBe(
    '/forget-password?email=%5Bredacted%5D&token=%5Bredacted%5D',
  );
  expect(redactUrl('/api/quote?pol_id=3')).toBe('/api/quote?pol_id=3');
  expect(redactUrl('/api/quote')).toBe('/api/quote');
});

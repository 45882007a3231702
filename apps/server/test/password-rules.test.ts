import type { UserInfo } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Envelope, login, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { startMailServer } from './mail-server.js';

/**
 * Passwords that a guesser tries first are refused wherever a password is set:
 * registration, reset by e-mail and the profile, as are passwords of spaces only; a password change and joining by invitation are
 * in team.test.ts and account-safety.test.ts, the admin CLI in admin-cli.test.ts. At least 8 characters.
 */
describeEachDatabase('password rules', (kind) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp(kind, { env: { SMTP_URL: mail.url } });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const COMMON = {
    en: 'This password is too common or known from data breaches and easy to guess; please choose another',
    zh: '密码过于常见或已在泄露的密码中出现，容易被猜中，请换一个',
  };
  const EMAIL = {
    en: 'The password must not be your e-mail address or contain it',
    zh: '密码不能是邮箱地址，也不能包含它',
  };
  const STRONG = 'harbour-crane-71';
  const SHORT = { en: 'Password must be at least 8 characters', zh: '密码至少 8 个字符' };
  const BLANK = { en: 'Password cannot be only spaces', zh: '密码不能只由空格组成' };
  /**
   * The refusals each setter must give: common passwords (a word before digits or symbols, pinyin
   * favourites, a city, the published demo password), the address itself, and seven characters.
   */
  const refusals = (email: string) =>
    [
      ['password', COMMON],
      ['Passw0rd!', COMMON],
      ['letmein12', COMMON],
      ['shanghai123', COMMON],
      ['woaini1314', COMMON],
      ['demo123456', COMMON],
      [email, EMAIL],
      ['Qx7-kp2', SHORT],
      // Spaces alone, however many (a guesser's list does not hold a hundred of them), or with tabs.
      [' '.repeat(100), BLANK],
      [' \t '.repeat(10), BLANK],
    ] as const;
  const expectRefused = (reply: { status: number; body: Envelope }, message: string) => {
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ field: 'password', message }]);
  };

  it('refuses them at registration, in both languages, and takes a strong one', async () => {
    const username = uniqueEmail('rules');
    for (const [password, message] of refusals(username)) {
      expectRefused(await register(t.app, registrationForm({ username, password }), [], 'en'), message.en);
      expectRefused(await register(t.app, registrationForm({ username, password })), message.zh);
    }
    expect((await register(t.app, registrationForm({ username, password: STRONG }))).status).toBe(200);
    expect((await login(t.app, username, STRONG)).status).toBe(200);
  });

  it('refuses them in a reset, keeping the code for a better password', async () => {
    const username = uniqueEmail('rules-reset');
    await register(t.app, registrationForm({ username }));
    const forget = await call(t.app, {
      method: 'GET',
      url: `/api/system/forget?username=${encodeURIComponent(username)}`,
    });
    expect(forget.status).toBe(200);
    const code = /(?:code|验证码)[:：]\s*(\d{6})\b/i.exec((await mail.next(username)).text)?.[1] ?? '';
    const reset = (password: string, lang?: 'en') =>
      call<Envelope>(t.app, {
        method: 'POST',
        url: '/api/system/password',
        payload: { username, vcode: code, password },
        lang,
      });
    for (const [password, message] of refusals(username)) {
      expectRefused(await reset(password, 'en'), message.en);
      expectRefused(await reset(password), message.zh);
    }
    expect((await reset(STRONG)).status).toBe(200);
    expect((await login(t.app, username, STRONG)).status).toBe(200);
  });

  it('refuses them as a new password in the profile, and changes nothing', async () => {
    const username = uniqueEmail('rules-profile');
    const token = (await register(t.app, registrationForm({ username }))).body.data.token;
    const headers = { authorization: `Bearer ${token}` };
    const u = (await call<Envelope<UserInfo>>(t.app, { method: 'GET', url: '/api/userinfo', headers })).body
      .data;
    const profile = {
      linkman: u.linkman,
      phone: u.phone,
      company1: u.company1,
      address1: u.address1,
      city: u.city,
      country_id: u.country_id,
      current_password: 'quay-lantern-42',
    };
    const put = (password: string, lang?: 'en') =>
      call<Envelope>(t.app, {
        method: 'PUT',
        url: '/api/userinfo',
        headers,
        payload: { ...profile, password },
        lang,
      });
    for (const [password, message] of refusals(username)) {
      expectRefused(await put(password, 'en'), message.en);
      expectRefused(await put(password), message.zh);
    }
    expect((await login(t.app, username, 'quay-lantern-42')).status).toBe(200);
    expect((await put(STRONG)).status).toBe(200);
    expect((await login(t.app, username, STRONG)).status).toBe(200);
  });
});

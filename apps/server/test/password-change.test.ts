import type { UserInfo } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Envelope, login, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { startMailServer } from './mail-server.js';

/**
 * Changing the password asks for the current one: a bearer token alone (it lives
 * in the browser's storage) must not be enough to take the account and log its owner out.
 */
describeEachDatabase('password change', (kind) => {
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

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const member = async (lang: 'cn' | 'en' = 'en') => {
    const username = uniqueEmail('pw');
    const token = (await register(t.app, registrationForm({ username }), [], lang)).body.data.token;
    const info = await call<Envelope<UserInfo>>(t.app, {
      method: 'GET',
      url: '/api/userinfo',
      headers: auth(token),
    });
    const u = info.body.data;
    const profile = {
      linkman: u.linkman,
      phone: u.phone,
      company1: u.company1,
      address1: u.address1,
      city: u.city,
      country_id: u.country_id,
    };
    return { username, token, profile };
  };
  const put = (token: string, payload: Record<string, unknown>, address = '192.0.2.10') =>
    call<Envelope>(t.app, {
      method: 'PUT',
      url: '/api/userinfo',
      headers: auth(token),
      payload,
      lang: 'en',
      remoteAddress: address,
    });

  it('refuses a new password without the current one, naming the field', async () => {
    const { token, profile } = await member();
    const reply = await put(token, { ...profile, password: 'taken-over-1' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { field: 'current_password', message: 'Please enter your current password to set a new one' },
    ]);
  });

  it('refuses a wrong current password, counts it toward the login throttle, and changes nothing', async () => {
    const { username, token, profile } = await member();
    const wrong = await put(token, { ...profile, password: 'taken-over-1', current_password: 'guess-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'current_password', message: 'The current password is wrong' },
    ]);
    for (let i = 0; i < 4; i++)
      await put(token, { ...profile, password: 'taken-over-1', current_password: `guess-${i + 2}` });
    const throttled = await put(token, {
      ...profile,
      password: 'taken-over-1',
      current_password: 'quay-lantern-42',
    });
    expect(throttled.status).toBe(429);
    // The same counter as logins: the owner's own login waits too, and the password is unchanged.
    expect((await login(t.app, username, 'quay-lantern-42')).status).toBe(429);
    expect(mail.inbox.some((m) => m.to.includes(username))).toBe(false);
  });

  it('changes it with the current one, ends the other sessions and mails the owner in their language', async () => {
    const { username, token, profile } = await member('cn');
    const other = (await login(t.app, username, 'quay-lantern-42')).body.data.token;
    const changed = await put(token, {
      ...profile,
      password: 'brand-new-1',
      current_password: 'quay-lantern-42',
    });
    expect(changed.status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/userinfo', headers: auth(other) })).status).toBe(
      401,
    );
    expect((await call(t.app, { method: 'GET', url: '/api/userinfo', headers: auth(token) })).status).toBe(
      200,
    );
    expect((await login(t.app, username, 'brand-new-1')).status).toBe(200);
    const received = await mail.next(username);
    expect(received.subject).toMatch(/您的密码已修改/);
    expect(received.text).toContain(username);
    expect(received.text).toMatch(/忘记密码/);
    // When, in the portal's zone and named so (not UTC).
    expect(received.text).toMatch(/已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（Asia\/Shanghai, UTC\+8）修改/);
  });

  it('saves the rest of the profile without asking for a password', async () => {
    const { username, token, profile } = await member();
    const saved = await put(token, { ...profile, city: 'NINGBO' });
    expect(saved.status).toBe(200);
    await expect(mail.next(username, 300)).rejects.toThrow(/no mail/);
  });
});

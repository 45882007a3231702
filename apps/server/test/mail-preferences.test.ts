import { DEFAULT_MAIL_PREFERENCES, type MailPreferences, type UnsubscribeInfo } from '@freight/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people } from '../src/db/schema.js';
import { signUnsubscribe } from '../src/modules/mail-preferences/tokens.js';
import { type Envelope, register, registrationForm, signedInPerson, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

type Who = { token: string; companyId: number; personId: number; email: string };

/**
 * E-mail preferences (issue 19, part 3): each person's own choices over the defaults, and the
 * signed one-click unsubscribe that works without a login.
 */
describeEachDatabase('mail preferences', (kind) => {
  let t: TestApp;
  const who: Record<string, Who> = {};
  const api = <T>(name: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    call<Envelope<T>>(t.app, {
      method,
      url,
      headers: { authorization: `Bearer ${who[name]?.token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const prefs = async (name: string) => {
    const reply = await api<MailPreferences>(name, 'GET', '/api/me/mail-preferences');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const email = uniqueEmail('owner').toLowerCase();
    const reply = await register(t.app, registrationForm({ username: email, company1: 'OWNER CO' }));
    const companyId = reply.body.data.id;
    const [person] = await t.database.db.select().from(people).where(eq(people.companyId, companyId));
    who.owner = { token: reply.body.data.token, companyId, personId: person?.id ?? 0, email };
    who.viewer = await signedInPerson(t, companyId, 'viewer', 'viewer');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('own preferences', () => {
    it('start as what was mailed before: every booking event at once', async () => {
      expect(await prefs('owner')).toEqual(DEFAULT_MAIL_PREFERENCES);
    });

    it('are changed by each person for themselves only, a viewer too', async () => {
      const reply = await api<MailPreferences>('viewer', 'PUT', '/api/me/mail-preferences', {
        ship: 'off',
        release: 'digest',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data).toEqual({ ...DEFAULT_MAIL_PREFERENCES, ship: 'off', release: 'digest' });
      expect(await prefs('viewer')).toEqual(reply.body.data);
      expect(await prefs('owner')).toEqual(DEFAULT_MAIL_PREFERENCES);
      ok(await api('viewer', 'PUT', '/api/me/mail-preferences', { ship: 'immediate' }));
      expect((await prefs('viewer')).ship).toBe('immediate');
    });

    it('refuse unknown events and modes, and security mails are not among them', async () => {
      for (const body of [{ ship: 'weekly' }, { password_reset: 'off' }, { ship: 'off', person_id: 1 }]) {
        const reply = await api('owner', 'PUT', '/api/me/mail-preferences', body);
        expect(reply.status, JSON.stringify(body)).toBe(400);
      }
      expect(await prefs('owner')).toEqual(DEFAULT_MAIL_PREFERENCES);
    });

    it('need a login', async () => {
      const reply = await call(t.app, { method: 'GET', url: '/api/me/mail-preferences' });
      expect(reply.status).toBe(401);
    });
  });

  describe('one-click unsubscribe', () => {
    const link = (personId: number, scope: 'ship' | 'all') =>
      `/api/unsubscribe?token=${encodeURIComponent(signUnsubscribe(t.config.unsubscribeHmacKey, { personId, scope }))}`;

    it('shows what a link stops on GET and changes nothing', async () => {
      const url = link(who.owner?.personId ?? 0, 'ship');
      const reply = await call<Envelope<UnsubscribeInfo>>(t.app, { method: 'GET', url });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data).toEqual({ email: who.owner?.email, scope: 'ship', language: 'zh-CN' });
      expect((await prefs('owner')).ship).toBe('immediate');
    });

    it('stops one event, or all, on a POST without a login (RFC 8058)', async () => {
      const one = await call<Envelope<UnsubscribeInfo>>(t.app, {
        method: 'POST',
        url: link(who.owner?.personId ?? 0, 'ship'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(await prefs('owner')).toEqual({ ...DEFAULT_MAIL_PREFERENCES, ship: 'off' });
      const all = await call(t.app, { method: 'POST', url: link(who.owner?.personId ?? 0, 'all') });
      expect(all.status).toBe(200);
      expect(Object.values(await prefs('owner')).every((mode) => mode === 'off')).toBe(true);
      expect((await prefs('viewer')).accept).toBe('immediate');
      ok(await api('owner', 'PUT', '/api/me/mail-preferences', DEFAULT_MAIL_PREFERENCES));
    });

    it('refuses a tampered, foreign or expired token with a localized 400', async () => {
      const good = signUnsubscribe(t.config.unsubscribeHmacKey, {
        personId: who.owner?.personId ?? 0,
        scope: 'all',
      });
      const [payload, signature] = good.split('.') as [string, string];
      const forged = Buffer.from(
        JSON.stringify({ p: who.viewer?.personId, s: 'all', e: Math.floor(Date.now() / 1000) + 3600 }),
      ).toString('base64url');
      const expired = signUnsubscribe(
        t.config.unsubscribeHmacKey,
        { personId: who.owner?.personId ?? 0, scope: 'all' },
        Date.now() - 400 * 86_400_000,
      );
      const bad = [
        `${forged}.${signature}`,
        `${payload}.${signature.slice(0, -2)}AA`,
        signUnsubscribe('another-key-0123456789-0123456789', {
          personId: who.owner?.personId ?? 0,
          scope: 'all',
        }),
        expired,
        'not-a-token',
      ];
      for (const token of bad) {
        const url = `/api/unsubscribe?token=${encodeURIComponent(token)}`;
        const en = await call<Envelope>(t.app, { method: 'POST', url, headers: { lang: 'en' } });
        expect(en.status, token).toBe(400);
        expect(en.body.msg).toMatch(/unsubscribe link is not valid/);
        const cn = await call<Envelope>(t.app, { method: 'GET', url });
        expect(cn.status).toBe(400);
        expect(cn.body.msg).toMatch(/退订链接无效/);
      }
      expect(await prefs('owner')).toEqual(DEFAULT_MAIL_PREFERENCES);
      expect(await prefs('viewer')).toEqual({ ...DEFAULT_MAIL_PREFERENCES, release: 'digest' });
    });
  });

  function ok<T>(reply: { status: number; body: Envelope<T> }): T {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  }
});

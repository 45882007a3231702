import { DEFAULT_MAIL_PREFERENCES, type MailPreferences, type UnsubscribeInfo } from '@freight/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people } from '../src/db/schema.js';
import { mailLinks, sendDigests } from '../src/modules/mail-preferences/service.js';
import { signUnsubscribe } from '../src/modules/mail-preferences/tokens.js';
import { changeAuthorities } from '../src/modules/users/service.js';
import {
  contactBody,
  type Envelope,
  register,
  registrationForm,
  signedInPerson,
  uniqueEmail,
  fclBookingBody,
} from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { startMailServer } from './mail-server.js';

/** A release mail carries the booking's PDF, made when the worker sends it: it may take a while. */
const PDF_MAIL_MS = 30_000;

type Who = { token: string; companyId: number; personId: number; email: string };

/**
 * E-mail preferences: each person's own choices over the defaults, and the
 * signed one-click unsubscribe that works without a login.
 */
describeEachDatabase('mail preferences', (kind) => {
  let t: TestApp;
  const who: Record<string, Who> = {};
  const api = <T>(name: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
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
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const ref: Record<string, number> = {};
  const contact: Record<string, number> = {};

  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp(kind, { env: { SMTP_URL: mail.url, PUBLIC_URL: 'https://portal.example.com' } });
    const email = uniqueEmail('owner').toLowerCase();
    const reply = await register(t.app, registrationForm({ username: email, company1: 'OWNER CO' }));
    const companyId = reply.body.data.id;
    const [person] = await t.database.db.select().from(people).where(eq(people.companyId, companyId));
    who.owner = { token: reply.body.data.token, companyId, personId: person?.id ?? 0, email };
    who.viewer = await signedInPerson(t, companyId, 'viewer', 'viewer');
    who.operator = await signedInPerson(t, companyId, 'operator', 'operator');
    const fwdEmail = uniqueEmail('fwd').toLowerCase();
    const fwd = await register(t.app, registrationForm({ username: fwdEmail, company1: 'FWD CO' }));
    who.fwd = { token: fwd.body.data.token, companyId: fwd.body.data.id, personId: 0, email: fwdEmail };
    await changeAuthorities({
      db: t.database.db,
      userId: fwd.body.data.id,
      grant: ['rate', 'quote_forwarder'],
    });
    const id = async (list: string, code: string) =>
      (
        await call<Envelope<{ lists: { id: number; code: string }[] }>>(t.app, {
          method: 'GET',
          url: `/api/${list}?keyword=${code}`,
        })
      ).body.data.lists.find((i) => i.code === code)?.id ?? 0;
    Object.assign(ref, {
      maersk: await id('carrier', 'MAEU'),
      sha: await id('port', 'CNSHA'),
      rtm: await id('port', 'NLRTM'),
      gp20: await id('container', '20GP'),
      ct: await id('unit', 'CT'),
    });
    for (const key of ['shipper', 'consignee'])
      contact[key] = ok(
        await api<{ id: number }>('owner', 'POST', '/api/customer/contact', contactBody(key, 'both')),
      ).id;
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
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

    it('undoes an unsubscribe with the same link, putting back the modes it had', async () => {
      ok(await api('operator', 'PUT', '/api/me/mail-preferences', { ship: 'digest' }));
      const url = link(who.operator?.personId ?? 0, 'all');
      const off = await call<Envelope<UnsubscribeInfo>>(t.app, { method: 'POST', url });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      expect(off.body.data.previous).toEqual({ ...DEFAULT_MAIL_PREFERENCES, ship: 'digest' });
      expect(Object.values(await prefs('operator')).every((mode) => mode === 'off')).toBe(true);
      const undo = await call<Envelope<UnsubscribeInfo>>(t.app, {
        method: 'POST',
        url: url.replace('/api/unsubscribe?', '/api/unsubscribe/undo?'),
        payload: off.body.data.previous ?? {},
      });
      expect(undo.status, JSON.stringify(undo.body)).toBe(200);
      expect(await prefs('operator')).toEqual({ ...DEFAULT_MAIL_PREFERENCES, ship: 'digest' });
      // Without the modes, the link's events come back as the defaults; others are left alone.
      ok(await api('operator', 'PUT', '/api/me/mail-preferences', { accept: 'off' }));
      const one = link(who.operator?.personId ?? 0, 'ship');
      expect((await call(t.app, { method: 'POST', url: one })).status).toBe(200);
      const back = await call(t.app, {
        method: 'POST',
        url: one.replace('/api/unsubscribe?', '/api/unsubscribe/undo?'),
      });
      expect(back.status).toBe(200);
      expect(await prefs('operator')).toEqual({ ...DEFAULT_MAIL_PREFERENCES, accept: 'off' });
      // A forged link undoes nothing; an unknown mode is refused.
      const forged = await call(t.app, { method: 'POST', url: '/api/unsubscribe/undo?token=not-a-token' });
      expect(forged.status).toBe(400);
      const weekly = await call(t.app, {
        method: 'POST',
        url: one.replace('/api/unsubscribe?', '/api/unsubscribe/undo?'),
        payload: { ship: 'weekly' },
      });
      expect(weekly.status).toBe(400);
      ok(await api('operator', 'PUT', '/api/me/mail-preferences', DEFAULT_MAIL_PREFERENCES));
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

  describe('sending', () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const submitted = async () => {
      const draft = ok(
        await api<{ id: number; order_no: string }>(
          'owner',
          'POST',
          '/api/order/booking?submit=true',
          fclBookingBody({
            ref,
            forwarderId: who.fwd?.companyId,
            shipperId: contact.shipper,
            consigneeId: contact.consignee,
          }),
        ),
      );
      await mail.next(who.fwd?.email ?? '');
      return draft;
    };
    const noMailTo = async (email: string) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mail.inbox.filter((m) => m.to.includes(email))).toEqual([]);
    };

    it('mails each person by their choice: at once with unsubscribe headers, queued, or not at all', async () => {
      ok(await api('viewer', 'PUT', '/api/me/mail-preferences', { accept: 'digest', release: 'digest' }));
      ok(await api('operator', 'PUT', '/api/me/mail-preferences', { accept: 'off', release: 'off' }));
      const booking = await submitted();
      ok(await api('fwd', 'POST', `/api/forwarder/order/${booking.id}/accept`));
      const accepted = await mail.next(who.owner?.email ?? '');
      expect(accepted.subject).toContain(booking.order_no);
      const unsubscribe = accepted.headers['list-unsubscribe'] ?? '';
      expect(unsubscribe).toMatch(/^<https:\/\/portal\.example\.com\/api\/unsubscribe\?token=[^>]+>$/);
      expect(accepted.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(accepted.text).toContain('https://portal.example.com/unsubscribe?token=');
      ok(
        await api('fwd', 'POST', `/api/forwarder/order/${booking.id}/release`, {
          so_no: 'SO123456',
          vessel: 'MAERSK EINDHOVEN',
          voyage: '612W',
          etd: day(10),
          eta: day(40),
        }),
      );
      const released = await mail.next(who.owner?.email ?? '', PDF_MAIL_MS);
      expect(released.subject).toContain(booking.order_no);
      await noMailTo(who.viewer?.email ?? '');
      await noMailTo(who.operator?.email ?? '');

      // The one-click POST a mail client makes with the header's URL turns that event off.
      const url = new URL(unsubscribe.slice(1, -1));
      const click = await call(t.app, {
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(click.status).toBe(200);
      expect((await prefs('owner')).accept).toBe('off');
      ok(await api('owner', 'PUT', '/api/me/mail-preferences', { accept: 'immediate' }));

      // The daily digest: one mail to the viewer with both events, in their language, then nothing.
      const before = await sendDigests({
        db: t.database.db,
        links: mailLinks(t.config),
        now: new Date(Date.now() - 86_400_000),
      });
      expect(before).toBe(0);
      // Queued in the outbox (mail-outbox.test.ts: a mail server that fails loses nothing).
      const sent = await sendDigests({
        db: t.database.db,
        links: mailLinks(t.config),
        now: new Date(Date.now() + 86_400_000),
      });
      expect(sent).toBe(1);
      const digest = await mail.next(who.viewer?.email ?? '');
      expect(digest.subject).toContain('每日摘要');
      expect(digest.text.split(booking.order_no).length - 1).toBe(2);
      expect(digest.text).toContain('已接受');
      expect(digest.text).toContain('已放舱');
      // Each line's time in the portal's zone, named: not UTC.
      expect(digest.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Asia\/Shanghai, UTC\+8\)/);
      expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(
        await sendDigests({
          db: t.database.db,
          links: mailLinks(t.config),
          now: new Date(Date.now() + 86_400_000),
        }),
      ).toBe(0);
      await noMailTo(who.operator?.email ?? '');
    });
  });

  describe('what booking mails say', () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

    it('links to the booking, says what happened, in each recipient’s language and bracket style', async () => {
      for (const name of ['viewer', 'operator'])
        ok(await api(name, 'PUT', '/api/me/mail-preferences', DEFAULT_MAIL_PREFERENCES));
      const booking = ok(
        await api<{ id: number; order_no: string }>(
          'owner',
          'POST',
          '/api/order/booking?submit=true',
          fclBookingBody({
            ref,
            forwarderId: who.fwd?.companyId,
            shipperId: contact.shipper,
            consigneeId: contact.consignee,
          }),
        ),
      );
      // The forwarder's people open it among their received bookings.
      const submitted = await mail.next(who.fwd?.email ?? '');
      expect(submitted.subject).toMatch(new RegExp(`^【[^】]+】订舱 ${booking.order_no}：新订舱待受理$`));
      expect(submitted.text).toContain(`https://portal.example.com/received-bookings/${booking.id}`);
      expect(submitted.text).toContain(`提交了订舱 ${booking.order_no}，请受理并安排放舱。`);

      ok(await api('fwd', 'POST', `/api/forwarder/order/${booking.id}/accept`));
      const accepted = await mail.next(who.owner?.email ?? '');
      expect(accepted.subject).toMatch(new RegExp(`^【[^】]+】订舱 ${booking.order_no}：货代已受理$`));
      expect(accepted.text).toMatch(
        new RegExp(`货代 .+已受理您的订舱 ${booking.order_no}，放舱后会再通知您。`),
      );
      expect(accepted.text).toContain(`https://portal.example.com/bookings/${booking.id}`);
      expect(accepted.text).toContain('当前状态：待放舱');
      for (const robotic of ['请登录门户查看详情', '执行了', '→ 待放舱'])
        expect(accepted.text).not.toContain(robotic);
      await mail.next(who.viewer?.email ?? '');
      await mail.next(who.operator?.email ?? '');

      // The owner chooses English mails on My account (whatever language the screens are in).
      ok(await api('owner', 'PUT', '/api/me', { language: 'en-US' }));
      const info = ok(await api<{ person: { language: string } }>('owner', 'GET', '/api/userinfo'));
      expect(info.person.language).toBe('en-US');
      ok(
        await api('fwd', 'POST', `/api/forwarder/order/${booking.id}/release`, {
          so_no: 'SO654321',
          vessel: 'MAERSK EINDHOVEN',
          voyage: '612W',
          etd: day(10),
          eta: day(40),
        }),
      );
      const released = await mail.next(who.owner?.email ?? '', PDF_MAIL_MS);
      expect(released.subject).toMatch(
        new RegExp(`^\\[[^\\]]+\\] Booking ${booking.order_no}: space released, shipping instructions due$`),
      );
      expect(released.text).toContain(`has released space for your booking ${booking.order_no}.`);
      expect(released.text).toContain('SO no.: SO654321');
      expect(released.text).toContain(`Open the booking:\nhttps://portal.example.com/bookings/${booking.id}`);
      // Colleagues who kept Chinese still read Chinese, with full-width colons.
      const colleague = await mail.next(who.viewer?.email ?? '', PDF_MAIL_MS);
      expect(colleague.subject).toContain('已放舱，请提交补料');
      expect(colleague.text).toContain('SO 号：SO654321');
      await mail.next(who.operator?.email ?? '', PDF_MAIL_MS);
      ok(await api('owner', 'PUT', '/api/me', { language: 'zh-CN' }));
    });
  });

  function ok<T>(reply: { status: number; body: Envelope<T> }): T {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  }
});

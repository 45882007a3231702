import type { AddressInfo } from 'node:net';
import type {
  InvitationInfo,
  InvitationRow,
  Role,
  StreamTicket,
  TeamReply,
  UserInfo,
} from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, register, registrationForm, uniqueEmail } from './fixtures.js';
import { startMailServer } from './mail-server.js';
import { openSse } from './sse-client.js';

const PUBLIC_URL = 'https://portal.example.com';
const PASSWORD = 'Harbour-Crane-42';

type Company = { id: number; ownerToken: string; ownerEmail: string; companyId: number };

/**
 * What an invitation may do once its sender's authority is gone, the password rule where people
 * join or change their password, and what an invitation mail may carry: the mail goes from the
 * portal's own address to any address an admin types, so nothing in it may be a link but ours.
 */
describeEachDatabase('invitations and passwords: authority and content', (kind) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp(kind, { env: { SMTP_URL: mail.url, PUBLIC_URL } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = <T>(token: string, url: string, lang?: 'cn' | 'en') =>
    call<Envelope<T>>(t.app, { method: 'GET', url, headers: as(token), lang });
  const send = <T>(
    token: string,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    lang?: 'cn' | 'en',
  ) => call<Envelope<T>>(t.app, { method, url, headers: as(token), payload, lang });
  let addressCount = 0;
  const address = () => `172.20.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

  async function company(lang: 'cn' | 'en' = 'en', form: Record<string, string> = {}): Promise<Company> {
    const ownerEmail = uniqueEmail('owner').toLowerCase();
    const reply = await register(t.app, registrationForm({ username: ownerEmail, ...form }), [], lang);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const info = await get<UserInfo>(reply.body.data.token, '/api/userinfo');
    return {
      id: reply.body.data.id,
      ownerToken: reply.body.data.token,
      ownerEmail,
      companyId: info.body.data.person.id,
    };
  }

  async function invited(token: string, email: string, role: Role, lang?: 'cn' | 'en', language?: string) {
    const reply = await send<InvitationRow>(
      token,
      'POST',
      '/api/team/invitations',
      { email, role, ...(language ? { language } : {}) },
      lang,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const received = await mail.next(email);
    const link = /https:\/\/portal\.example\.com\/join\?token=([A-Za-z0-9_-]{43})/.exec(received.text);
    expect(link, received.text).not.toBeNull();
    return { id: reply.body.data.id, token: link?.[1] ?? '', mail: received };
  }
  const accept = (body: object, lang: 'cn' | 'en' = 'en') =>
    call<Envelope<{ token: string }>>(t.app, {
      method: 'POST',
      url: '/api/invitations/accept',
      payload: body,
      lang,
      remoteAddress: address(),
    });
  const info = (token: string, lang: 'cn' | 'en' = 'en') =>
    call<Envelope<InvitationInfo>>(t.app, {
      method: 'GET',
      url: `/api/invitations/${token}`,
      lang,
      remoteAddress: address(),
    });
  async function member(c: Company, role: Role) {
    const email = uniqueEmail(role).toLowerCase();
    const { token } = await invited(c.ownerToken, email, role);
    const joined = await accept({
      mode: 'new',
      token,
      name: `${role.toUpperCase()} PERSON`,
      password: PASSWORD,
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const me = await get<UserInfo>(joined.body.data.token, '/api/userinfo');
    return { email, token: joined.body.data.token, id: me.body.data.person.id };
  }
  const pendingOf = async (c: Company) =>
    (await get<TeamReply>(c.ownerToken, '/api/team')).body.data.invitations.map((i) => i.email);

  const INVALID = 'The invitation link is invalid, expired, revoked or already used';
  const LOST = {
    en: 'This invitation can no longer be used: the person who sent it may no longer invite to this role. Ask the company for a new invitation',
    zh: '此邀请已不能使用：发出邀请的人已无权邀请此角色。请向该公司索取新的邀请',
  };

  it('revokes what a removed admin sent: they cannot rejoin through their own invitation', async () => {
    const c = await company();
    const admin = await member(c, 'admin');
    // The admin invites an address they control, as admin, before being removed.
    const own = uniqueEmail('own-box').toLowerCase();
    const backdoor = await invited(admin.token, own, 'admin');
    expect(await pendingOf(c)).toContain(own);

    expect((await send(c.ownerToken, 'DELETE', `/api/team/members/${admin.id}`)).status).toBe(200);
    expect(await pendingOf(c)).not.toContain(own);
    const shown = await info(backdoor.token);
    expect(shown.status).toBe(404);
    expect(shown.body.msg).toBe(INVALID);
    const joined = await accept({
      mode: 'new',
      token: backdoor.token,
      name: 'BACK AGAIN',
      password: PASSWORD,
    });
    expect(joined.status).toBe(404);
    const team = (await get<TeamReply>(c.ownerToken, '/api/team')).body.data;
    expect(team.members.map((m) => m.email)).not.toContain(own);
  });

  it('revokes what a demoted person may no longer give, and keeps what they still may', async () => {
    const c = await company();
    const admin = await member(c, 'admin');
    const asAdmin = uniqueEmail('by-admin').toLowerCase();
    await invited(admin.token, asAdmin, 'operator');
    // Demoted to operator, the admin can give no role: their invitation goes.
    expect(
      (await send(c.ownerToken, 'PUT', `/api/team/members/${admin.id}/role`, { role: 'operator' })).status,
    ).toBe(200);
    expect(await pendingOf(c)).not.toContain(asAdmin);

    // An owner who hands over ownership becomes an admin: their owner invitation goes, the
    // operator one stays (an admin may still give it).
    const heir = await member(c, 'admin');
    const ownerInvite = uniqueEmail('as-owner').toLowerCase();
    const operatorInvite = uniqueEmail('as-operator').toLowerCase();
    await invited(c.ownerToken, ownerInvite, 'owner');
    await invited(c.ownerToken, operatorInvite, 'operator');
    expect((await send(c.ownerToken, 'POST', '/api/team/transfer', { person_id: heir.id })).status).toBe(200);
    // (The former owner's session stays: they read the team as an admin now.)
    const pending = await pendingOf(c);
    expect(pending).toContain(operatorInvite);
    expect(pending).not.toContain(ownerInvite);
  });

  it('checks the sender again when the invitation is opened and accepted', async () => {
    const c = await company();
    const admin = await member(c, 'admin');
    const first = await invited(admin.token, uniqueEmail('late').toLowerCase(), 'operator');
    const second = await invited(admin.token, uniqueEmail('later').toLowerCase(), 'viewer');
    // The sender's authority goes by a way the team page does not see (a hand-made change).
    await t.database.db.execute(sql`update people set role = 'viewer' where id = ${admin.id}`);
    for (const [lang, message] of [
      ['en', LOST.en],
      ['cn', LOST.zh],
    ] as const) {
      const shown = await info(first.token, lang);
      expect(shown.status).toBe(403);
      expect(shown.body.msg).toBe(message);
      const joined = await accept(
        { mode: 'new', token: first.token, name: 'JOINER', password: PASSWORD },
        lang,
      );
      expect(joined.status).toBe(403);
      expect(joined.body.msg).toBe(message);
    }
    // A sender gone altogether (their row deleted: the link names nobody) is refused too.
    await t.database.db.execute(sql`update invitations set invited_by = null where id = ${second.id}`);
    await t.database.db.execute(sql`update people set role = 'admin' where id = ${admin.id}`);
    const orphan = await accept({ mode: 'new', token: second.token, name: 'JOINER', password: PASSWORD });
    expect(orphan.status).toBe(403);
    expect(orphan.body.msg).toBe(LOST.en);
    // Nobody joined; the sender's authority back, their invitation works.
    expect((await get<TeamReply>(c.ownerToken, '/api/team')).body.data.members).toHaveLength(2);
    const joined = await accept({ mode: 'new', token: first.token, name: 'JOINER', password: PASSWORD });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  });

  it('refuses common passwords when joining and when changing one’s own password', async () => {
    const c = await company();
    const email = uniqueEmail('joiner').toLowerCase();
    const { token } = await invited(c.ownerToken, email, 'operator');
    const COMMON = {
      en: 'This password is too common or known from data breaches and easy to guess; please choose another',
      zh: '密码过于常见或已在泄露的密码中出现，容易被猜中，请换一个',
    };
    for (const password of ['woaini1314', 'Passw0rd!', 'demo123456']) {
      const refused = await accept({ mode: 'new', token, name: 'JO', password });
      expect(refused.status, password).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'password', message: COMMON.en }]);
    }
    const joined = await accept({ mode: 'new', token, name: 'JO', password: PASSWORD });
    expect(joined.status).toBe(200);
    for (const [password, lang, message] of [
      ['shanghai123', 'cn', COMMON.zh],
      ['letmein12', 'en', COMMON.en],
    ] as const) {
      const refused = await send(
        joined.body.data.token,
        'PUT',
        '/api/me/password',
        { current_password: PASSWORD, password },
        lang,
      );
      expect(refused.status, password).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'password', message }]);
    }
  });

  it('mails in the language picked on screen, names the sender, and carries no link but the portal’s', async () => {
    // The owner registered in Chinese (their stored language), with names made to look like links.
    const c = await company('cn', {
      company1: 'EVIL.EXAMPLE TRADING',
      company2: 'EVIL.EXAMPLE TRADING',
      linkman: 'Wang Fang',
    });
    const name = 'Visit http://evil.example/login or www.evil.example now';
    expect((await send(c.ownerToken, 'PUT', '/api/me', { name: `${name}\n\nClick here` })).status).toBe(200);

    // Language picked in the dialog: English, while the screen is Chinese.
    const picked = await invited(c.ownerToken, uniqueEmail('picked').toLowerCase(), 'viewer', 'cn', 'en-US');
    // None picked: the screen's language (English here), not the stored Chinese.
    const screen = await invited(c.ownerToken, uniqueEmail('screen').toLowerCase(), 'viewer', 'en');
    // And Chinese when the screen is Chinese.
    const chinese = await invited(c.ownerToken, uniqueEmail('zh').toLowerCase(), 'viewer', 'cn');

    for (const received of [picked.mail, screen.mail]) {
      expect(received.text).toContain('invites you to join');
      expect(received.text).toContain('Viewer');
      expect(received.subject).toContain('invites you to join');
    }
    expect(chinese.mail.text).toContain('邀请你以');
    for (const received of [picked.mail, screen.mail, chinese.mail]) {
      const whole = `${received.subject}\n${received.text}`;
      // Who sent it: their name (made inert), their e-mail and their company.
      expect(whole).toContain('Visit http[:]//evil[.]example/login or www[.]evil[.]example now Click here');
      expect(received.text).toContain(c.ownerEmail);
      expect(whole).toContain('EVIL[.]EXAMPLE TRADING');
      // Plain text only, and the one link is the portal's.
      expect(received.headers['content-type'] ?? '').toMatch(/^text\/plain/);
      expect(whole).not.toMatch(/evil\.example|http:\/\/evil|www\.evil/);
      const links = whole.match(/(?:https?:\/\/|www\.)\S+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${PUBLIC_URL}/join?token=`), link).toBe(true);
      // The typed line breaks do not make paragraphs of their own.
      expect(received.text).not.toMatch(/now\n/);
    }
  });
  it('tells the open page of a person signed out by someone else what changed and who did it', async () => {
    const c = await company('en', {
      linkman: 'OLIVE OWNER',
      company1: 'OLIVE TRADING',
      company2: '橄榄贸易',
    });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const stream = async (token: string) => {
      const ticket = await send<StreamTicket>(token, 'POST', '/api/notifications/ticket');
      const opened = await openSse(
        `${base}/api/notifications/stream?ticket=${encodeURIComponent(ticket.body.data.ticket)}`,
      );
      await opened.next('ready');
      return opened;
    };
    const operator = await member(c, 'operator');
    const page = await stream(operator.token);
    expect(
      (await send(c.ownerToken, 'PUT', `/api/team/members/${operator.id}/role`, { role: 'viewer' })).status,
    ).toBe(200);
    expect((await page.next('ended')).data).toEqual({
      reason: { kind: 'role', role: 'viewer', by: 'OLIVE OWNER' },
    });
    await page.ended;

    const leaving = await member(c, 'operator');
    const leavingPage = await stream(leaving.token);
    expect((await send(c.ownerToken, 'DELETE', `/api/team/members/${leaving.id}`)).status).toBe(200);
    expect((await leavingPage.next('ended')).data).toEqual({
      reason: { kind: 'removed', company1: 'OLIVE TRADING', company2: '橄榄贸易', by: 'OLIVE OWNER' },
    });
    await leavingPage.ended;

    // A person's own sign-out tells nothing: the stream just closes.
    const own = await stream(c.ownerToken);
    expect((await send(c.ownerToken, 'POST', '/api/system/logout')).status).toBe(200);
    await own.ended;
    expect(own.events.map((e) => e.event)).toEqual(['ready']);
  });
});

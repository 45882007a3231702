import {
  type Contact,
  type InvitationInfo,
  type InvitationRow,
  INVITATION,
  type ListData,
  type Role,
  type TeamMember,
  type TeamReply,
  type UserInfo,
} from '@freight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, login, register, registrationForm, uniqueEmail } from './fixtures.js';
import { startMailServer } from './mail-server.js';

const PUBLIC_URL = 'https://portal.example.com';
const PASSWORD = 'Harbour-Crane-42';

type Company = { id: number; ownerToken: string; ownerEmail: string; ownerPersonId: number };

/**
 * Invitations and the team. Invitations arrive by mail, work once, expire,
 * can be revoked and are throttled; roles change and people leave at once (their sessions end);
 * no sequence of concurrent changes leaves a company without an owner.
 */
describeEachDatabase('team and invitations', (kind) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let countryId = 0;
  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp(kind, { env: { SMTP_URL: mail.url, PUBLIC_URL } });
    const countries = await call<Envelope<ListData<{ id: number; code: string }>>>(t.app, {
      method: 'GET',
      url: '/api/country?keyword=CN',
    });
    countryId = countries.body.data.lists.find((c) => c.code === 'CN')?.id ?? 0;
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
  /** A client address of its own, so that one test's bad tokens do not throttle another's. */
  const address = () => `172.16.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

  async function company(lang: 'cn' | 'en' = 'en', name = 'OWNER PERSON'): Promise<Company> {
    const ownerEmail = uniqueEmail('owner').toLowerCase();
    const reply = await register(t.app, registrationForm({ username: ownerEmail, linkman: name }), [], lang);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const info = await get<UserInfo>(reply.body.data.token, '/api/userinfo');
    return {
      id: reply.body.data.id,
      ownerToken: reply.body.data.token,
      ownerEmail,
      ownerPersonId: info.body.data.person.id,
    };
  }

  const inviteAs = (token: string, email: string, role: Role, lang?: 'cn' | 'en') =>
    send<InvitationRow>(token, 'POST', '/api/team/invitations', { email, role }, lang);

  /** Invites and reads the token from the mail's link. */
  async function invited(token: string, email: string, role: Role) {
    const reply = await inviteAs(token, email, role);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const received = await mail.next(email);
    const link = /https:\/\/portal\.example\.com\/join\?token=([A-Za-z0-9_-]{43})/.exec(received.text);
    expect(link, received.text).not.toBeNull();
    return { id: reply.body.data.id, token: link?.[1] ?? '', mail: received };
  }

  const accept = (body: object, lang: 'cn' | 'en' = 'en', remoteAddress = address()) =>
    call<Envelope<{ token: string }>>(t.app, {
      method: 'POST',
      url: '/api/invitations/accept',
      payload: body,
      lang,
      remoteAddress,
    });
  const info = (token: string, remoteAddress = address()) =>
    call<Envelope<InvitationInfo>>(t.app, { method: 'GET', url: `/api/invitations/${token}`, remoteAddress });

  /** A new person of the company with the role, signed in; returns their token and person id. */
  async function member(c: Company, role: Role, name = `${role.toUpperCase()} PERSON`) {
    const email = uniqueEmail(role).toLowerCase();
    const { token } = await invited(c.ownerToken, email, role);
    const joined = await accept({ mode: 'new', token, name, password: PASSWORD });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const me = await get<UserInfo>(joined.body.data.token, '/api/userinfo');
    return { email, token: joined.body.data.token, id: me.body.data.person.id };
  }

  async function addContact(token: string, company1: string, lang?: 'cn' | 'en') {
    return send<Contact>(
      token,
      'POST',
      '/api/customer/contact',
      {
        type: 'shipper',
        company1,
        company2: '',
        linkman: 'LI MING',
        address1: 'NO. 1 HARBOUR ROAD',
        city: 'HONG KONG',
        province: '',
        country_id: countryId,
        zip_code: '',
        phone: '+852 2345-6789',
        email: 'li@example.com',
      },
      lang,
    );
  }

  it('invites by mail, shows the invitation, joins as a new person who then works in the company', async () => {
    const c = await company('cn', '王芳');
    expect((await addContact(c.ownerToken, 'SHARED CONTACT CO')).status).toBe(200);
    const email = uniqueEmail('new').toLowerCase();
    const reply = await inviteAs(c.ownerToken, email, 'operator');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ email, role: 'operator', invited_by: '王芳', expired: false });
    const expires = Date.parse(reply.body.data.expires_at) - Date.now();
    expect(Math.abs(expires - INVITATION.ttlMs)).toBeLessThan(60_000);

    // The mail is in the language of the request (none picked: Chinese by default) and carries the link.
    const received = await mail.next(email);
    expect(received.subject).toContain('王芳');
    expect(received.subject).toContain('邀请你加入');
    expect(received.text).toContain('操作员');
    const token = /join\?token=([A-Za-z0-9_-]{43})/.exec(received.text)?.[1] ?? '';
    expect(token).toHaveLength(43);
    // Only the hash is stored.
    const stored = await rowsOf<{ token_hash: string }>(
      t.database.db,
      sql`select token_hash from invitations where id = ${reply.body.data.id}`,
    );
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toContain(token);

    const shown = await info(token);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ email, role: 'operator', invited_by: '王芳' });

    const team = await get<TeamReply>(c.ownerToken, '/api/team');
    expect(team.body.data.invitations.map((i) => i.email)).toContain(email);
    expect(team.body.data.assignable).toEqual(['owner', 'admin', 'operator', 'viewer']);

    const joined = await accept({ mode: 'new', token, name: 'LI LEI', password: PASSWORD });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const me = await get<UserInfo>(joined.body.data.token, '/api/userinfo');
    expect(me.body.data.id).toBe(c.id);
    expect(me.body.data.person).toMatchObject({ name: 'LI LEI', email, role: 'operator' });

    // They sign in with their own login and see the company's data.
    const signedIn = await login(t.app, email, PASSWORD);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const contacts = await get<ListData<Contact>>(signedIn.body.data.token, '/api/customer/contact');
    expect(contacts.body.data.lists.map((x) => x.company1)).toContain('SHARED CONTACT CO');
    // … and write into it: the owner sees what the operator added.
    expect((await addContact(signedIn.body.data.token, 'ADDED BY OPERATOR')).status).toBe(200);
    const owners = await get<ListData<Contact>>(c.ownerToken, '/api/customer/contact');
    expect(owners.body.data.lists.map((x) => x.company1)).toContain('ADDED BY OPERATOR');

    const after = await get<TeamReply>(c.ownerToken, '/api/team');
    expect(after.body.data.invitations.map((i) => i.email)).not.toContain(email);
    const person = after.body.data.members.find((m) => m.email === email);
    expect(person).toMatchObject({ name: 'LI LEI', role: 'operator', is_me: false });
    expect(person?.last_sign_in_at).not.toBeNull();
    expect(after.body.data.members.find((m) => m.is_me)?.role).toBe('owner');
  });

  it('keeps the team to managers: operators get 403, a viewer’s write is 403 with the message', async () => {
    const c = await company();
    const operator = await member(c, 'operator');
    const viewer = await member(c, 'viewer');
    const admin = await member(c, 'admin');
    expect((await get(operator.token, '/api/team')).status).toBe(403);
    expect((await get(viewer.token, '/api/team')).status).toBe(403);
    expect((await inviteAs(operator.token, uniqueEmail(), 'viewer')).status).toBe(403);

    const refused = await addContact(viewer.token, 'VIEWER CONTACT', 'en');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Your role is viewer (read only): you cannot change data');
    const zh = await addContact(viewer.token, 'VIEWER CONTACT', 'cn');
    expect(zh.status).toBe(403);
    expect(zh.body.msg).toBe('你的角色是只读（查看者），不能修改数据');
    // Reading still works for the viewer.
    expect((await get(viewer.token, '/api/customer/contact')).status).toBe(200);

    // An admin manages the team but cannot make or touch owners.
    const adminTeam = await get<TeamReply>(admin.token, '/api/team');
    expect(adminTeam.body.data.assignable).toEqual(['admin', 'operator', 'viewer']);
    expect((await inviteAs(admin.token, uniqueEmail(), 'owner')).status).toBe(403);
    const demoteOwner = await send(
      admin.token,
      'PUT',
      `/api/team/members/${c.ownerPersonId}/role`,
      { role: 'viewer' },
      'en',
    );
    expect(demoteOwner.status).toBe(403);
    expect(demoteOwner.body.msg).toBe('You cannot change the role of, or remove, this member');
    expect((await send(admin.token, 'DELETE', `/api/team/members/${c.ownerPersonId}`)).status).toBe(403);
    expect((await send(admin.token, 'POST', '/api/team/transfer', { person_id: operator.id })).status).toBe(
      403,
    );
    // Nobody changes their own role.
    expect(
      (await send(admin.token, 'PUT', `/api/team/members/${admin.id}/role`, { role: 'viewer' })).status,
    ).toBe(403);
  });

  it('ends the sessions of a person whose role changes or who is removed', async () => {
    const c = await company();
    const person = await member(c, 'operator');
    const changed = await send<TeamMember>(c.ownerToken, 'PUT', `/api/team/members/${person.id}/role`, {
      role: 'viewer',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: person.id, role: 'viewer' });
    expect((await get(person.token, '/api/userinfo')).status).toBe(401);

    const again = await login(t.app, person.email, PASSWORD);
    expect(again.status).toBe(200);
    const me = await get<UserInfo>(again.body.data.token, '/api/userinfo');
    expect(me.body.data.person.role).toBe('viewer');

    expect((await send(c.ownerToken, 'DELETE', `/api/team/members/${person.id}`)).status).toBe(200);
    expect((await get(again.body.data.token, '/api/customer/contact')).status).toBe(401);
    expect((await login(t.app, person.email, PASSWORD)).status).toBe(400);
    const team = await get<TeamReply>(c.ownerToken, '/api/team');
    expect(team.body.data.members.map((m) => m.id)).not.toContain(person.id);
  });

  it('answers 404 for another company’s person and invitation', async () => {
    const a = await company();
    const b = await company();
    const bPerson = await member(b, 'operator');
    const bInvite = await inviteAs(b.ownerToken, uniqueEmail(), 'viewer');
    const id = bInvite.body.data.id;
    expect(
      (await send(a.ownerToken, 'PUT', `/api/team/members/${bPerson.id}/role`, { role: 'viewer' })).status,
    ).toBe(404);
    expect((await send(a.ownerToken, 'DELETE', `/api/team/members/${bPerson.id}`)).status).toBe(404);
    expect((await send(a.ownerToken, 'POST', '/api/team/transfer', { person_id: bPerson.id })).status).toBe(
      404,
    );
    expect((await send(a.ownerToken, 'POST', `/api/team/invitations/${id}/resend`)).status).toBe(404);
    expect((await send(a.ownerToken, 'DELETE', `/api/team/invitations/${id}`)).status).toBe(404);
    // B's person and invitation are untouched.
    const bTeam = await get<TeamReply>(b.ownerToken, '/api/team');
    expect(bTeam.body.data.members.find((m) => m.id === bPerson.id)?.role).toBe('operator');
    expect(bTeam.body.data.invitations.map((i) => i.id)).toContain(id);
  });

  it('refuses members and pending invitations again, but says the same for any other address', async () => {
    const c = await company();
    const other = await company();
    const person = await member(c, 'operator');
    const dup = await inviteAs(c.ownerToken, person.email, 'viewer');
    expect(dup.status).toBe(409);
    expect(dup.body.errors?.[0]?.field).toBe('email');
    const email = uniqueEmail();
    expect((await inviteAs(c.ownerToken, email, 'viewer')).status).toBe(200);
    const again = await inviteAs(c.ownerToken, email.toUpperCase(), 'viewer', 'en');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This e-mail address already has a valid invitation');

    // Two invitations of one address at once: one is sent, the other refused.
    const twice = uniqueEmail('twice');
    const racing = await Promise.all([
      inviteAs(c.ownerToken, twice, 'viewer'),
      inviteAs(c.ownerToken, twice, 'operator'),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);

    // An address with a login in another company gets the same answer as one without any login.
    const withLogin = await inviteAs(c.ownerToken, other.ownerEmail, 'viewer');
    const without = await inviteAs(c.ownerToken, uniqueEmail(), 'viewer');
    expect(withLogin.status).toBe(200);
    expect(without.status).toBe(200);
    expect(Object.keys(withLogin.body.data).sort()).toEqual(Object.keys(without.body.data).sort());
    expect(withLogin.body.msg).toBe(without.body.msg);
    await mail.next(other.ownerEmail);
  });

  it('refuses expired, revoked, reused and resent-over tokens', async () => {
    const c = await company();
    // reused
    const first = await invited(c.ownerToken, uniqueEmail(), 'viewer');
    expect((await accept({ mode: 'new', token: first.token, name: 'ONE', password: PASSWORD })).status).toBe(
      200,
    );
    const reused = await accept({ mode: 'new', token: first.token, name: 'TWO', password: PASSWORD });
    expect(reused.status).toBe(404);
    expect(reused.body.msg).toBe('The invitation link is invalid, expired, revoked or already used');
    expect((await info(first.token)).status).toBe(404);

    // revoked
    const second = await invited(c.ownerToken, uniqueEmail(), 'viewer');
    expect((await send(c.ownerToken, 'DELETE', `/api/team/invitations/${second.id}`)).status).toBe(200);
    expect((await info(second.token)).status).toBe(404);
    expect((await accept({ mode: 'new', token: second.token, name: 'X', password: PASSWORD })).status).toBe(
      404,
    );
    expect((await send(c.ownerToken, 'DELETE', `/api/team/invitations/${second.id}`)).status).toBe(404);

    // expired: still listed, flagged, and refused
    const third = await invited(c.ownerToken, uniqueEmail(), 'viewer');
    await t.database.db.execute(
      sql`update invitations set expires_at = now() - interval '1 minute' where id = ${third.id}`,
    );
    expect((await info(third.token)).status).toBe(404);
    expect((await accept({ mode: 'new', token: third.token, name: 'X', password: PASSWORD })).status).toBe(
      404,
    );
    const team = await get<TeamReply>(c.ownerToken, '/api/team');
    expect(team.body.data.invitations.find((i) => i.id === third.id)?.expired).toBe(true);

    // resent: a new link, the old one dead
    const resent = await send<InvitationRow>(
      c.ownerToken,
      'POST',
      `/api/team/invitations/${third.id}/resend`,
    );
    expect(resent.status).toBe(200);
    expect(resent.body.data.expired).toBe(false);
    const mailed = await mail.next(third.mail.to);
    const fresh = /join\?token=([A-Za-z0-9_-]{43})/.exec(mailed.text)?.[1] ?? '';
    expect(fresh).not.toBe(third.token);
    expect((await info(third.token)).status).toBe(404);
    expect((await info(fresh)).status).toBe(200);

    // malformed tokens
    expect((await info('not-a-token')).status).toBe(404);
  });

  it('lets one of two concurrent accepts of a token win', async () => {
    const c = await company();
    const { token, mail: received } = await invited(c.ownerToken, uniqueEmail(), 'operator');
    const replies = await Promise.all([
      accept({ mode: 'new', token, name: 'FIRST', password: PASSWORD }),
      accept({ mode: 'new', token, name: 'SECOND', password: PASSWORD }),
    ]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const team = await get<TeamReply>(c.ownerToken, '/api/team');
    expect(team.body.data.members.filter((m) => m.email === received.to)).toHaveLength(1);
  });

  it('keeps the last owner, also under concurrent demotions and removals', async () => {
    const c = await company();
    // The only owner cannot be demoted or removed by an admin, nor by themselves.
    const admin = await member(c, 'admin');
    expect((await send(admin.token, 'DELETE', `/api/team/members/${c.ownerPersonId}`)).status).toBe(403);
    expect(
      (await send(c.ownerToken, 'PUT', `/api/team/members/${c.ownerPersonId}/role`, { role: 'admin' }))
        .status,
    ).toBe(403);

    for (const action of ['demote', 'remove'] as const) {
      for (let round = 0; round < 3; round++) {
        const d = await company();
        const second = await member(d, 'owner');
        const hit = (token: string, id: number) =>
          action === 'demote'
            ? send(token, 'PUT', `/api/team/members/${id}/role`, { role: 'admin' })
            : send(token, 'DELETE', `/api/team/members/${id}`);
        const replies = await Promise.all([hit(d.ownerToken, second.id), hit(second.token, d.ownerPersonId)]);
        const statuses = replies.map((r) => r.status);
        expect(
          statuses.filter((s) => s === 200),
          `${action}: ${statuses.join(',')}`,
        ).toHaveLength(1);
        const owners = await rowsOf<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from people where company_id = ${d.id} and role = 'owner'`,
        );
        expect(owners[0]?.n).toBe(1);
      }
    }
  });

  it('transfers ownership: the target becomes owner, the owner an admin', async () => {
    const c = await company();
    const admin = await member(c, 'admin');
    const moved = await send(c.ownerToken, 'POST', '/api/team/transfer', { person_id: admin.id });
    expect(moved.status).toBe(200);
    // The owner stays signed in, now as an admin; the new owner signs in again.
    const me = await get<UserInfo>(c.ownerToken, '/api/userinfo');
    expect(me.body.data.person.role).toBe('admin');
    expect((await get(admin.token, '/api/userinfo')).status).toBe(401);
    const team = await get<TeamReply>(c.ownerToken, '/api/team');
    expect(team.body.data.members.find((m) => m.id === admin.id)?.role).toBe('owner');
    expect(team.body.data.assignable).not.toContain('owner');
    // Only owners transfer.
    expect((await send(c.ownerToken, 'POST', '/api/team/transfer', { person_id: admin.id })).status).toBe(
      403,
    );
  });

  it('throttles invitations per company and bad tokens per client address', async () => {
    const c = await company();
    for (let i = 0; i < INVITATION.perHour; i++)
      expect((await inviteAs(c.ownerToken, uniqueEmail('bulk'), 'viewer')).status).toBe(200);
    const over = await inviteAs(c.ownerToken, uniqueEmail('bulk'), 'viewer', 'en');
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.body.msg).toMatch(/^Too many invitations; please try again in \d+ minutes?$/);
    // The refused one was not stored; another company is not affected.
    const team = await get<TeamReply>(c.ownerToken, '/api/team');
    expect(team.body.data.invitations).toHaveLength(INVITATION.perHour);
    expect((await inviteAs((await company()).ownerToken, uniqueEmail(), 'viewer')).status).toBe(200);

    const from = address();
    const bogus = 'A'.repeat(43);
    for (let i = 0; i < 20; i++) expect((await info(bogus, from)).status).toBe(404);
    expect((await info(bogus, from)).status).toBe(429);
    const blocked = await accept({ mode: 'new', token: bogus, name: 'X', password: PASSWORD }, 'en', from);
    expect(blocked.status).toBe(429);
    // Another address is not throttled.
    expect((await info(bogus)).status).toBe(404);
  });

  it('moves an existing login to the inviting company with its password', async () => {
    const target = await company();
    const old = await company();
    const mover = await member(old, 'operator');
    expect((await addContact(target.ownerToken, 'TARGET CONTACT')).status).toBe(200);
    const { token } = await invited(target.ownerToken, mover.email, 'admin');
    // Only the token's holder learns that the address has a login.
    const taken = await accept({ mode: 'new', token, name: 'X', password: PASSWORD });
    expect(taken.status).toBe(400);
    expect(taken.body.errors?.[0]?.field).toBe('password');
    const wrong = await accept({ mode: 'existing', token, password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The password is not correct');

    const joined = await accept({ mode: 'existing', token, password: PASSWORD });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect((await get(mover.token, '/api/userinfo')).status).toBe(401);
    const me = await get<UserInfo>(joined.body.data.token, '/api/userinfo');
    expect(me.body.data.id).toBe(target.id);
    expect(me.body.data.person).toMatchObject({ id: mover.id, role: 'admin' });
    const contacts = await get<ListData<Contact>>(joined.body.data.token, '/api/customer/contact');
    expect(contacts.body.data.lists.map((x) => x.company1)).toEqual(['TARGET CONTACT']);
    const oldTeam = await get<TeamReply>(old.ownerToken, '/api/team');
    expect(oldTeam.body.data.members.map((m) => m.id)).not.toContain(mover.id);

    // The only owner of a company cannot leave it.
    const lonely = await company();
    const invite = await invited(target.ownerToken, lonely.ownerEmail, 'viewer');
    const leaving = await accept({ mode: 'existing', token: invite.token, password: 'quay-lantern-42' });
    expect(leaving.status).toBe(400);
    expect(leaving.body.msg).toBe(
      'You are the only owner of your current company: make someone else owner there before joining',
    );
    expect((await info(invite.token)).status).toBe(200);
  });

  describe('the signed-in person’s own account', () => {
    it('changes their name and password, whatever their role', async () => {
      const c = await company();
      const viewer = await member(c, 'viewer');
      const renamed = await send(viewer.token, 'PUT', '/api/me', { name: 'NEW NAME', language: 'en-US' });
      expect(renamed.status).toBe(200);
      expect((await get<UserInfo>(viewer.token, '/api/userinfo')).body.data.person.name).toBe('NEW NAME');
      expect((await send(viewer.token, 'PUT', '/api/me', { name: '' })).status).toBe(400);
      expect((await send(viewer.token, 'PUT', '/api/me', {})).status).toBe(200);
      expect((await send(viewer.token, 'PUT', '/api/me', { role: 'owner' })).status).toBe(400);
      expect((await get<UserInfo>(viewer.token, '/api/userinfo')).body.data.person.role).toBe('viewer');

      const second = await login(t.app, viewer.email, PASSWORD);
      const wrong = await send(viewer.token, 'PUT', '/api/me/password', {
        current_password: 'nope-nope',
        password: 'Another-Pass-77',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors?.[0]?.field).toBe('current_password');
      const weak = await send(viewer.token, 'PUT', '/api/me/password', {
        current_password: PASSWORD,
        password: '123456',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.errors?.[0]?.field).toBe('password');
      const changed = await send(viewer.token, 'PUT', '/api/me/password', {
        current_password: PASSWORD,
        password: 'Another-Pass-77',
      });
      expect(changed.status).toBe(200);
      // The session that changed it stays; the other ends; the new password signs in.
      expect((await get(viewer.token, '/api/userinfo')).status).toBe(200);
      expect((await get(second.body.data.token, '/api/userinfo')).status).toBe(401);
      expect((await login(t.app, viewer.email, 'Another-Pass-77')).status).toBe(200);
      const notice = await mail.next(viewer.email);
      expect(notice.subject).toMatch(/password/i);
    });
  });
});

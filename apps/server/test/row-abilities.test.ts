import {
  type ContactRow,
  type ListData,
  MEMBER_ACTIONS,
  type MemberAction,
  type RateRow,
  ROLES,
  ROW_ACTIONS,
  type Role,
  type RowAction,
  type TeamReply,
  WEBHOOK_ACTIONS,
  type WebhookAction,
  type WebhookEndpointRow,
} from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, register, registrationForm, signedInPerson } from './fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Reply<T> = Envelope<T> & { data: T };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Each row of the team, rate, contact and webhook lists carries what its reader may do with it; the
 * server then allows exactly that: every action a row offers succeeds, every one it withholds is
 * refused (403, or 409 where a rule of the data speaks).
 */
describeEachDatabase('abilities carried by rows', (kind) => {
  let t: TestApp;
  let companyId = 0;
  const ref: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    const id = async (list: string, code: string) =>
      (
        await call<Envelope<ListData<{ id: number; code: string }>>>(t.app, {
          method: 'GET',
          url: `/api/${list}?keyword=${code}`,
        })
      ).body.data.lists.find((row) => row.code === code)?.id ?? 0;
    Object.assign(ref, {
      cn: await id('country', 'CN'),
      maersk: await id('carrier', 'MAEU'),
      sha: await id('port', 'CNSHA'),
      rtm: await id('port', 'NLRTM'),
      gp20: await id('container', '20GP'),
    });
    const reply = await register(t.app, registrationForm({ company1: 'ROWS CO' }));
    companyId = reply.body.data.id;
    // A forwarder that is also a member: rates and contacts both belong to the company.
    await changeAuthorities({ db: t.database.db, userId: companyId, grant: ['rate', 'quote_forwarder'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const api = <T>(token: string, method: Method, url: string, payload?: object) =>
    call<Reply<T>>(t.app, { method, url, headers: { authorization: `Bearer ${token}` }, payload });
  const person = (role: Role) => signedInPerson(t, companyId, `rows-${role}`, role);
  const allowed = (status: number, offered: boolean, what: string) =>
    offered
      ? expect(status, `${what}: offered, so allowed`).toBe(200)
      : expect([403, 409], `${what}: withheld, so refused (got ${status})`).toContain(status);

  // One test per actor and action (each changes the team, so each try has a fresh actor and target).
  const teamCases = (['owner', 'admin'] as const).flatMap((actor) =>
    MEMBER_ACTIONS.map((action) => [actor, action] as const),
  );
  it.each(teamCases)('team rows: an %s’s “%s” is offered exactly when allowed', async (actorRole, action) => {
    for (const targetRole of [...ROLES, 'self'] as const) {
      const actor = await person(actorRole);
      const target = targetRole === 'self' ? actor : await person(targetRole);
      const team = (await api<TeamReply>(actor.token, 'GET', '/api/team')).body.data;
      const row = team.members.find((member) => member.id === target.personId);
      expect(row?.is_me).toBe(targetRole === 'self');
      const offered = row?.actions.includes(action) ?? false;
      const next = team.assignable.find((r) => r !== row?.role) ?? 'viewer';
      const attempts: Record<MemberAction, () => Promise<{ status: number }>> = {
        role: () => api(actor.token, 'PUT', `/api/team/members/${target.personId}/role`, { role: next }),
        remove: () => api(actor.token, 'DELETE', `/api/team/members/${target.personId}`),
        transfer: () => api(actor.token, 'POST', '/api/team/transfer', { person_id: target.personId }),
      };
      allowed((await attempts[action]()).status, offered, `${actorRole} ${action} ${targetRole}`);
    }
  });

  it('ownership goes to anyone else of the company, a co-owner too, and only from an owner', async () => {
    const owner = await person('owner');
    const coOwner = await person('owner');
    const team = (await api<TeamReply>(owner.token, 'GET', '/api/team')).body.data;
    expect(team.members.find((m) => m.id === coOwner.personId)?.actions).toContain('transfer');
    expect(
      (await api(owner.token, 'POST', '/api/team/transfer', { person_id: coOwner.personId })).status,
    ).toBe(200);
    // The new owner's sessions end with the change; the giver keeps theirs, as an admin.
    const after = (await api<TeamReply>(owner.token, 'GET', '/api/team')).body.data;
    expect(after.members.find((m) => m.id === owner.personId)?.role).toBe('admin');
    expect(after.members.find((m) => m.id === coOwner.personId)?.role).toBe('owner');
    // An admin is offered no transfer, and the server refuses one.
    const admin = await person('admin');
    const seen = (await api<TeamReply>(admin.token, 'GET', '/api/team')).body.data;
    expect(seen.members.flatMap((m) => m.actions)).not.toContain('transfer');
    expect(
      (await api(admin.token, 'POST', '/api/team/transfer', { person_id: coOwner.personId })).status,
    ).toBe(403);
  });

  it('invitation rows: resend and revoke offered exactly when the server allows them', async () => {
    const owner = await person('owner');
    const admin = await person('admin');
    for (const role of ROLES) {
      for (const action of ['resend', 'revoke'] as const) {
        const email = `invitee-${role}-${action}-${Date.now()}@example.com`;
        const invited = await api<{ id: number }>(owner.token, 'POST', '/api/team/invitations', {
          email,
          role,
        });
        expect(invited.status, JSON.stringify(invited.body)).toBe(200);
        const team = (await api<TeamReply>(admin.token, 'GET', '/api/team')).body.data;
        const row = team.invitations.find((i) => i.id === invited.body.data.id);
        const status =
          action === 'resend'
            ? (await api(admin.token, 'POST', `/api/team/invitations/${row?.id}/resend`, {})).status
            : (await api(admin.token, 'DELETE', `/api/team/invitations/${row?.id}`)).status;
        allowed(status, row?.actions.includes(action) ?? false, `admin ${action} ${role} invitation`);
      }
    }
  });

  const rateBody = () => ({
    carrier_id: ref.maersk,
    pol_id: ref.sha,
    pod_id: ref.rtm,
    to_id: ref.rtm,
    sdate: day(-1),
    edate: day(30),
    transit_days: 28,
    remark: 'ROWS',
    spaces: [{ container_id: ref.gp20, price: '1200' }],
  });
  const contactBody = (n: number) => ({
    type: 'shipper',
    company1: `ROW CONTACT ${n} ${Date.now()}`,
    company2: '',
    linkman: 'LI MING',
    address1: 'NO. 1 HARBOUR ROAD',
    city: 'SHANGHAI',
    province: '',
    country_id: ref.cn,
    zip_code: '',
    phone: '+86 21 1234 5678',
    email: 'li@example.com',
  });
  const sheets = [
    { name: 'rate', url: '/api/rate', body: (_n: number) => rateBody() },
    { name: 'contact', url: '/api/customer/contact', body: contactBody },
  ];

  it('rate and contact rows: every role is offered what it may do, and allowed exactly that', async () => {
    const owner = await person('owner');
    let n = 0;
    for (const sheet of sheets) {
      for (const role of ROLES) {
        const reader = await person(role);
        for (const action of ROW_ACTIONS) {
          const made = await api<{ id: number }>(owner.token, 'POST', sheet.url, sheet.body(++n));
          expect(made.status, JSON.stringify(made.body)).toBe(200);
          const list = await api<ListData<RateRow | ContactRow>>(reader.token, 'GET', `${sheet.url}?size=50`);
          const row = list.body.data.lists.find((r) => r.id === made.body.data.id);
          expect(row, `${role} reads the ${sheet.name}`).toBeDefined();
          const attempts: Record<RowAction, () => Promise<{ status: number }>> = {
            edit: () => api(reader.token, 'PUT', `${sheet.url}/${made.body.data.id}`, sheet.body(++n)),
            delete: () => api(reader.token, 'DELETE', sheet.url, [made.body.data.id]),
          };
          const offered = row?.actions.includes(action) ?? false;
          allowed((await attempts[action]()).status, offered, `${role} ${action} ${sheet.name}`);
        }
      }
    }
  });

  it('webhook rows: the managers who read them may do all they offer', async () => {
    for (const role of ['owner', 'admin'] as const) {
      const reader = await person(role);
      for (const action of WEBHOOK_ACTIONS) {
        const made = await api<{ id: number }>(reader.token, 'POST', '/api/webhooks', {
          url: 'http://127.0.0.1:9/hook',
          events: ['booking.submit'],
        });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        const rows = (await api<WebhookEndpointRow[]>(reader.token, 'GET', '/api/webhooks')).body.data;
        const row = rows.find((r) => r.id === made.body.data.id);
        const id = made.body.data.id;
        const attempts: Record<WebhookAction, () => Promise<{ status: number }>> = {
          edit: () =>
            api(reader.token, 'PUT', `/api/webhooks/${id}`, {
              url: 'http://127.0.0.1:9/other',
              events: ['booking.cancel'],
              enabled: false,
            }),
          delete: () => api(reader.token, 'DELETE', `/api/webhooks/${id}`),
          test: () => api(reader.token, 'POST', `/api/webhooks/${id}/test`, {}),
          rotate: () => api(reader.token, 'POST', `/api/webhooks/${id}/secret`, {}),
        };
        allowed(
          (await attempts[action]()).status,
          row?.actions.includes(action) ?? false,
          `${role} ${action}`,
        );
        if (action !== 'delete') await api(reader.token, 'DELETE', `/api/webhooks/${id}`);
      }
    }
    // Those who may not manage the team read no endpoints, and change none.
    for (const role of ['operator', 'viewer'] as const) {
      const reader = await person(role);
      expect((await api(reader.token, 'GET', '/api/webhooks')).status).toBe(403);
    }
  });
});

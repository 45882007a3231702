import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.js';
import { deadMails, retryDead } from '../src/modules/mail-outbox/repo.js';
import { type Envelope, login, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { startMailServer } from './mail-server.js';
import { webhookWorld } from './webhook-world.js';

/**
 * The mail outbox: every mail is written in the transaction of its change (a change that fails
 * at its commit leaves no mail; one that commits leaves its mail, which the worker sends through a
 * real SMTP server), a mail server's refusal is tried again, and a mail that keeps failing is a
 * dead letter that an admin sees and sends again. A reset code lives from its mail's sending.
 */
describeEachDatabase('the mail outbox', (kind) => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof webhookWorld>>;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const refusing = new Set<string>();
  beforeAll(async () => {
    mail = await startMailServer({ refuse: (to) => refusing.has(to) });
    t = await createTestApp(kind, {
      env: {
        SMTP_URL: mail.url,
        MAIL_POLL_MS: '50',
        MAIL_RETRY_FIRST_MS: '50',
        MAIL_ATTEMPTS: '3',
        MAIL_TIMEOUT_MS: '2000',
      },
    });
    world = await webhookWorld(t.app, t.database.db);
    // A commit that fails after the change wrote its mail: a deferred check on the outbox refuses
    // the recipients the test names, so the whole transaction (change and mail) rolls back.
    for (const statement of [
      sql`create table mail_refused_in_test (recipient text primary key)`,
      sql`create function mail_refused_in_test() returns trigger language plpgsql as $$
          begin
            if exists (select 1 from mail_refused_in_test r where r.recipient = new.recipient) then
              raise exception 'refused by the test';
            end if;
            return null;
          end $$`,
      sql`create constraint trigger mail_refused_in_test after insert on mail_outbox
          deferrable initially deferred for each row execute function mail_refused_in_test()`,
    ])
      await t.database.db.execute(statement);
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const failCommitFor = (recipient: string) =>
    t.database.db.execute(sql`insert into mail_refused_in_test values (${recipient})`);
  const commitFor = (recipient: string) =>
    t.database.db.execute(sql`delete from mail_refused_in_test where recipient = ${recipient}`);
  const rowsTo = (recipient: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)).orderBy(mailOutbox.id);
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      expect(Date.now(), 'waited too long').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /** The change fails at its commit: nothing of it stays, no mail; then it commits, with its mail. */
  async function inOneTransaction(options: {
    recipient: string;
    kind: string;
    change: () => Promise<{ status: number; body: unknown }>;
    happened: () => Promise<boolean>;
  }) {
    await failCommitFor(options.recipient);
    const failed = await options.change();
    expect(failed.status, JSON.stringify(failed.body)).toBe(500);
    expect(await options.happened()).toBe(false);
    expect(await rowsTo(options.recipient)).toEqual([]);
    await commitFor(options.recipient);
    const done = await options.change();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await options.happened()).toBe(true);
    const rows = await rowsTo(options.recipient);
    expect(rows.map((row) => row.kind)).toEqual([options.kind]);
    const received = await mail.next(options.recipient, 15_000);
    expect(received.subject).toBe(rows[0]?.subject);
    expect(received.headers['x-portal-mail']).toBe(String(rows[0]?.id));
    await until(
      () => rowsTo(options.recipient),
      (now) => now[0]?.status === 'sent',
    );
  }

  it('writes an invitation’s mail in the invitation’s transaction', async () => {
    const email = uniqueEmail('invited').toLowerCase();
    const invited = async () => {
      const team = world.ok(
        await world.api<{ invitations: { email: string }[] }>('owner', 'GET', '/api/team'),
      );
      return team.invitations.some((row) => row.email === email);
    };
    await inOneTransaction({
      recipient: email,
      kind: 'invitation',
      change: () => world.api('owner', 'POST', '/api/team/invitations', { email, role: 'operator' }),
      happened: invited,
    });
  });

  it('writes a booking’s mail in the transaction that submits it', async () => {
    const fwd = world.who.fwd?.email ?? '';
    const created = await world.submitted();
    await mail.next(fwd, 15_000);
    await t.database.db.delete(mailOutbox).where(eq(mailOutbox.recipient, fwd));
    // Its copy is a draft, submitted only with the forwarder's mail.
    const copy = world.ok(await world.api('owner', 'POST', `/api/order/${created.id}/copy`));
    await inOneTransaction({
      recipient: fwd,
      kind: 'booking',
      change: () => world.api('owner', 'POST', `/api/order/${copy.id}/submit`),
      happened: async () => world.ok(await world.api('owner', 'GET', `/api/order/${copy.id}`)).status === 1,
    });
  });

  it('writes a password change’s mail in the change’s transaction', async () => {
    const email = world.who.other?.email ?? '';
    const next = 'harbour-crane-77';
    await inOneTransaction({
      recipient: email,
      kind: 'password',
      change: () =>
        world.api('other', 'PUT', '/api/me/password', {
          current_password: 'quay-lantern-42',
          password: next,
        }),
      happened: async () => (await login(t.app, email, next)).status === 200,
    });
  });

  it('tries a refused mail again, and leaves one that keeps failing as a dead letter an admin sends again', async () => {
    const later = uniqueEmail('later').toLowerCase();
    refusing.add(later);
    world.ok(await world.api('owner', 'POST', '/api/team/invitations', { email: later, role: 'viewer' }));
    const tried = await until(
      () => rowsTo(later),
      (rows) => (rows[0]?.attempts ?? 0) >= 2,
    );
    expect(tried[0]?.status).toBe('pending');
    expect(tried[0]?.lastError).toMatch(/451|busy/);
    refusing.delete(later);
    const received = await mail.next(later, 15_000);
    expect(received.subject).toBe(tried[0]?.subject);
    await until(
      () => rowsTo(later),
      (rows) => rows[0]?.status === 'sent',
    );

    const never = uniqueEmail('never').toLowerCase();
    refusing.add(never);
    world.ok(await world.api('owner', 'POST', '/api/team/invitations', { email: never, role: 'viewer' }));
    const dead = await until(
      () => rowsTo(never),
      (rows) => rows[0]?.status === 'dead',
    );
    expect(dead[0]?.attempts).toBe(3);
    const listed = await deadMails(t.database.db, 100);
    expect(listed.find((row) => row.recipient === never)).toMatchObject({
      kind: 'invitation',
      attempts: 3,
      lastError: expect.stringMatching(/451|busy/),
    });
    // Nothing more is tried on its own.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await rowsTo(never))[0]?.attempts).toBe(3);
    refusing.delete(never);
    expect(await retryDead(t.database.db, [dead[0]?.id ?? 0])).toBe(1);
    await mail.next(never, 15_000);
    await until(
      () => rowsTo(never),
      (rows) => rows[0]?.status === 'sent',
    );
    expect((await deadMails(t.database.db, 100)).some((row) => row.recipient === never)).toBe(false);
  });

  it('counts a reset code’s lifetime from the sending of its mail', async () => {
    const forget = (username: string) =>
      call<Envelope>(t.app, {
        method: 'GET',
        url: `/api/system/forget?username=${encodeURIComponent(username)}`,
      });
    const reset = (username: string, vcode: string, password: string) =>
      call<Envelope>(t.app, {
        method: 'POST',
        url: '/api/system/password',
        payload: { username, vcode, password },
      });
    const codeOf = (text: string) => /(?:code|验证码)[:：]\s*(\d{6})\b/i.exec(text)?.[1] ?? '';

    // Held by the mail server for a while: the code works once it arrives.
    const owner = world.who.owner?.email ?? '';
    refusing.add(owner);
    expect((await forget(owner)).status).toBe(200);
    const held = await until(
      () => rowsTo(owner),
      (rows) => rows.some((row) => row.kind === 'reset' && row.attempts >= 1),
    );
    const resetRow = held.find((row) => row.kind === 'reset');
    expect(resetRow?.sentAt).toBeNull();
    refusing.delete(owner);
    const first = await mail.next(owner, 15_000);
    await until(
      () => rowsTo(owner),
      (rows) => rows.find((row) => row.id === resetRow?.id)?.status === 'sent',
    );
    expect((await reset(owner, codeOf(first.text), 'fresh-harbour-11')).status).toBe(200);

    // A code whose mail went longer ago than its lifetime is refused, whenever it was made.
    const fwd = world.who.fwd?.email ?? '';
    expect((await forget(fwd)).status).toBe(200);
    const second = await mail.next(fwd, 15_000);
    const [row] = await until(
      async () => (await rowsTo(fwd)).filter((r) => r.kind === 'reset' && r.status === 'sent'),
      (rows) => rows.length === 1,
    );
    await t.database.db
      .update(mailOutbox)
      .set({ sentAt: sql`now() - interval '11 minutes'` })
      .where(eq(mailOutbox.id, row?.id ?? 0));
    const refused = await reset(fwd, codeOf(second.text), 'fresh-harbour-12');
    expect(refused.status).toBe(400);
  });
});

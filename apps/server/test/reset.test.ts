import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, login, register, registrationForm, uniqueEmail } from './fixtures.js';
import { startMailServer } from './mail-server.js';

describeEachDatabase('password reset by e-mail', (kind) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp(kind, {
      env: { SMTP_URL: mail.url, MAIL_FROM: 'Portal <no-reply@portal.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const forget = (username: string, lang?: 'cn' | 'en') =>
    call<Envelope>(t.app, {
      method: 'GET',
      url: `/api/system/forget?username=${encodeURIComponent(username)}`,
      lang,
    });
  const reset = (username: string, vcode: string, password: string, lang?: 'cn' | 'en') =>
    call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/system/password',
      payload: { username, vcode, password },
      lang,
    });
  // The code follows its label; the address before it may hold six digits of its own.
  const codeOf = (text: string) => /(?:code|验证码)[:：]\s*(\d{6})\b/i.exec(text)?.[1] ?? '';

  it('mails a code in the member language; the code sets a new password once and ends every session', async () => {
    const username = uniqueEmail();
    const token = (await register(t.app, registrationForm({ username }), [], 'en')).body.data.token;
    expect((await forget(username)).status).toBe(200);
    const received = await mail.next(username);
    expect(received.subject).toMatch(/password reset code/);
    const code = codeOf(received.text);
    expect(code).toMatch(/^\d{6}$/);

    expect((await reset(username, code, 'brand-new-1')).status).toBe(200);
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: '/api/userinfo',
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(401);
    expect((await login(t.app, username, 'quay-lantern-42')).status).toBe(400);
    expect((await login(t.app, username, 'brand-new-1')).status).toBe(200);
    const reused = await reset(username, code, 'another-22', 'en');
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('The code is wrong or has expired');
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const reply = await forget(nobody);
    expect(reply.status).toBe(200);
    await expect(mail.next(nobody, 500)).rejects.toThrow(/no mail/);
  });

  it('refuses a resend within a minute, and gives up a code after five wrong tries', async () => {
    const username = uniqueEmail();
    await register(t.app, registrationForm({ username }));
    await forget(username);
    const code = codeOf((await mail.next(username)).text);
    const again = await forget(username, 'en');
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/^A code was sent recently; please try again in \d+ seconds?$/);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await reset(username, wrong, 'brand-new-1', 'en')).body.msg).toBe(
        'The code is wrong or has expired',
      );
    const fifth = await reset(username, wrong, 'brand-new-1', 'en');
    expect(fifth.body.msg).toBe('Too many wrong codes; please request a new code');
    expect((await reset(username, code, 'brand-new-1')).status).toBe(400); // the right code is gone too
    expect((await login(t.app, username, 'quay-lantern-42')).status).toBe(200);
  });

  it('checks the reset form', async () => {
    const reply = await reset('x', '12', '1', 'en');
    expect(reply.status).toBe(400);
    const fields = (reply.body.errors ?? []).map((e) => e.field).sort();
    expect(fields).toEqual(['password', 'username', 'vcode']);
  });
});

describeEachDatabase('mail without SMTP_URL', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes the message into DATA_DIR/outbox as an .eml file', async () => {
    const username = uniqueEmail();
    await register(t.app, registrationForm({ username }));
    expect(
      (await call(t.app, { method: 'GET', url: `/api/system/forget?username=${username}` })).status,
    ).toBe(200);
    // The mail is written after the reply: wait for it.
    const outbox = path.join(t.config.dataDir, 'outbox');
    const emls = () =>
      fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    await expect.poll(() => emls().length, { timeout: 5000 }).toBe(1);
    const files = emls();
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(eml).toContain(`To: ${username}`);
    expect(eml).toMatch(/Subject: /);
  });

  it('keeps a message’s attachments in the .eml', async () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    const content = Buffer.from('%PDF-1.7\n%test\n');
    await t.app.deps.mailer.send({
      to: 'attach@example.com',
      subject: 'with a file',
      text: 'see the file',
      attachments: [{ filename: 'BK1-confirmation-en.pdf', contentType: 'application/pdf', content }],
    });
    const file = fs.readdirSync(outbox).find((name) => name.endsWith('.eml') && !before.has(name));
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, file ?? '')));
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([
      ['BK1-confirmation-en.pdf', 'application/pdf', content.toString()],
    ]);
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Envelope, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../../scripts/mail.mjs');

/**
 * `npm run mail` (scripts/mail.mjs) reads the outbox the portal writes without SMTP_URL: the list
 * with date, addressee and the decoded subject, and one mail's decoded text.
 */
describeEachDatabase('npm run mail', (kind) => {
  let t: TestApp;
  const invitees = [uniqueEmail('invited-one').toLowerCase(), uniqueEmail('invited-two').toLowerCase()];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const owner = await register(t.app, registrationForm({ username: uniqueEmail('owner').toLowerCase() }));
    for (const [i, email] of invitees.entries()) {
      const invited = await call<Envelope>(t.app, {
        method: 'POST',
        url: '/api/team/invitations',
        headers: { authorization: `Bearer ${owner.body.data.token}` },
        payload: { email, role: 'operator' },
        lang: i === 0 ? 'cn' : 'en',
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const mail = (...args: string[]) =>
    run(process.execPath, [script, ...args], { env: { ...process.env, DATA_DIR: t.config.dataDir } });

  it('lists the outbox with date, addressee and decoded subject, and prints a chosen mail’s text', async () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    const eml = () =>
      fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter((name) => name.endsWith('.eml'))
            .sort()
        : [];
    // Mails leave through the mail queue, a moment after the invitation is written.
    const deadline = Date.now() + 15_000;
    while (eml().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const files = eml();
    expect(files).toHaveLength(2);
    const parsed = await Promise.all(
      files.map((file) => simpleParser(fs.readFileSync(path.join(outbox, file)))),
    );
    // The two mails may leave in the same millisecond, so the files' order is not the sending
    // order: each mail is matched to its addressee.
    const addressee = (i: number) => {
      const to = parsed[i]?.to;
      return (Array.isArray(to) ? to[0] : to)?.value[0]?.address ?? '';
    };
    expect([addressee(0), addressee(1)].sort()).toEqual([...invitees].sort());
    const chinese = [0, 1].find((i) => addressee(i) === invitees[0]) ?? -1;
    // What a mail program reads: the subject in Chinese and a body that is not plain in the file.
    expect(parsed[chinese]?.subject).toMatch(/\p{Script=Han}/u);
    expect(parsed[1 - chinese]?.subject).not.toMatch(/\p{Script=Han}/u);
    expect(fs.readFileSync(path.join(outbox, files[chinese] ?? ''), 'utf8')).not.toContain(
      parsed[chinese]?.subject ?? '',
    );

    const list = (await mail()).stdout;
    for (const [i, message] of parsed.entries()) {
      const line = list.split('\n').find((l) => l.trimStart().startsWith(`${i + 1} `)) ?? '';
      expect(line).toContain(addressee(i));
      expect(line).toContain(message.subject ?? '');
      expect(line).toContain(message.date?.toISOString().slice(0, 16).replace('T', ' '));
    }
    for (const [i, message] of parsed.entries()) {
      const shown = (await mail(String(i + 1))).stdout;
      expect(shown).toContain(`Subject: ${message.subject ?? ''}`);
      expect(shown).toContain((message.text ?? '').trim());
      // The invitation's link, whole: the reason to read the mail.
      expect(shown).toMatch(/\/join\?token=[A-Za-z0-9_-]{43}/);
    }
    // By file name too; an unknown one is refused with a message.
    expect((await mail(files[1] ?? '')).stdout).toContain(addressee(1));
    await expect(mail('99')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No mail 99'),
    });
  });
});

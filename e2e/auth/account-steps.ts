import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CAPTCHA } from '../support/server';

/** A real 1×1 PNG (the server re-encodes uploads, so it must be a valid image). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Picks a file through the file chooser that clicking the drop zone opens. */
export async function chooseFile(
  page: Page,
  zone: RegExp,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: zone }).click();
  await (await chooser).setFiles(file);
}

/** Fills register step 1 (labels in either language); the country is typed and taken with Enter. */
export async function fillBasicInfo(
  page: Page,
  values: { email: string; password: string; confirm?: string; company: string; country: string },
) {
  await page.getByLabel(/^(邮箱|Email)$/).fill(values.email);
  await page.getByLabel(/^(密码|Password)$/).fill(values.password);
  await page.getByLabel(/^(确认密码|Confirm password)$/).fill(values.confirm ?? values.password);
  await page.getByLabel(/^(联系人|Contact person)$/).fill('LI LEI');
  await page.getByLabel(/^(电话|Phone)$/).fill('+8613800000000');
  await page.getByLabel(/^(英文公司名称|Company name \(English\))$/).fill(values.company);
  await page.getByLabel(/^(英文地址|Address \(English\))$/).fill('NO. 1 HARBOUR ROAD');
  await page.getByLabel(/^(城市|City)$/).fill('SHANGHAI');
  const country = page.getByLabel(/^(国家|Country)$/);
  await country.click();
  await country.fill(values.country);
  await page.keyboard.press('Enter');
}

/**
 * Types the captcha by the Submit button: the e2e portals answer every captcha with CAPTCHA
 * (CAPTCHA_FIXED, which also waives the server's check of the proof of work; the page still does it).
 */
export async function fillCaptcha(page: Page) {
  await page.getByLabel(/^(图形验证码|Captcha)$/).fill(CAPTCHA);
}

/** The signed-in member as the server sees them (token from the page's local storage). */
export async function userInfoOf(page: Page, baseURL: string): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseURL}/api/userinfo`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: Record<string, unknown> };
  return body.data;
}

/** Registers a member through the API (mode 1 fields), for tests that need their own account. */
export async function registerByApi(baseURL: string, email: string, password: string): Promise<void> {
  const form = new FormData();
  const fields = {
    username: email,
    password,
    linkman: 'HAN MEIMEI',
    phone: '+8613900000000',
    company1: 'RESET TEST CO',
    address1: 'NO. 2 PORT ROAD',
    city: 'NINGBO',
    country_id: '1',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const captcha = (await (await fetch(`${baseURL}/api/system/captcha`)).json()) as {
    data: { captcha_id: string };
  };
  form.append('captcha_id', captcha.data.captcha_id);
  form.append('captcha', CAPTCHA);
  const response = await fetch(`${baseURL}/api/userinfo`, {
    method: 'POST',
    body: form,
    headers: { Lang: 'en' },
  });
  if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
}

/**
 * The text of the first mail to `to` in the outbox, waiting for it (a reset mail is written just
 * after the reply that asked for it).
 */
export async function mailTo(dataDir: string, to: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(dataDir, 'data', 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith('.eml')) : [];
    for (const name of names) {
      const raw = fs.readFileSync(path.join(outbox, name), 'utf8');
      if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw))
        return mailText(raw);
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function mailText(eml: string): string {
  const raw = eml.replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 2);
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const escaped = body.replace(/%/g, '%25').replace(/=\n/g, '');
    return decodeURIComponent(escaped.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`));
  }
  return body;
}

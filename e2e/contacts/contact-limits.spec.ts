import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import {
  apiToken,
  chooseFile,
  dataRows,
  gone,
  openContacts,
  openSignedIn,
  pick,
  row,
  templateHeaders,
  unique,
  visible,
  WAIT,
} from './contacts-helpers';

/*
 * The contact book within the B/L's lengths (DCSA's): the form takes no more than a B/L holds, the
 * server and the import refuse more naming the field, and the list shows on its own the contacts
 * too long for a B/L, as the notification of them links to it. (A contact saved before the book
 * took these lengths cannot be made through the portal any more, and the portal's embedded
 * database belongs to its server process: marking one in the list is proved by the API suite
 * contact-limits.test.ts and the component test contact-limits.test.tsx.)
 */

let browser: Browser;
let portal: PortalServer;
let tmpDir: string;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contact-limits-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

describe('contacts within a B/L’s lengths', () => {
  it('takes no more in each field of the form than a B/L holds (English)', async () => {
    const { context, page } = await openContacts(browser, portal, 'en-US');
    await visible(page.getByRole('heading', { name: 'Contact Management' }));
    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    const company = unique('E2E LIMITS');
    // Typed to the end: the field stops where a B/L does (name 70, city 35, phone 30).
    await field('Company name (English)').pressSequentially(`${company} ${'X'.repeat(80)}`);
    expect((await field('Company name (English)').inputValue()).length).toBe(70);
    await field('City').pressSequentially('N'.repeat(40));
    expect(await field('City').inputValue()).toBe('N'.repeat(35));
    await field('Phone').pressSequentially('1'.repeat(40));
    expect(await field('Phone').inputValue()).toBe('1'.repeat(30));
    await field('Contact person').fill('WANG FANG');
    await field('Address (English)').fill('NO. 1 TEST ROAD');
    await pick(page, dialog, 'Country', 'China');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Contact added'));
    await gone(page.getByRole('dialog', { name: 'Add contact' }));
    // Saved within the B/L's lengths: not marked.
    await visible(row(page, company));
    expect(
      await row(page, company)
        .getByText(/Too long for a B\/L/)
        .count(),
    ).toBe(0);
    await context.close();
  });

  it('refuses through the API a contact longer than a B/L holds, naming the field in both languages', async () => {
    const token = await apiToken(portal.url, DEMO.customer);
    const post = async (lang: 'cn' | 'en') => {
      const response = await fetch(`${portal.url}/api/customer/contact`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', lang },
        body: JSON.stringify({
          company1: unique('E2E TOO LONG').padEnd(71, 'X'),
          linkman: 'WANG FANG',
          address1: 'NO. 1 TEST ROAD',
          city: 'NINGBO',
          country_id: 1,
          phone: '+86 574 1234567',
        }),
      });
      return { status: response.status, body: (await response.json()) as { errors?: unknown[] } };
    };
    const en = await post('en');
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual([
      { field: 'company1', message: 'Company name (English) cannot be longer than 70 characters' },
    ]);
    const cn = await post('cn');
    expect(cn.status).toBe(400);
    expect(cn.body.errors).toEqual([{ field: 'company1', message: '英文公司名称不能超过 70 个字符' }]);
  });

  it('lists only the contacts too long for a B/L from the notification’s address (Chinese)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/contacts?too_long=1',
      locale: 'zh-CN',
    });
    await visible(page.getByRole('heading', { name: '联系人管理' }));
    const only = page.getByRole('checkbox', { name: '仅看超出提单长度的联系人' });
    await expect.poll(() => only.isChecked(), WAIT).toBe(true);
    await visible(page.getByText(/以下联系人超出提单可容纳的长度/));
    // The demo's contact book fits a B/L: nothing to shorten, while the whole book has rows.
    await visible(page.getByRole('table').getByText('暂无数据', { exact: true }).last());
    expect(await dataRows(page).count()).toBe(0);
    await only.uncheck();
    await visible(dataRows(page).first());
    await gone(page.getByText(/以下联系人超出提单可容纳的长度/));
    expect(page.url()).not.toContain('too_long');
    await only.check();
    await gone(dataRows(page));
    expect(page.url()).toContain('too_long=1');
    await context.close();
  });

  it.each([
    { locale: 'zh-CN' as const, lang: 'cn' as const, importLabel: /导\s*入/, title: '导入联系人' },
    { locale: 'en-US' as const, lang: 'en' as const, importLabel: 'Import', title: 'Import contacts' },
  ])('reports a cell longer than a B/L holds by row and column, importing nothing ($locale)', async (t) => {
    const token = await apiToken(portal.url, DEMO.customer);
    const headers = await templateHeaders(portal, token, t.lang);
    const fits = unique('E2E IMPORT FITS');
    const long = unique('E2E IMPORT LONG CITY');
    const line = (cells: string[]) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',');
    // Columns in template order: type, company1, company2, linkman, address1, address2, city,
    // province, country, zip code, phone, email.
    const contact = (company: string, city: string) => [
      'both',
      company,
      '',
      'ZHAO LEI',
      '88 IMPORT STREET',
      '',
      city,
      '',
      'CN',
      '',
      '+86 532 1',
      '',
    ];
    const file = path.join(tmpDir, `contacts-too-long-${t.lang}.csv`);
    fs.writeFileSync(
      file,
      [line(headers), line(contact(fits, 'QINGDAO')), line(contact(long, 'Q'.repeat(36)))].join('\n'),
    );

    const { context, page } = await openContacts(browser, portal, t.locale);
    await visible(page.getByRole('heading', { name: t.lang === 'cn' ? '联系人管理' : 'Contact Management' }));
    await page.getByRole('button', { name: t.importLabel }).click();
    const dialog = page.getByRole('dialog', { name: t.title });
    await chooseFile(page, dialog, file);
    await dialog.getByRole('button', { name: t.importLabel }).click();
    const table = dialog.getByRole('table');
    await visible(table.getByRole('cell', { name: '3', exact: true }));
    await visible(table.getByRole('cell', { name: t.lang === 'cn' ? '城市' : 'City', exact: true }));
    await visible(
      table.getByText(
        t.lang === 'cn' ? '城市不能超过 35 个字符' : 'City cannot be longer than 35 characters',
      ),
    );
    expect(await table.getByRole('cell', { name: '2', exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: t.lang === 'cn' ? /取\s*消/ : 'Cancel' }).click();
    await gone(page.getByRole('dialog', { name: t.title }));
    // One transaction: the row that fits was not imported either.
    await gone(row(page, fits));
    await context.close();
  });
});

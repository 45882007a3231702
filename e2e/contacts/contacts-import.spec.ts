import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { xlsxOf } from '../support/sheets';
import {
  apiToken,
  chooseFile,
  gone,
  openContacts,
  row,
  templateHeaders,
  unique,
  visible,
} from './contacts-helpers';

let browser: Browser;
let portal: PortalServer;
let tmpDir: string;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contacts-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

describe('contact import', () => {
  it('imports a good CSV and lists the bad rows of a bad one (Chinese template headers)', async () => {
    const token = await apiToken(portal.url, DEMO.customer);
    const headers = await templateHeaders(portal, token, 'cn');
    expect(headers).toContain('英文公司名称');
    const good = [unique('E2E IMPORT ONE'), unique('E2E IMPORT TWO')];
    const line = (cells: string[]) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',');
    // Columns in template order: type, company1, company2, linkman, address1, address2, city,
    // province, country, zip code, phone, email.
    const contact = (company: string, country: string) => [
      '发货人',
      company,
      '',
      'ZHAO LEI',
      '88 IMPORT STREET',
      '',
      'QINGDAO',
      'SHANDONG',
      country,
      '266000',
      '+86 532 1234567',
      'zhao.lei@example.com',
    ];
    const goodFile = path.join(tmpDir, 'contacts-good.csv');
    fs.writeFileSync(goodFile, [line(headers), ...good.map((name) => line(contact(name, 'CN')))].join('\n'));
    const badFile = path.join(tmpDir, 'contacts-bad.csv');
    fs.writeFileSync(
      badFile,
      [
        line(headers),
        line(contact(unique('E2E FINE'), 'CN')),
        line(contact('中文公司', 'CN')),
        line(contact(unique('E2E NOWHERE'), 'ATLANTIS')),
      ].join('\n'),
    );

    const { context, page } = await openContacts(browser, portal, 'zh-CN');
    await visible(page.getByRole('heading', { name: '联系人管理' }));

    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog', { name: '导入联系人' });
    await chooseFile(page, dialog, badFile);
    await dialog.getByRole('button', { name: /导\s*入/ }).click();
    const table = dialog.getByRole('table');
    await visible(table);
    await visible(table.getByRole('cell', { name: '3', exact: true }));
    await visible(table.getByRole('cell', { name: '4', exact: true }));
    expect(await table.getByRole('cell', { name: '2', exact: true }).count()).toBe(0);
    await visible(table.getByText('ATLANTIS'));
    // That nothing was imported is said once (the alert), not again as the table's caption.
    await visible(dialog.getByRole('table', { name: '有错误的行' }));
    expect(await dialog.getByText(/未导入任何数据/).count()).toBe(1);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await gone(page.getByRole('dialog', { name: '导入联系人' }));
    await gone(row(page, 'E2E FINE'));

    await page.getByRole('button', { name: /导\s*入/ }).click();
    const again = page.getByRole('dialog', { name: '导入联系人' });
    await chooseFile(page, again, goodFile);
    await again.getByRole('button', { name: /导\s*入/ }).click();
    await visible(page.getByText('联系人已导入：新增 2 条，更新 0 条'));
    await gone(page.getByRole('dialog', { name: '导入联系人' }));
    for (const name of good) {
      await visible(row(page, name));
      expect(await row(page, name).getByRole('cell', { name: '发货人', exact: true }).count()).toBe(1);
    }
    await context.close();
  });

  it('imports an .xlsx with English headers (English)', async () => {
    const token = await apiToken(portal.url, DEMO.customer);
    const headers = await templateHeaders(portal, token, 'en');
    expect(headers).toContain('Company name (English)');
    const company = unique('E2E XLSX');
    const cells = [
      'Consignee',
      company,
      '',
      'ANNA SMITH',
      '5 DOCK LANE',
      '',
      'FELIXSTOWE',
      '',
      'GB',
      '',
      '+44 1394 000000',
      '',
    ];
    const file = path.join(tmpDir, 'contacts.xlsx');
    fs.writeFileSync(file, xlsxOf([headers, cells], 'Contacts'));

    const { context, page } = await openContacts(browser, portal, 'en-US');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await chooseFile(page, dialog, file);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await visible(page.getByText('Contacts imported: 1 added, 0 updated'));
    await visible(row(page, company));
    expect(await row(page, company).getByRole('cell', { name: 'Consignee', exact: true }).count()).toBe(1);
    await context.close();
  });
});

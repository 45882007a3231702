import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { apiToken, day, iso, openSignedIn, pick, us, visible } from '../support/steps';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { firstSheetRows, xlsxOf } from '../support/sheets';

let browser: Browser;
let portal: PortalServer;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function fillDate(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

const workbook = (rows: (string | number)[][]) => xlsxOf(rows, 'Rates');

const LONG_REMARK =
  `E2E weekly sailing ${'VIA SINGAPORE AND COLOMBO, TRANSHIPMENT AT PORT KLANG; '.repeat(4)}`.trim();

describe('rate management', () => {
  it('creates, edits and deletes a rate through the modal (English)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: '/rate',
      locale: 'en-US',
    });
    await page.getByRole('heading', { name: 'Rate Management' }).waitFor();

    await page.getByRole('button', { name: 'Create rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create rate' });
    await pick(page, dialog, 'Carrier', 'Maersk');
    await pick(page, dialog, 'Port of loading', 'Shanghai');
    await pick(page, dialog, 'Port of discharge', 'Rotterdam');
    await pick(page, dialog, 'Delivery place', 'Hamburg');
    await fillDate(dialog.getByPlaceholder('Valid from'), us(day(0)));
    await fillDate(dialog.getByPlaceholder('Valid until'), us(day(30)));
    // A negative transit time is refused with its message, not turned into 0.
    await dialog.getByLabel('Transit (days)').fill('-5');
    await dialog.getByLabel('Remark').fill(LONG_REMARK);
    await dialog.getByLabel('Remark').click();
    await dialog.getByText('Transit (days) cannot be less than 0').waitFor();
    expect(await dialog.getByLabel('Transit (days)').inputValue()).toBe('-5');
    await dialog.getByLabel('Transit (days)').fill('28');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please add at least one space').waitFor();

    await dialog.getByRole('button', { name: 'Add space line' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please complete space info').waitFor();
    await pick(page, dialog, 'Container type (line 1)', "40HQ 40' High Cube");
    await dialog.getByLabel('Price (USD) (line 1)').fill('1200.5');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await page.getByText('Rate created').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'E2E weekly sailing' });
    await row.getByText('40HQ: US$1,200.50').waitFor();
    await visible(row.getByText(`${us(day(0))} ~ ${us(day(30))}`));
    await visible(row.getByRole('cell', { name: 'Hamburg' }));
    // A long remark wraps in its column instead of widening the table.
    const remark = await row.getByRole('cell', { name: LONG_REMARK }).boundingBox();
    expect(remark?.width).toBeLessThan(280);
    expect(remark?.height).toBeGreaterThan(60);

    // Filters: another carrier hides the rate, Reset brings it back.
    const filters = page.getByRole('form', { name: 'Rate filters' });
    await pick(page, filters, 'Carrier', 'COSCO Shipping Lines');
    await filters.getByRole('button', { name: 'Search' }).click();
    await row.first().waitFor({ state: 'detached' });
    await filters.getByRole('button', { name: 'Reset' }).click();
    await row.getByText('40HQ: US$1,200.50').waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit rate' });
    await expect
      .poll(() => edit.getByLabel('Price (USD) (line 1)').inputValue(), { timeout: 10_000 })
      .toBe('1200.50');
    await edit.getByLabel('Price (USD) (line 1)').fill('1300');
    await edit.getByRole('button', { name: 'Add space line' }).click();
    await pick(page, edit, 'Container type (line 2)', "40HQ 40' High Cube");
    await edit.getByLabel('Price (USD) (line 2)').fill('99');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('A container type cannot appear twice').waitFor();
    await edit.getByRole('button', { name: 'Remove space line 2' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Rate updated').waitFor();
    await row.getByText('40HQ: US$1,300').waitFor();

    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete this?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Rate deleted').waitFor();
    await row.first().waitFor({ state: 'detached' });
    await context.close();
  });

  it('imports a good sheet made from the template and lists the bad rows of another (Chinese)', async () => {
    const token = await apiToken(portal.url, DEMO.forwarder);
    const template = await fetch(`${portal.url}/api/rate/template?lang=cn`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(template.status).toBe(200);
    const headers = (firstSheetRows(new Uint8Array(await template.arrayBuffer()))[0] ?? []).map(String);
    expect(headers).toContain('船公司');
    const row = (values: Record<string, string | number>) => headers.map((h) => values[h] ?? '');
    const base = {
      船公司: 'COSU',
      起运港: 'CNNGB',
      卸货港: 'USLAX',
      交货地: 'USLAX',
      有效期开始: iso(day(0)),
    };
    const good = workbook([
      headers,
      row({ ...base, 有效期结束: iso(day(20)), 备注: 'IMPORT A', '20GP': 800, '40HQ': 1500 }),
      row({ ...base, 有效期结束: iso(day(25)), 备注: 'IMPORT B', '40GP': 1400.25 }),
    ]);
    const bad = workbook([
      headers,
      row({ ...base, 有效期结束: iso(day(20)), 备注: 'BAD OK', '20GP': 800 }),
      row({ ...base, 船公司: 'NOSUCHLINE', 有效期结束: iso(day(20)), 备注: 'BAD 1', '20GP': 800 }),
    ]);

    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: '/rate',
      locale: 'zh-CN',
    });
    await page.getByRole('heading', { name: '运价管理' }).waitFor();

    const upload = async (name: string, buffer: Buffer) => {
      const dialog = page.getByRole('dialog', { name: '导入运价' });
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        dialog.getByText('选择文件').click(),
      ]);
      await chooser.setFiles({ name, mimeType: 'application/octet-stream', buffer });
      await dialog.getByRole('button', { name: /^导\s*入$/ }).click();
      return dialog;
    };

    await page.getByRole('button', { name: /导\s*入$/ }).click();
    const dialog = await upload('bad.xlsx', bad);
    const errors = dialog.getByRole('alert');
    await errors.getByText('NOSUCHLINE').waitFor();
    await visible(errors.getByRole('cell', { name: '3', exact: true }));
    await visible(errors.getByRole('cell', { name: '船公司', exact: true }));
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByText('BAD OK').count()).toBe(0);

    await page.getByRole('button', { name: /导\s*入$/ }).click();
    await upload('good.xlsx', good);
    await page.getByText('导入成功，共 2 条').waitFor();
    const imported = page.getByRole('row').filter({ hasText: 'IMPORT B' });
    await imported.getByText('40GP: US$1,400.25').waitFor();
    await visible(imported.getByText(`${iso(day(0))} ~ ${iso(day(25))}`));
    expect(
      await page.getByRole('row').filter({ hasText: 'IMPORT A' }).getByText('20GP: US$800').isVisible(),
    ).toBe(true);

    // Batch delete both imported rows.
    await imported.getByRole('checkbox').check();
    await page.getByRole('row').filter({ hasText: 'IMPORT A' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: '批量删除' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定要删除选中的 2 条记录吗？' });
    // Watched for from before the click: the message stays 3 s, and a busy machine's click can take
    // longer than that to return.
    const said = page.getByText('已删除 2 条运价').waitFor();
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await said;
    await page.getByRole('row').filter({ hasText: 'IMPORT' }).first().waitFor({ state: 'detached' });
    await context.close();
  });
});

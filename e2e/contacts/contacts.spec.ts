import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import {
  addContact,
  apiToken,
  gone,
  openContacts,
  openSignedIn,
  pick,
  row,
  unique,
  visible,
  WAIT,
} from './contacts-helpers';

let browser: Browser;
let portal: PortalServer;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('contact book', () => {
  it('adds, edits and deletes a contact through the modal (English)', async () => {
    const { context, page } = await openContacts(browser, portal, 'en-US');
    await visible(page.getByRole('heading', { name: 'Contact Management' }));
    const company = unique('E2E ADD');

    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await dialog.getByLabel('Company name (English)', { exact: true }).fill(company.toLowerCase());
    await dialog.getByLabel('Company name (Chinese)', { exact: true }).fill('端到端测试公司');
    await dialog.getByLabel('Contact person', { exact: true }).fill('WANG FANG');
    await dialog.getByLabel('Address (English)', { exact: true }).fill('NO. 1 TEST ROAD');
    await dialog.getByLabel('City', { exact: true }).fill('NINGBO');
    await pick(page, dialog, 'Country', 'China');
    await dialog.getByLabel('Phone', { exact: true }).fill('+86 574 1234567');
    await dialog.getByLabel('Email', { exact: true }).fill('wang.fang@example.com');
    // Typed in lowercase, shown and saved in capitals, with the rule said beside the field.
    await expect
      .poll(() => dialog.getByLabel('Company name (English)', { exact: true }).inputValue())
      .toBe(company);
    await visible(dialog.getByText('English, in capitals; no Chinese').first());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Contact added'));
    await gone(page.getByRole('dialog', { name: 'Add contact' }));
    const added = row(page, company);
    await visible(added);
    expect(await added.getByRole('cell', { name: 'Shipper and consignee', exact: true }).count()).toBe(1);
    expect(await added.getByRole('cell', { name: 'China', exact: true }).count()).toBe(1);

    // The same contact again: the server refuses it and its message is shown in a modal.
    await page.getByRole('button', { name: 'Add contact' }).click();
    const again = page.getByRole('dialog', { name: 'Add contact' });
    await again.getByLabel('Company name (English)', { exact: true }).fill(company);
    await again.getByLabel('Contact person', { exact: true }).fill('WANG FANG');
    await again.getByLabel('Address (English)', { exact: true }).fill('NO. 1 TEST ROAD');
    await again.getByLabel('City', { exact: true }).fill('NINGBO');
    await pick(page, again, 'Country', 'China');
    await again.getByLabel('Phone', { exact: true }).fill('+86 574 1234567');
    await again.getByRole('button', { name: 'Save' }).click();
    const failure = page.getByRole('dialog').filter({ hasText: 'Failed to add contact' });
    await visible(
      failure.getByText('The contact book already has this type, English company name and contact person'),
    );
    await failure.getByRole('button', { name: 'OK' }).click();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await gone(page.getByRole('dialog', { name: 'Add contact' }));

    await added.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit contact' });
    const linkman = editor.getByLabel('Contact person', { exact: true });
    await expect.poll(() => linkman.inputValue(), WAIT).toBe('WANG FANG');
    expect(await editor.getByLabel('Company name (English)', { exact: true }).inputValue()).toBe(company);
    await linkman.fill('LI NA');
    await editor.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Contact updated'));
    await visible(added.getByRole('cell', { name: 'LI NA', exact: true }));

    await added.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete this?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('Contact deleted'));
    await gone(row(page, company));
    await context.close();
  });

  it('searches by keyword and batch deletes two contacts after confirming (Chinese)', async () => {
    const token = await apiToken(portal.url, DEMO.customer);
    const first = unique('E2E BATCH A');
    const second = unique('E2E BATCH B');
    const kept = unique('E2E BATCH KEPT');
    for (const name of [first, second, kept]) await addContact(portal, token, name);

    const { context, page } = await openContacts(browser, portal, 'zh-CN');
    await visible(page.getByRole('heading', { name: '联系人管理' }));
    await page.getByLabel('关键字').fill('E2E BATCH');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await visible(row(page, kept));
    await gone(page.getByRole('row').filter({ hasText: 'E2E ADD' }));
    expect(await row(page, first).getByRole('cell', { name: '收货人', exact: true }).count()).toBe(1);

    await page.getByRole('checkbox', { name: `选择 ${first}` }).check();
    await page.getByRole('checkbox', { name: `选择 ${second}` }).check();
    await page.getByRole('button', { name: '批量删除' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定要删除选中的 2 条记录吗？' });
    await visible(confirm);
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await visible(page.getByText('已删除 2 个联系人'));
    await gone(row(page, first));
    await gone(row(page, second));
    await visible(row(page, kept));

    await page.getByRole('button', { name: /重\s*置/ }).click();
    expect(await page.getByLabel('关键字').inputValue()).toBe('');
    await context.close();
  });

  it('keeps the keyword box and its buttons on a 375 px screen (Chinese)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/contacts',
      locale: 'zh-CN',
      width: 375,
      height: 740,
    });
    await visible(page.getByRole('heading', { name: '联系人管理' }));
    for (const control of [
      page.getByLabel('关键字'),
      page.getByRole('button', { name: /搜\s*索/ }),
      page.getByRole('button', { name: /重\s*置/ }),
    ]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375, JSON.stringify(box)).toBe(true);
    }
    // Nothing scrolls sideways: the page is as wide as the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it("does not show one member's contacts to another", async () => {
    const demoToken = await apiToken(portal.url, DEMO.customer);
    const forwarderToken = await apiToken(portal.url, DEMO.forwarder);
    const mine = unique('E2E DEMO ONLY');
    const theirs = unique('E2E FORWARDER OWN');
    const mineId = await addContact(portal, demoToken, mine);
    await addContact(portal, forwarderToken, theirs);

    const { context, page } = await openContacts(browser, portal, 'en-US', DEMO.forwarder);
    await visible(row(page, theirs));
    expect(await row(page, mine).count()).toBe(0);
    expect(await page.getByRole('row').filter({ hasText: 'E2E ADD' }).count()).toBe(0);
    await page.getByLabel('Keyword').fill('E2E DEMO ONLY');
    await page.getByRole('button', { name: 'Search' }).click();
    await gone(row(page, theirs));
    expect(await row(page, mine).count()).toBe(0);

    const probe = await fetch(`${portal.url}/api/customer/contact/${mineId}`, {
      headers: { authorization: `Bearer ${forwarderToken}` },
    });
    expect(probe.status).toBe(404);
    await context.close();
  });
});

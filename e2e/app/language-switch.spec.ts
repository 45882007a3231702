import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { gone, openSignedIn, visible } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A message key shown as text (`menu.quotes`, `shared.fields.company1` …): a string never loaded. */
const RAW_KEY = /\b(?:menu|common|shared|layout|app|error|version|bookings|contacts|auth|profile)\.[a-zA-Z]+/;
const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);
const CJK = /[\u4e00-\u9fff]/;

/**
 * Switching the language inside the app: every string in the new language at once, no
 * raw keys, and errors already on screen rewritten, in both directions, on a desktop and a phone.
 */
describe('language switch inside the app', () => {
  it('turns every page and a shown form error into English and back, on a desktop', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings',
      locale: 'zh-CN',
      width: 1366,
    });
    await visible(page.getByRole('heading', { name: '我的订舱' }));
    // Feature areas load their strings with their first page: two of them before the switch.
    await page.getByRole('link', { name: '联系人', exact: true }).click();
    await visible(page.getByRole('heading', { name: '联系人管理' }));
    await page.getByRole('link', { name: '会员资料' }).click();
    const phone = page.getByLabel('电话');
    await phone.fill('');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await visible(page.getByText('请填写电话'));

    await page.getByRole('button', { name: /切换语言|Switch language/ }).click();
    await visible(page.getByRole('link', { name: 'Contacts', exact: true }));
    await visible(page.getByRole('heading', { name: 'Member Profile' }));
    // The error already shown is written again in English.
    await visible(page.getByText('Phone is required'));
    await gone(page.getByText('请填写电话'));
    await expect.poll(async () => CJK.test(await page.getByRole('main').innerText())).toBe(false);
    expect(await bodyText(page)).not.toMatch(RAW_KEY);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    // Each page names itself in the document's title, in the interface language.
    await expect.poll(() => page.title()).toBe('Member Profile - Freight Booking Portal');

    for (const [link, heading] of [
      ['My Bookings', 'My Bookings'],
      ['Contacts', 'Contact Management'],
      ['Quotes', 'Shipping Quotes'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await visible(page.getByRole('heading', { name: heading }));
      expect(await bodyText(page)).not.toMatch(RAW_KEY);
    }

    await page.getByRole('button', { name: /Switch language|切换语言/ }).click();
    await visible(page.getByRole('heading', { name: '船期报价' }));
    expect(await bodyText(page)).not.toMatch(RAW_KEY);
    await expect.poll(() => page.title()).toBe('船期报价 - 货运订舱平台');
    await context.close();
  });

  it('switches from English to Chinese on a phone, menu included', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: '/contacts',
      locale: 'en-US',
      width: 375,
      height: 812,
    });
    await visible(page.getByRole('heading', { name: 'Contact Management' }));
    await page.getByRole('button', { name: /Switch language/ }).click();
    await visible(page.getByRole('heading', { name: '联系人管理' }));
    expect(await bodyText(page)).not.toMatch(RAW_KEY);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await visible(page.getByRole('link', { name: '我的订舱' }));
    await page.getByRole('link', { name: '我的订舱' }).click();
    await visible(page.getByRole('heading', { name: '我的订舱' }));
    expect(await bodyText(page)).not.toMatch(RAW_KEY);
    await context.close();
  });
});

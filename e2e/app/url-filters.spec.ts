import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, idOf } from '../bookings/booking-api';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, openSignedIn, pick, visible } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
/** How many of the demo member's bookings go to Hamburg with "BK" in a number (all of them do). */
let hamburgTotal: number;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  const token = await apiToken(portal.url, DEMO.customer);
  const hamburg = await idOf(portal, 'port', 'DEHAM', token);
  const all = await call<{ total: number }>(portal, 'GET', '/order?page=1&size=10', token);
  const filtered = await call<{ total: number }>(
    portal,
    'GET',
    `/order?page=1&size=10&keyword=BK&to_id=${hamburg}`,
    token,
  );
  hamburgTotal = filtered.total;
  // The filter must narrow the list for the test to mean anything.
  expect(hamburgTotal).toBeGreaterThan(0);
  expect(hamburgTotal).toBeLessThan(all.total);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The list shows the Hamburg bookings only, and the filter form still holds what was set. */
async function expectFiltered(page: Page, locale: 'en' | 'zh') {
  const [keyword, total] =
    locale === 'en' ? ['Keyword', `${hamburgTotal} in total`] : ['关键字', `共 ${hamburgTotal} 条`];
  await visible(page.getByText(total, { exact: true }));
  await expect.poll(() => page.getByRole('textbox', { name: keyword }).inputValue()).toBe('BK');
  const form = page.getByRole('form', { name: locale === 'en' ? 'Booking filters' : '订舱筛选' });
  await visible(form.getByTitle(locale === 'en' ? /^Hamburg · DEHAM/ : /^汉堡 Hamburg · DEHAM/));
}

describe('list filters in the address', () => {
  it('keeps the bookings filters on reload, on a language switch and in a new page', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings',
      locale: 'en-US',
      width: 1366,
    });
    await visible(page.getByRole('heading', { name: 'My Bookings' }));
    await page.getByRole('textbox', { name: 'Keyword' }).fill('BK');
    await pick(page, page, 'Delivery place', 'Hamburg');
    await page.getByRole('button', { name: /^Search$/ }).click();
    await expectFiltered(page, 'en');
    const url = new URL(page.url());
    expect(url.searchParams.get('keyword')).toBe('BK');
    expect(url.searchParams.get('to_id')).toMatch(/^\d+$/);

    await page.reload();
    await visible(page.getByRole('heading', { name: 'My Bookings' }));
    await expectFiltered(page, 'en');

    await page.getByRole('button', { name: /Switch language|切换语言/ }).click();
    await visible(page.getByRole('heading', { name: '我的订舱' }));
    await expectFiltered(page, 'zh');

    const other = await context.newPage();
    await other.goto(url.toString());
    await visible(other.getByRole('heading', { name: '我的订舱' }));
    await expectFiltered(other, 'zh');

    // A link with a wrong value is read without it rather than failing the page.
    await other.goto(`${url.pathname}?keyword=BK&to_id=abc&status=999`);
    await visible(other.getByRole('heading', { name: '我的订舱' }));
    await expect.poll(() => other.getByRole('textbox', { name: '关键字' }).inputValue()).toBe('BK');
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, idOf } from '../bookings/booking-api';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, dataRows, openSignedIn, visible } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
/** The demo board's 40HQ prices, all of them, as numbers. */
let hqPrices: number[];

type Board = { total: number; lists: { spaces: { container_id: number; price: string }[] }[] };

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  const token = await apiToken(portal.url, DEMO.customer);
  const hq = await idOf(portal, 'container', '40HQ', token);
  const board = await call<Board>(portal, 'GET', '/quote?page=1&size=1000', token);
  hqPrices = board.lists.flatMap((q) =>
    q.spaces.filter((s) => s.container_id === hq).map((s) => Number(s.price)),
  );
  // More rates than a page: the order must come from the server, not from the page shown.
  expect(board.total).toBeGreaterThan(50);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A price as the board writes it: US$, thousands grouped, cents only when there are some. */
const usd = (value: number) =>
  `US$${value.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;

/** The board's filter form (its dropdowns' labels are also the table's column names). */
const filterForm = (page: Page) => page.getByRole('form', { name: /^(Quote filters|报价筛选)$/ });

/** Types into a dropdown and expects an option titled `title` (code and country in it). */
async function expectOption(page: Page, label: string, typed: string, title: string) {
  const input = filterForm(page).getByLabel(label, { exact: true });
  await input.click();
  await input.fill(typed);
  await visible(page.getByTitle(title, { exact: true }));
  await input.press('Escape');
}

/** The 40HQ price of the board's first row. */
const firstHq = async (page: Page) => {
  const header = await page.getByRole('columnheader').allInnerTexts();
  const column = header.findIndex((text) => text.trim() === '40HQ');
  return dataRows(page).first().getByRole('cell').nth(column).innerText();
};

describe('quote board: searching ports and carriers, sorting by price', () => {
  it('finds ports and carriers by code, English and Chinese name in the Chinese board', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/quotes',
      locale: 'zh-CN',
      width: 1366,
    });
    await visible(page.getByRole('heading', { name: '船期报价' }));
    for (const typed of ['DEHAM', 'Hamburg', 'ham', '汉堡'])
      await expectOption(page, '交货地', typed, '汉堡 Hamburg · DEHAM · 德国');
    await expectOption(page, '起运港', 'CNSHA', '上海 Shanghai · CNSHA · 中国');
    await expectOption(page, '船公司', 'COSCO', '中远海运集运 COSCO Shipping Lines · COSU');
    await expectOption(page, '船公司', 'MSK', '马士基 Maersk · MAEU');
    // The carrier whose name starts with what was typed comes first: Enter picks Maersk, not
    // Sealand (a Maersk company).
    const carrier = filterForm(page).getByLabel('船公司', { exact: true });
    await carrier.click();
    await carrier.fill('maersk');
    await visible(page.getByTitle('马士基 Maersk · MAEU', { exact: true }));
    await carrier.press('Enter');
    await visible(page.getByRole('form', { name: '报价筛选' }).getByTitle('马士基 Maersk · MAEU'));
    await context.close();
  });

  it('finds ports by Chinese name and code in the English board', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/quotes',
      locale: 'en-US',
      width: 1366,
    });
    await visible(page.getByRole('heading', { name: 'Shipping Quotes' }));
    for (const typed of ['汉堡', 'DEHAM', 'deham'])
      await expectOption(page, 'Delivery place', typed, 'Hamburg · DEHAM · Germany');
    await expectOption(page, 'Port of loading', 'cnsha', 'Shanghai · CNSHA · China');
    await expectOption(page, 'Carrier', '中远', 'COSCO Shipping Lines · COSU');
    await context.close();
  });

  it('sorts the whole board by 40HQ price from the keyboard, kept in the address', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/quotes',
      locale: 'en-US',
      width: 1366,
    });
    await visible(page.getByRole('heading', { name: 'Shipping Quotes' }));
    const header = page.getByRole('columnheader', { name: '40HQ' });
    await visible(header);
    await header.focus();
    await header.press('Enter');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => firstHq(page)).toBe(usd(Math.min(...hqPrices)));
    const url = new URL(page.url());
    expect(url.searchParams.get('field')).toBe('price');
    expect(url.searchParams.get('order')).toBe('asc');
    expect(url.searchParams.get('container_id')).toMatch(/^\d+$/);

    await header.press('Enter');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => firstHq(page)).toBe(usd(Math.max(...hqPrices)));

    await page.reload();
    await expect
      .poll(() => page.getByRole('columnheader', { name: '40HQ' }).getAttribute('aria-sort'))
      .toBe('descending');
    await expect.poll(() => firstHq(page)).toBe(usd(Math.max(...hqPrices)));
    await context.close();
  });

  it('shows the English board at 1366 with grouped prices, whole carrier names and one filter row', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings',
      locale: 'en-US',
      width: 1366,
    });
    await visible(page.getByRole('heading', { name: 'My Bookings' }));
    // Opened from another page, the board never says it has no rows between its spinner and its
    // rows (the rows rendered after the spinner had gone, with "No data" in their place).
    await page.evaluate(() => {
      const seen = { noData: false };
      Object.assign(window, { seen });
      new MutationObserver(() => {
        seen.noData ||= document.body.textContent?.includes('No data') ?? false;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('link', { name: 'Quotes', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Shipping Quotes' }));
    await visible(dataRows(page).first());
    expect(await page.evaluate(() => (window as unknown as { seen: { noData: boolean } }).seen.noData)).toBe(
      false,
    );
    // Thousands grouped: no price of four figures or more without its comma.
    const table = await page.getByRole('table').first().innerText();
    expect(table).toMatch(/US\$\d{1,3},\d{3}/);
    expect(table).not.toMatch(/US\$\d{4}/);
    // Long carrier names are shown whole (they wrap), not cut with an ellipsis.
    const cells = page.getByRole('cell', { name: /^(Ocean Network Express \(ONE\)|COSCO Shipping Lines)$/ });
    await visible(cells);
    for (const cell of await cells.all()) {
      const clipped = await cell.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(clipped).toBe(false);
    }
    // Search and Reset stay on the line of the last filter.
    const form = page.getByRole('form', { name: 'Quote filters' });
    await page.screenshot({ path: '/tmp/h7-quotes-en.png' });
    const search = await form.getByRole('button', { name: /^Search$/ }).boundingBox();
    const carrier = await form.getByLabel('Carrier', { exact: true }).boundingBox();
    expect(
      search && carrier && Math.abs(search.y + search.height / 2 - (carrier.y + carrier.height / 2)),
    ).toBeLessThan(12);
    // Rates ending within the week say so.
    await visible(page.getByText('Expires this week'));
    await page.screenshot({ path: '/tmp/h7-quotes-en.png' });
    await context.close();
  });
});

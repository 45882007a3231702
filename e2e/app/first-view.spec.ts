import { DEFAULT_TIME_ZONE, formatInstant, PAGE_SESSION_COOKIE } from '@freight/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, openSignedIn, visible, WAIT } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A page without scripts, with the page cookie a login through the page leaves. */
async function withoutScripts(token: string, locale: 'zh-CN' | 'en-US', width = 1366) {
  const context = await browser.newContext({
    baseURL: portal.url,
    locale,
    javaScriptEnabled: false,
    viewport: { width, height: 768 },
  });
  await context.addCookies([{ name: PAGE_SESSION_COOKIE, value: token, url: portal.url }]);
  return { context, page: await context.newPage() };
}

/** What React reports when the browser's first render differs from the server's view. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Holds the app's entry script until `release` is called: the page then shows the server's view
 * alone, as on a slow link while its scripts load.
 */
async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Member lists sent with their first view rendered on the server. */
describe('first view from the server', () => {
  it('paints the member’s own list from the HTML alone, in their language', async () => {
    const customer = await apiToken(portal.url, DEMO.customer);
    const forwarder = await apiToken(portal.url, DEMO.forwarder);

    const en = await withoutScripts(customer, 'en-US');
    await en.page.goto('/bookings');
    await visible(en.page.getByRole('heading', { name: 'My Bookings' }));
    await visible(en.page.getByRole('link', { name: 'My Bookings', exact: true }));
    const rows = en.page.getByRole('row');
    expect(await rows.count()).toBeGreaterThan(5);
    expect(await en.page.getByText('Welcome, ').count()).toBe(1);
    expect(await en.page.locator('#page-shell').count()).toBe(0);
    // The customer's rows: the forwarder's received list is another page, and the customer has
    // no access to it, so it is sent plain.
    await en.page.goto('/received-bookings');
    expect(await en.page.getByRole('row').count()).toBe(0);
    await en.context.close();

    const zh = await withoutScripts(forwarder, 'zh-CN', 375);
    await zh.page.goto('/received-bookings');
    await visible(zh.page.getByRole('heading', { name: /收到的订舱/ }));
    expect(await zh.page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await zh.context.close();
  });

  it('sends the plain page for a cookie of no live session', async () => {
    const { context, page } = await withoutScripts('x'.repeat(43), 'en-US');
    await page.goto('/quotes');
    expect(await page.getByRole('heading').count()).toBe(0);
    expect(await page.locator('#page-shell').count()).toBe(1);
    await context.close();
  });

  it('hydrates the view without a mismatch, then works as the app', async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: '/quotes',
        locale,
      });
      // The first load wrote the page cookie; this one is rendered by the server.
      expect((await context.cookies()).some((c) => c.name === PAGE_SESSION_COOKIE)).toBe(true);
      const errors = hydrationErrors(page);
      // The app's entry is held until the view from the HTML has been marked.
      const { release } = await holdScripts(page);
      const reloading = page.reload();
      const heading = page.getByRole('heading', {
        name: locale === 'en-US' ? 'Shipping Quotes' : '船期报价',
      });
      await visible(heading);
      await heading.evaluate((element) => Object.assign(element, { fromServer: true }));
      release();
      expect(await (await reloading)?.text()).toContain('id="server-state"');
      // Hydrated: the data element is read and gone, and React kept the server's nodes (a render
      // anew would have replaced the heading); the menu then navigates without a reload.
      await expect.poll(() => page.locator('#server-state').count(), WAIT).toBe(0);
      await expect
        .poll(() => page.getByRole('button', { name: /Switch language|切换语言/ }).count(), WAIT)
        .toBe(1);
      expect(await heading.evaluate((element) => 'fromServer' in element)).toBe(true);
      const bookings = locale === 'en-US' ? 'My Bookings' : '我的订舱';
      await page.getByRole('link', { name: bookings, exact: true }).click();
      await page.waitForURL('**/bookings');
      await visible(page.getByRole('heading', { name: bookings }));
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('hydrates the booking list without a mismatch in any browser time zone, in the portal zone', async () => {
    const token = await apiToken(portal.url, DEMO.customer);
    const reply = await fetch(`${portal.url}/api/order?page=1&size=1`, {
      headers: { authorization: `Bearer ${token}`, lang: 'cn' },
    });
    const newest = ((await reply.json()) as { data: { lists: { create_time: string }[] } }).data.lists[0];
    // The time the list shows, as a person in Shanghai reads it, whatever the browser's zone.
    const shown = formatInstant(newest?.create_time, 'zh-CN', DEFAULT_TIME_ZONE);
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    for (const timezoneId of ['Asia/Shanghai', 'America/Los_Angeles', 'UTC']) {
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: '/bookings',
        locale: 'zh-CN',
        timezoneId,
      });
      await visible(page.getByRole('heading', { name: '我的订舱' }));
      const errors = hydrationErrors(page);
      const { release } = await holdScripts(page);
      const reloading = page.reload();
      const cell = page.getByRole('cell', { name: shown }).first();
      await visible(cell);
      await cell.evaluate((element) => Object.assign(element, { fromServer: true }));
      release();
      expect(await (await reloading)?.text()).toContain('id="server-state"');
      await expect.poll(() => page.locator('#server-state').count(), WAIT).toBe(0);
      await expect.poll(() => page.getByRole('button', { name: /切换语言/ }).count(), WAIT).toBe(1);
      // React kept the server's cell: the browser wrote the same time into it.
      expect(await cell.evaluate((element) => 'fromServer' in element), timezoneId).toBe(true);
      expect(errors, timezoneId).toEqual([]);
      await context.close();
    }
  });

  it('keeps what was typed into the view before its scripts ran, in the form the search sends', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings',
      locale: 'en-US',
    });
    const table = page.getByRole('table');
    await visible(table);
    const rows = table.getByRole('row');
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(3);
    const total = await rows.count();
    const bookingNo = (await rows.nth(1).getByRole('cell').first().innerText()).trim();
    expect(bookingNo).toMatch(/\w{6,}/);

    const { release } = await holdScripts(page);
    const reloading = page.reload();
    const keyword = page.getByRole('textbox', { name: 'Keyword' });
    const search = page.getByRole('button', { name: 'Search', exact: true });
    await visible(keyword);
    expect(await page.locator('#server-state').count()).toBe(1);
    // Searched before the app is there: no navigation by the browser's own form submission, which
    // reloaded the page and lost the text; the click and Enter do nothing.
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await keyword.fill(bookingNo);
    await search.click();
    await keyword.press('Enter');
    release();
    await reloading;
    // The app has the form once its Search button submits it.
    await expect.poll(() => search.getAttribute('type'), WAIT).toBe('submit');
    expect(navigations).toEqual([]);
    expect(page.url()).toBe(`${portal.url}/bookings`);
    expect(await keyword.inputValue()).toBe(bookingNo);
    await search.click();
    await expect.poll(() => rows.count(), WAIT).toBeLessThan(total);
    expect(await rows.nth(1).getByRole('cell').first().innerText()).toContain(bookingNo);
    expect(await keyword.inputValue()).toBe(bookingNo);
    // Reset clears the form's value: it was the form's, not only the element's.
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect.poll(() => keyword.inputValue(), WAIT).toBe('');
    await expect.poll(() => rows.count(), WAIT).toBe(total);
    await context.close();
  });

  it('renders in the language chosen in the app, and no more once logged out', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings',
      locale: 'zh-CN',
    });
    await visible(page.getByRole('heading', { name: '我的订舱' }));
    await page.getByRole('button', { name: 'English' }).click();
    await visible(page.getByRole('heading', { name: 'My Bookings' }));
    const html = await (await page.reload())?.text();
    expect(html).toContain('<html lang="en-US"');
    expect(html).toContain('My Bookings');
    await visible(page.getByRole('heading', { name: 'My Bookings' }));

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect((await context.cookies()).some((c) => c.name === PAGE_SESSION_COOKIE)).toBe(false);
    await context.close();
  });
});

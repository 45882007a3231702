import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { apiToken, dataRows, openSignedIn, visible } from '../support/steps';
import { DEMO, startPortal, type PortalServer } from '../support/server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('app shell on the built portal', () => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('sends a visitor from / to /login', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/');
    await page.waitForURL('**/login');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('shows Page Not Found for an unknown path, with a link back to /', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText('Page Not Found', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('?lang=en switches to English, is remembered and leaves the address', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await page.goto('/no/such/page?lang=en&x=1');
    await expect.poll(() => page.getByText('Page Not Found', { exact: true }).isVisible()).toBe(true);
    const url = new URL(page.url());
    expect(url.searchParams.has('lang')).toBe(false);
    expect(url.searchParams.get('x')).toBe('1');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByText('Page Not Found', { exact: true }).isVisible()).toBe(true);
    await page.goto('/no/such/page?lang=zh-cn');
    await expect.poll(() => page.getByText('页面不存在', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('detects the browser language when nothing is stored, Chinese otherwise', async () => {
    const english = await newPage(browser, portal.url, { locale: 'en-US' });
    await english.page.goto('/no/such/page');
    await expect.poll(() => english.page.getByText('Page Not Found', { exact: true }).isVisible()).toBe(true);
    await english.context.close();
    const german = await newPage(browser, portal.url, { locale: 'de-DE' });
    await german.page.goto('/no/such/page');
    await expect.poll(() => german.page.getByText('页面不存在', { exact: true }).isVisible()).toBe(true);
    await german.context.close();
  });

  it('remembers the origin, filters the menu by role and sends a disallowed path to /quotes', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    await page.goto('/contacts?x=2');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('redirectPath'))).toBe('/contacts?x=2');
    const token = await apiToken(portal.url, DEMO.customer);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto('/rate');
    await page.waitForURL('**/quotes');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => nav.getByRole('link', { name: 'Quotes', exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Rates', exact: true }).count()).toBe(0);
    await visible(page.getByText('Welcome, LI MING'));
    await context.close();
  });

  it('shows a spinner, not "No data", while a list loads, and names booking pages in the title', async () => {
    const { context, page, token } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/quotes',
      locale: 'en-US',
    });
    await page.getByRole('heading', { name: 'Shipping Quotes' }).waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/order?**', async (route) => {
      await held;
      await route.continue();
    });
    // Within the app (a page opened anew gets its first view, data included, from the server).
    await page.getByRole('link', { name: 'My Bookings', exact: true }).click();
    await page.waitForURL('**/bookings');
    await visible(page.locator('[aria-busy="true"]'));
    expect(await page.getByText('No data').count()).toBe(0);
    release();
    await visible(dataRows(page).first());

    const list = (await (
      await fetch(`${portal.url}/api/order?page=1&size=50`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { data: { lists: { id: number; order_no: string; status: number }[] } };
    const sent = list.data.lists.find((row) => row.status !== 0);
    if (!sent) throw new Error('the demo customer has no submitted booking');
    await page.goto(`/bookings/${sent.id}`);
    await expect.poll(() => page.title()).toBe(`Booking ${sent.order_no} - Freight Booking Portal`);
    await page.goto('/bookings/create-lcl');
    await expect.poll(() => page.title()).toMatch(/^New LCL booking - Freight Booking Portal$/);
    await context.close();
  });

  it('offers Refresh Now / Later after a navigation when the version changed', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: '/quotes',
      locale: 'en-US',
      width: 1600,
    });
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const profileLink = nav.getByRole('link', { name: 'Profile', exact: true });
    await expect.poll(() => profileLink.isVisible()).toBe(true);
    // The first check (the version the page saw) has been answered before the test goes on: on a
    // busy machine it came after the navigation below, and was taken for that navigation's check.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((entry) => entry.name.includes('/version.json')),
        ),
      )
      .toBe(true);
    // The check after this navigation must have read the old version before the deploy happens.
    const checked = page.waitForResponse((response) => response.url().includes('/version.json'));
    await profileLink.click();
    await page.waitForURL('**/profile');
    await checked;
    portal.setVersion('9.9.9-e2e');
    await nav.getByRole('link', { name: 'Contacts', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.innerText()).toContain('A new version is available');
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    /** Follows a menu link and waits until the version check after it has been answered. */
    const navigate = (name: string, path: string) =>
      Promise.all([
        page.waitForResponse((response) => response.url().includes('/version.json')),
        nav
          .getByRole('link', { name, exact: true })
          .click()
          .then(() => page.waitForURL(`**${path}`)),
      ]);
    // Later dismisses that version: the next check brings no dialog. A dialog it opened would be
    // shown by the time a further navigation's check has been answered (or would block that click).
    await navigate('Quotes', '/quotes');
    await navigate('Profile', '/profile');
    expect(await page.getByText('A new version is available').count()).toBe(0);
    // A newer version is offered again: the checks still run.
    portal.setVersion('9.9.10-e2e');
    await nav.getByRole('link', { name: 'Contacts', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.innerText()).toContain('A new version is available');
    await context.close();
  });

  it('paints a member page’s frame from the HTML before any script, and the layout takes it over', async () => {
    for (const width of [1366, 375]) {
      // Without scripts: the HTML alone paints the header bar and the page's panels.
      const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 768 } });
      const still = await bare.newPage();
      await still.goto(`${portal.url}/quotes`);
      const shell = still.locator('#page-shell');
      expect(await shell.getAttribute('aria-hidden')).toBe('true');
      expect(await shell.innerText()).toBe(''); // no words: no language or menu to guess
      const shellHeader = await still.locator('#page-shell > .shell-header').boundingBox();
      expect(shellHeader?.height).toBe(64);
      await bare.close();

      // With scripts: the main layout's header sits where the shell's was, and the shell is gone.
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: '/quotes',
        locale: 'en-US',
        width,
        height: 768,
      });
      await visible(page.getByRole('heading', { name: 'Shipping Quotes' }));
      expect(await page.locator('#page-shell').count()).toBe(0);
      const header = await page.getByRole('banner').boundingBox();
      expect(header?.height).toBe(shellHeader?.height);
      expect(header?.y).toBe(0);
      await context.close();
    }
    // Pages without a variant get no shell.
    expect(await (await fetch(`${portal.url}/contacts`)).text()).not.toContain('page-shell');
  });

  it('downloads the shared messages of its language only, and no e-mail texts', async () => {
    for (const [locale, mine, other] of [
      ['zh-CN', '请求的资源不存在', 'The requested resource does not exist'],
      ['en-US', 'The requested resource does not exist', '请求的资源不存在'],
    ] as const) {
      const { context, page } = await newPage(browser, portal.url, { locale });
      const scripts: Promise<string>[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('.js')) scripts.push(response.text());
      });
      await page.goto('/login');
      await visible(page.getByRole('button', { name: /^(登\s*录|Log in)$/ }));
      const code = (await Promise.all(scripts)).join('\n');
      expect(code).toContain(mine);
      // The other language's messages and the server's e-mail catalogs stay on the server.
      expect(code).not.toContain(other);
      expect(code).not.toContain('passwordChangedSubject');
      await context.close();
    }
  });

  it('turns the menu into a hamburger on a 375 px screen', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/quotes',
      locale: 'zh-CN',
      width: 375,
      height: 740,
    });
    const burger = page.getByRole('button', { name: '打开菜单' });
    await expect.poll(() => burger.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: '主菜单' }).count()).toBe(0);
    await burger.click();
    await page.getByRole('link', { name: '联系人管理' }).click();
    await page.waitForURL('**/contacts');
    await context.close();
  });
});

describe('maintenance mode', () => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ config: { app_close: 'true', app_close_tips: 'Back at 06:00 UTC' } });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('shows only the configured close message', async () => {
    const { context, page } = await newPage(browser, portal.url);
    await page.goto('/login');
    await expect.poll(() => page.getByText('Back at 06:00 UTC').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /登\s*录/ }).count()).toBe(0);
    await context.close();
  });

  it('falls back to the default text when no message is configured, and reopens', async () => {
    await portal.reconfigure({ app_close_tips: '' });
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    await page.goto('/');
    await expect.poll(() => page.getByText('Site is closed for maintenance').isVisible()).toBe(true);
    await portal.reconfigure({ app_close: 'false' });
    await page.goto('/');
    await page.waitForURL('**/login');
    await context.close();
  });
});

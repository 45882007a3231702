import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { CAPTCHA, DEMO, startPortal, type PortalServer } from '../support/server';
import { visible } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** What the page asked for and received, in the order the browser reported it. */
function recordTraffic(page: Page): string[] {
  const events: string[] = [];
  page.on('request', (request) => events.push(`request ${new URL(request.url()).pathname}`));
  page.on('response', (response) => events.push(`response ${new URL(response.url()).pathname}`));
  return events;
}

const isScript = (event: string, name: string) =>
  new RegExp(`^request /assets/${name}-[\\w-]+\\.js$`).test(event);

/**
 * The text of the style rules Ant Design inserted into the page itself, beyond its theme's variables
 * (custom properties, which it always writes): empty when the build's sheet held every style.
 */
const insertedRules = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('style[data-css-hash]'))
      .map((style) => style.textContent ?? '')
      .filter((text) => /[{;]\s*[a-z][a-z-]*\s*:/.test(text))
      .join('\n'),
  );

describe('the first page after the login', () => {
  it('takes Ant Design’s styles from the build’s sheet, on the login page and the quote board after it', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    await page.goto('/login');
    await visible(page.getByRole('button', { name: "Can't read it? Show another image" }));
    const sheets = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="stylesheet"]')).map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      ),
    );
    expect(sheets.filter((href) => /^\/assets\/antd-[0-9a-f]{12}\.css$/.test(href))).toHaveLength(1);
    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByLabel('Captcha').fill(CAPTCHA);
    await page.getByLabel('Captcha').press('Enter');
    await visible(page.getByRole('row').filter({ hasText: 'Shanghai' }));
    // Computed in the browser, a table's, a button's and a select's rules ran to tens of KB and most
    // of the time from the Enter to the rows; from the sheet, only an old browsers' media rule is left.
    expect((await insertedRules(page)).length).toBeLessThan(1000);
    expect(await insertedRules(page)).not.toMatch(
      /\.ant-(table|btn|select|menu|pagination)\b[^{]*\{[^}]*\b(display|padding|color):/,
    );
    await context.close();
  });

  it('loads a visit that does not log in without the member pages’ scripts', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    const events = recordTraffic(page);
    await page.goto('/login');
    await visible(page.getByRole('button', { name: "Can't read it? Show another image" }));
    await page.waitForLoadState('networkidle');
    expect(events.filter((e) => isScript(e, 'main-layout') || isScript(e, 'quotes-page'))).toEqual([]);
    await context.close();
  });

  it('loads the layout and the quote board while the member types, and asks for the rows at the login', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    const events = recordTraffic(page);
    await page.goto('/login');
    await page.getByLabel('邮箱').fill(DEMO.customer);
    await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
    await page.getByLabel('验证码').fill(CAPTCHA);
    // Typing is the sign: both scripts come before the Enter, while the member is still on the form.
    await expect.poll(() => events.filter((e) => isScript(e, 'main-layout')).length).toBe(1);
    expect(events.filter((e) => isScript(e, 'quotes-page'))).toHaveLength(1);
    await page.waitForLoadState('networkidle');
    const typed = events.length;

    await page.getByLabel('验证码').press('Enter');
    await page.waitForURL('**/quotes');
    await visible(page.getByRole('row').filter({ hasText: '上海' }));
    // The layout asks for the stream's ticket once it has rendered: wait for it to compare with.
    await expect.poll(() => events.includes('request /api/notifications/ticket')).toBe(true);
    const after = events.slice(typed);
    // No script of the layout or of the page is asked for after the Enter (they are there)…
    expect(after.filter((e) => isScript(e, 'main-layout') || isScript(e, 'quotes-page'))).toEqual([]);
    // …and the rows are asked for with the login's answer, before the user info that the layout
    // and its guard wait for has come, and before the layout opens the notification stream.
    const rows = after.indexOf('request /api/quote');
    expect(rows).toBeGreaterThan(after.indexOf('response /api/system/login'));
    expect(rows).toBeLessThan(after.indexOf('response /api/userinfo'));
    expect(rows).toBeLessThan(after.indexOf('request /api/notifications/ticket'));
    await context.close();
  });
});

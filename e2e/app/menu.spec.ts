import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { openSignedIn, visible } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/**
 * The forwarder's pages (the most menu items; the demo forwarder is its company's owner, who has the
 * team and activity pages), by the header's short and the drawer's full labels.
 */
const PAGES = {
  'en-US': [
    ['Quotes', 'Shipping Quotes'],
    ['Rates', 'Rate Management'],
    ['My Bookings', 'My Bookings'],
    ['Received', 'Received Bookings'],
    ['RFQs', 'Received RFQs'],
    ['Alliance', 'Shipper Alliance'],
    ['Contacts', 'Contact Management'],
    ['Profile', 'Member Profile'],
    ['Team', 'Team'],
    ['Activity', 'Activity'],
  ],
  'zh-CN': [
    ['船期报价', '船期报价'],
    ['运价管理', '运价管理'],
    ['我的订舱', '我的订舱'],
    ['收到的订舱', '收到的订舱'],
    ['收到询价', '收到的询价'],
    ['货代联盟', '货代联盟'],
    ['联系人', '联系人管理'],
    ['会员资料', '会员资料'],
    ['团队', '团队管理'],
    ['操作记录', '操作记录'],
  ],
} as const;

/** WCAG contrast of two CSS colours as the browser computes them (rgb or rgba on white). */
function contrast(foreground: string, background: string): number {
  const channels = (css: string) => {
    const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
    // Over white when translucent.
    return [r, g, b].map((c) => c * a + 255 * (1 - a));
  };
  const luminance = (rgb: number[]) =>
    rgb.reduce((sum, channel, i) => {
      const s = channel / 255;
      return sum + [0.2126, 0.7152, 0.0722][i]! * (s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4);
    }, 0);
  const [l1, l2] = [luminance(channels(foreground)), luminance(channels(background))].sort((a, b) => b - a);
  return (l1! + 0.05) / (l2! + 0.05);
}

/**
 * Every menu item stays reachable at every width: in one row without an overflow "…"
 * above 1180 px, through the hamburger below; and the drawer's selected item is readable (WCAG AA).
 */
describe('header menu', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    for (const width of [1366, 1200, 1024, 769]) {
      it(`keeps every one of the forwarder's items reachable at ${width} px (${locale})`, async () => {
        const { context, page } = await openSignedIn(browser, portal.url, {
          username: DEMO.forwarder,
          path: '/contacts',
          locale,
          width,
          height: 800,
        });
        await visible(page.getByRole('heading', { level: 4 }));
        const hamburger = page.getByRole('button', { name: locale === 'en-US' ? 'Open menu' : '打开菜单' });
        // Wide screens hold the row, narrow ones the hamburger; in between, whichever the labels
        // of the language fit, but every item reachable either way.
        if (width >= 1366) expect(await hamburger.count()).toBe(0);
        if (width <= 1024) expect(await hamburger.count()).toBe(1);
        if ((await hamburger.count()) === 0) {
          const nav = page.getByRole('navigation').first();
          for (const [short] of PAGES[locale]) {
            const link = nav.getByRole('link', { name: short, exact: true });
            await visible(link);
            const box = await link.boundingBox();
            expect(box && box.x + box.width <= width, short).toBe(true);
          }
          // Nothing folded away into Ant Design's overflow item ("…").
          expect(await nav.getByRole('menuitem', { name: /^(…|\.\.\.)$/ }).count()).toBe(0);
        } else {
          await hamburger.click();
          const drawer = page.getByRole('dialog');
          for (const [, full] of PAGES[locale])
            await visible(drawer.getByRole('link', { name: full, exact: true }));
          // The current page's item (/contacts): white on the site colour, at least 4.5:1.
          const selected = drawer.getByRole('menuitem', { name: PAGES[locale][6][1], exact: true });
          const [color, background] = await selected.evaluate((item) => {
            const style = getComputedStyle(item);
            return [style.color, style.backgroundColor];
          });
          expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
          await drawer.getByRole('link', { name: PAGES[locale][7][1], exact: true }).click();
          await page.waitForURL('**/profile');
        }
        await context.close();
      });
    }
    it(`gives a customer's shorter menu one row at 1024 px, not the hamburger (${locale})`, async () => {
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: '/contacts',
        locale,
        width: 1024,
        height: 768,
      });
      await visible(page.getByRole('heading', { level: 4 }));
      expect(await page.getByRole('button', { name: /Open menu|打开菜单/ }).count()).toBe(0);
      const nav = page.getByRole('navigation').first();
      const names =
        locale === 'en-US'
          ? ['Quotes', 'My Bookings', 'Contacts', 'Activity']
          : ['船期报价', '我的订舱', '联系人', '操作记录'];
      for (const name of names) {
        const box = await nav.getByRole('link', { name, exact: true }).boundingBox();
        expect(box && box.x + box.width <= 1024, name).toBe(true);
      }
      expect(await nav.getByRole('menuitem', { name: /^(…|\.\.\.)$/ }).count()).toBe(0);
      await context.close();
    });
  }
});

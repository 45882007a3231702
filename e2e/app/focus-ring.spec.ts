import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { startPortal, type PortalServer } from '../support/server';
import { visible, WAIT } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Whether an outline and a box-shadow ring are drawn around the focused element or its field box. */
function rings(element: Locator) {
  return element.evaluate((node) => {
    const own = getComputedStyle(node);
    const hasOutline = own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0;
    // Ant Design draws its ring on the field's box, which is the input itself or a wrapper of it.
    let hasShadow = false;
    for (let at: Element | null = node; at && at !== document.body; at = at.parentElement) {
      const shadow = getComputedStyle(at).boxShadow;
      if (shadow && shadow !== 'none') hasShadow = true;
      if (at.tagName === 'FORM') break;
    }
    return { hasOutline, hasShadow };
  });
}

describe('focus indicator', () => {
  for (const [locale, email, link] of [
    ['zh-CN', '邮箱', '忘记密码？'],
    ['en-US', 'Email', 'Forgot password?'],
  ] as const) {
    it(`draws one ring around a focused field and keeps the outline on links (${locale})`, async () => {
      const { context, page } = await newPage(browser, portal.url, { locale });
      await page.goto('/login');
      const field = page.getByLabel(email, { exact: true });
      await visible(field);
      await field.focus();
      // Ant Design's ring (a box-shadow) fades in; once it is there, no outline is drawn as well.
      await expect.poll(async () => (await rings(field)).hasShadow, WAIT).toBe(true);
      expect((await rings(field)).hasOutline).toBe(false);

      // Reach the link with the keyboard, as a keyboard user would.
      const target = page.getByRole('link', { name: link });
      for (let step = 0; step < 12; step += 1) {
        if (await target.evaluate((node) => node === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      expect(await target.evaluate((node) => node === document.activeElement)).toBe(true);
      expect((await rings(target)).hasOutline).toBe(true);
      await context.close();
    });
  }
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, openSignedIn, visible, WAIT } from '../support/steps';
import { call } from './booking-api';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

declare global {
  interface Window {
    printedFrames?: { src: string; type: string | undefined }[];
  }
}

describe('printing a booking PDF', () => {
  for (const [locale, print, note] of [
    ['zh-CN', /^打\s*印$/, '订舱委托书'],
    ['en-US', /^Print$/, 'Booking note'],
  ] as const) {
    it(`sends the PDF to the print dialog from the page, without a new tab (${locale})`, async () => {
      const token = await apiToken(portal.url, DEMO.customer);
      const list = await call<{ lists: { id: number }[] }>(portal, 'GET', '/order?page=1&size=1', token);
      const booking = list.lists[0];
      if (!booking) throw new Error('the demo customer has no booking');
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: `/bookings/${booking.id}`,
        locale,
      });
      // The browser's print dialog cannot be driven: each frame's print() records the frame's
      // address instead of opening it.
      await context.addInitScript(() => {
        window.printedFrames = [];
        const own = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
        Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
          configurable: true,
          get(this: HTMLIFrameElement) {
            const view = own?.get?.call(this) as Window | null;
            if (view)
              view.print = () =>
                window.printedFrames?.push({ src: this.src, type: this.contentDocument?.contentType });
            return view;
          },
        });
      });
      await page.reload();
      let tabs = 0;
      context.on('page', () => (tabs += 1));
      const button = page.getByRole('button', { name: print });
      await visible(button);
      await button.click();
      await page.getByRole('menuitem', { name: note }).click();
      await expect.poll(() => page.evaluate(() => window.printedFrames?.length ?? 0), WAIT).toBe(1);
      const printed = await page.evaluate(() => window.printedFrames?.[0]);
      // The frame printed holds the PDF itself, from the page's own blob, and is in the page.
      expect(printed?.src.startsWith(`blob:${portal.url}/`)).toBe(true);
      expect(printed?.type).toBe('application/pdf');
      const frames = await page.evaluate(() => Array.from(document.querySelectorAll('iframe'), (f) => f.src));
      expect(frames).toContain(printed?.src);
      expect(tabs).toBe(0);
      await context.close();
    });
  }
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { openSignedIn, visible } from '../support/steps';

let browser: Browser;
let portal: PortalServer;

/** The demo company's read-only person (a viewer). */
const VIEWER = 'viewer@example.com';

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const TEXT = {
  'zh-CN': {
    book: '订舱',
    rfq: '询价',
    list: '我的订舱',
    shipper: '发货人',
    detail: /^详\s*情$/,
    bookingHeading: /^订舱 BK/,
    writes: [/^复\s*制$/, /^编\s*辑$/, /^提交订舱$/, /^提交补料$/],
    refused: '你的角色是只读（查看者），不能新增、修改或复制订舱',
  },
  'en-US': {
    book: 'Book',
    rfq: 'RFQ',
    list: 'My Bookings',
    shipper: 'Shipper',
    detail: /^Detail$/,
    bookingHeading: /^Booking BK/,
    writes: [/^Copy$/, /^Edit$/, /^Submit booking$/, /^Submit shipping instructions$/],
    refused: 'Your role is read-only (viewer): you cannot create, edit or copy bookings',
  },
} as const;

describe('what a viewer is offered', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`offers a viewer no Book or RFQ, and sends the booking form's address back to the list (${locale})`, async () => {
      const text = TEXT[locale];
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: VIEWER,
        path: '/quotes',
        locale,
      });
      // The board lists the quotes to read, without the actions the viewer may not take.
      await visible(page.getByRole('row').nth(1));
      expect(await page.getByRole('button', { name: text.book, exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: text.rfq, exact: true }).count()).toBe(0);
      // Typed by hand, the form's address does not open a form that would fail on submit.
      for (const address of ['/bookings/create-fcl', '/bookings/create-lcl']) {
        await page.goto(address);
        await page.waitForURL((url) => url.pathname === '/bookings');
        await visible(page.getByRole('alert').filter({ hasText: text.refused }));
        await visible(page.getByRole('heading', { name: text.list }));
        expect(await page.getByLabel(text.shipper, { exact: true }).count()).toBe(0);
      }
      // A booking's detail is there to read: no Copy, Edit or Submit.
      await page.getByRole('row').nth(1).getByRole('button', { name: text.detail }).click();
      await page.waitForURL(/\/bookings\/\d+$/);
      await visible(page.getByRole('heading', { name: text.bookingHeading }));
      for (const name of text.writes)
        expect(await page.getByRole('button', { name }).count(), String(name)).toBe(0);
      await context.close();
    });
  }

  it('still offers the owner Book and RFQ', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/quotes',
      locale: 'en-US',
    });
    await visible(page.getByRole('button', { name: 'Book', exact: true }).first());
    await visible(page.getByRole('button', { name: 'RFQ', exact: true }).first());
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { openSignedIn, pickOption, visible } from '../support/steps';

let browser: Browser;
let portal: PortalServer;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

// The Chinese name in brackets as each language writes it: full width in Chinese.
const TEXT = {
  'zh-CN': {
    shipper: '发货人',
    shipperName: 'NINGBO BRIGHT ELECTRONICS CO., LTD（宁波明亮电子有限公司）',
    saveDraft: '保存草稿',
    saved: '草稿已保存：公司同事均可查看和继续填写，货代尚未收到',
    list: '我的订舱',
    draft: '草稿',
  },
  'en-US': {
    shipper: 'Shipper',
    shipperName: 'NINGBO BRIGHT ELECTRONICS CO., LTD (宁波明亮电子有限公司)',
    saveDraft: 'Save draft',
    saved: "Draft saved: your company's colleagues can see and finish it; the forwarder has not received it",
    list: 'My Bookings',
    draft: 'Draft',
  },
} as const;

describe('a draft keeps what was typed', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`saves a booking with only its shipper and opens it again from the list (${locale})`, async () => {
      const text = TEXT[locale];
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: '/bookings/create-fcl',
        locale,
      });
      await visible(page.getByLabel(text.shipper, { exact: true }));
      await pickOption(page, page, text.shipper, 'NINGBO', text.shipperName);
      // Nothing else is filled in: the draft is saved as it is, to be finished later.
      await page.getByRole('button', { name: text.saveDraft }).click();
      await visible(page.getByText(text.saved));
      await page.waitForURL(/\/bookings\/edit-fcl\/\d+$/);
      const heading = page.getByRole('heading', { name: /BK\d+/ });
      await visible(heading);
      const orderNo = /BK\d+/.exec((await heading.first().textContent()) ?? '')?.[0] ?? '';
      expect(orderNo).not.toBe('');

      await page.getByRole('link', { name: text.list }).click();
      await page.waitForURL((url) => url.pathname === '/bookings');
      const row = page.getByRole('row').filter({ hasText: orderNo });
      await visible(row);
      await visible(row.getByText(text.draft, { exact: true }));
      await row.getByRole('button', { name: orderNo }).click();
      await page.waitForURL(/\/bookings\/edit-fcl\/\d+$/);
      await visible(page.getByRole('heading', { name: new RegExp(orderNo) }));
      // The shipper chosen before is there again.
      await visible(page.getByTitle(text.shipperName, { exact: true }).filter({ visible: true }));
      await context.close();
    });
  }
});

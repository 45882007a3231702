import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, confirm, openSignedIn, pickOption, visible } from '../support/steps';
import { call, demoBookingBody } from './booking-api';

/*
 * A Shanghai → Rotterdam booking delivered inland to Duisburg via Singapore: the place picked from
 * the location search (name, country and UN/LOCODE filled in), a code of another country refused
 * by name first, then read back by the member and the forwarder.
 */

let browser: Browser;
let portal: PortalServer;
let member: string;
let draftBody: () => object;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  member = await apiToken(portal.url, DEMO.customer);
  draftBody = (await demoBookingBody(portal, member)).body;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const TEXT = {
  'zh-CN': {
    section: '收货地、交货地与中转',
    delivery: '内陆交货地',
    deliveryCode: '内陆交货地 UN/LOCODE',
    duisburg: /^杜伊斯堡 · 内陆点 · DEDUI/,
    transshipment: '中转港',
    singapore: '新加坡 Singapore · SGSIN · 新加坡',
    submit: '提交订舱',
    confirm: '确定向货代提交该订舱吗？提交后不能再修改。',
    wrongCountry: '不属于所填国家 DE',
  },
  'en-US': {
    section: 'Places and transshipment',
    delivery: 'Inland place of delivery',
    deliveryCode: 'Inland place of delivery UN/LOCODE',
    duisburg: /^Duisburg · Inland point · DEDUI/,
    transshipment: 'Transshipment port',
    singapore: 'Singapore · SGSIN · Singapore',
    submit: 'Submit booking',
    confirm: 'Submit this booking to the forwarder? It can no longer be edited afterwards.',
    wrongCountry: 'is not in the country given (DE)',
  },
} as const;

describe('a booking delivered to an inland point with a transshipment port', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`is picked from the location search, refused with a wrong code, and read back (${locale})`, async () => {
      const text = TEXT[locale];
      const draft = await call<{ id: number }>(portal, 'POST', '/order/booking', member, draftBody());
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: `/bookings/edit-fcl/${draft.id}`,
        locale,
      });
      // A plain booking passes the places by: the part is folded.
      const section = page.getByRole('button', { name: text.section });
      await visible(section);
      expect(await section.getAttribute('aria-expanded')).toBe('false');
      await section.click();

      // Picked from the search: the name, country and code are filled in.
      const delivery = page.getByRole('combobox', { name: text.delivery, exact: true });
      await delivery.click();
      await delivery.fill('duis');
      await page.getByText(text.duisburg).first().click();
      const code = page.getByLabel(text.deliveryCode, { exact: true });
      await expect.poll(() => code.inputValue()).toBe('DEDUI');

      // A code of another country: the contract's message, and nothing is sent.
      await code.fill('NLDUI');
      await page.getByRole('button', { name: text.submit }).click();
      await visible(page.getByText(text.wrongCountry, { exact: false }));
      expect(await page.getByRole('dialog').filter({ hasText: text.confirm }).count()).toBe(0);
      await code.fill('DEDUI');

      await pickOption(page, page, text.transshipment, 'SGSIN', text.singapore);
      await page.getByRole('button', { name: text.submit }).click();
      await confirm(page, text.confirm, text.submit);
      await page.waitForURL(`**/bookings/${draft.id}`);
      await visible(page.getByText('DUISBURG, DE (DEDUI)', { exact: true }));
      await visible(page.getByText(/\(SGSIN\)$/));
      await context.close();

      // The forwarder reads the same place of delivery on the booking it received.
      const forwarder = await openSignedIn(browser, portal.url, {
        username: DEMO.forwarder,
        path: `/received-bookings/${draft.id}`,
        locale,
      });
      await visible(forwarder.page.getByText('DUISBURG, DE (DEDUI)', { exact: true }));
      await forwarder.context.close();
    });
  }
});

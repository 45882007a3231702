import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, confirm, openSignedIn, visible } from '../support/steps';
import { call, demoBookingBody } from './booking-api';

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
    receipt: '起运地交接方式',
    door: '门点（DOOR）',
    address: '地址',
    contact: '联系人',
    stop: '装货点 1',
    sailing: '要求船期（选填）',
    vessel: '要求船名',
    fumigation: '熏蒸',
    submit: '提交订舱',
    confirm: '确定向货代提交该订舱吗？提交后不能再修改。',
    needsAddress: '门点收货（SD）须填写装货地址',
    serviceTerm: '运输条款',
    stops: '装货地址',
    services: '委托服务',
  },
  'en-US': {
    receipt: 'Receipt type at origin',
    door: 'Store door (DOOR)',
    address: 'Address',
    contact: 'Contact name',
    stop: 'Loading stop 1',
    sailing: 'Requested sailing (optional)',
    vessel: 'Requested vessel',
    fumigation: 'Fumigation',
    submit: 'Submit booking',
    confirm: 'Submit this booking to the forwarder? It can no longer be edited afterwards.',
    needsAddress: 'Loading address is required for a door receipt (SD)',
    serviceTerm: 'Service terms',
    stops: 'Loading address',
    services: 'Requested services',
  },
} as const;

describe('a door-to-CY booking with its loading address and the sailing asked for', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`is made in the form, refused without the address, and read back by both sides (${locale})`, async () => {
      const text = TEXT[locale];
      const draft = await call<{ id: number; order_no: string }>(
        portal,
        'POST',
        '/order/booking',
        member,
        draftBody(),
      );
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: `/bookings/edit-fcl/${draft.id}`,
        locale,
      });
      // A yard receipt asks for no loading stop: the address appears with the door.
      const receipt = page.getByLabel(text.receipt, { exact: true });
      await visible(receipt);
      expect(await page.getByLabel(text.address, { exact: true }).count()).toBe(0);
      await receipt.click();
      await page.getByTitle(text.door, { exact: true }).click();
      const address = page.getByLabel(text.address, { exact: true });
      await visible(address);

      // Submitted without the address: the contract's message, under the stops.
      await page.getByRole('button', { name: text.submit }).click();
      await visible(page.getByText(text.needsAddress));
      expect(await page.getByRole('dialog').filter({ hasText: text.confirm }).count()).toBe(0);

      await address.fill('上海市浦东新区川沙路 88 号');
      // The stop's own contact: the booking contact has a field of the same name.
      await page
        .getByRole('group', { name: text.stop, exact: true })
        .getByLabel(text.contact, { exact: true })
        .fill('李工');
      await page.getByRole('button', { name: text.sailing }).click();
      await page.getByLabel(text.vessel, { exact: true }).fill('ever given');
      await page.getByRole('checkbox', { name: text.fumigation }).check();
      await page.getByRole('button', { name: text.submit }).click();
      await confirm(page, text.confirm, text.submit);
      await page.waitForURL(`**/bookings/${draft.id}`);

      // The member's detail: the 运输条款, the vessel asked for, the loading stop and the service.
      await visible(page.getByText('DOOR-CY', { exact: true }));
      await visible(page.getByText('EVER GIVEN', { exact: true }));
      const stops = page.getByRole('list', { name: text.stops });
      await visible(stops);
      expect(await stops.innerText()).toContain('上海市浦东新区川沙路 88 号');
      await visible(page.getByText(text.fumigation, { exact: true }));
      await context.close();

      // The forwarder reads the same terms on the booking it received.
      const forwarder = await openSignedIn(browser, portal.url, {
        username: DEMO.forwarder,
        path: `/received-bookings/${draft.id}`,
        locale,
      });
      await visible(forwarder.page.getByText('DOOR-CY', { exact: true }));
      const theirStops = forwarder.page.getByRole('list', { name: text.stops });
      await visible(theirStops);
      expect(await theirStops.innerText()).toContain('李工');
      await forwarder.context.close();
    });
  }
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, dataRows, day, fillDate, iso, openSignedIn, visible } from '../support/steps';
import { call, demoContacts, idOf } from './booking-api';

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
      await visible(dataRows(page).first());
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
      await dataRows(page).first().getByRole('button', { name: text.detail }).click();
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

/** A booking of the demo customer to the demo forwarder, submitted: one 20GP of 100 cartons. */
async function submittedBooking() {
  const member = await apiToken(portal.url, DEMO.customer);
  const forwarders = await call<{ lists: { id: number }[] }>(
    portal,
    'GET',
    '/shipper?page=1&size=10&company=DEMO%20FORWARDING',
    member,
  );
  const contacts = await demoContacts(portal, member);
  const port = (code: string) => idOf(portal, 'port', code, member);
  return call<{ id: number; order_no: string }>(portal, 'POST', '/order/booking?submit=true', member, {
    container_mode: 1,
    forwarder_id: forwarders.lists[0]?.id,
    shipper_id: contacts.shipper,
    consignee_id: contacts.consignee,
    ready_date: iso(day(5)),
    incoterm: 'FOB',
    pol_id: await port('CNSHA'),
    pod_id: await port('NLRTM'),
    to_id: await port('NLRTM'),
    containers: [
      {
        container_id: await idOf(portal, 'container', '20GP', member),
        description: 'LED LAMPS',
        packages: 100,
        unit_id: await idOf(portal, 'unit', 'CT', member),
        weight: '1200.5',
        volume: '20',
        quantity: 1,
      },
    ],
  });
}

describe('the release form (Chinese)', () => {
  it('labels the cut-offs as date and time, keeps a date typed alone, and asks once', async () => {
    const booking = await submittedBooking();
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: `/received-bookings/${booking.id}`,
      locale: 'zh-CN',
    });
    await page.getByRole('button', { name: /^放\s*舱$/ }).click();
    const dialog = page.getByRole('dialog', { name: '放舱' });
    await dialog.getByLabel('SO 号').fill('so556677');
    await dialog.getByLabel('船名').fill('msc anna');
    await dialog.getByLabel('航次').fill('412e');
    await fillDate(dialog.getByLabel('ETD'), iso(day(10)));
    await fillDate(dialog.getByLabel('ETA'), iso(day(40)));
    for (const label of ['截补料时间', '截港时间', '截关时间', '截 VGM 时间'])
      expect(await dialog.getByLabel(label).getAttribute('placeholder'), label).toBe('选择日期时间');
    const customs = dialog.getByLabel('截关时间');
    await fillDate(customs, iso(day(9)));
    await expect.poll(() => customs.inputValue()).toBe(`${iso(day(9))} 00:00`);
    await dialog.getByRole('button', { name: /^放\s*舱$/ }).click();
    // One question only: the dialog's own button released the space.
    await page.getByText('待补料').first().waitFor();
    expect(await page.getByText(`确定为订舱 ${booking.order_no} 放舱吗？`).count()).toBe(0);
    await context.close();
  });
});

describe('shipping instructions (English)', () => {
  it('start from the booking, show the totals against it, and refuse a VGM below the weight', async () => {
    const booking = await submittedBooking();
    const forwarder = await apiToken(portal.url, DEMO.forwarder);
    await call(portal, 'POST', `/forwarder/order/${booking.id}/accept`, forwarder);
    await call(portal, 'POST', `/forwarder/order/${booking.id}/release`, forwarder, {
      so_no: 'SO990011',
      vessel: 'MSC ANNA',
      voyage: '412E',
      etd: iso(day(10)),
      eta: iso(day(40)),
    });
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: `/bookings/${booking.id}`,
      locale: 'en-US',
    });
    await page.getByRole('button', { name: 'Submit shipping instructions' }).click();
    const si = page.getByRole('dialog', { name: 'Shipping instructions' });
    await expect.poll(() => si.getByLabel('Commodity').inputValue()).toBe('LED LAMPS');
    expect(await si.getByLabel('Packages (line 1)').inputValue()).toBe('100');
    await visible(si.getByTitle('Collect', { exact: true }));
    await visible(
      si
        .getByRole('status', { name: 'SI totals against the booking' })
        .filter({ hasText: 'booked: 100 packages, gross weight 1200.500 KG' }),
    );
    await si.getByLabel('Container no. (line 1)').fill('MSCU1234566');
    await si.getByLabel('VGM (KG) (line 1)').fill('900');
    await si.getByRole('button', { name: 'Submit', exact: true }).click();
    await visible(si.getByText('The VGM of container MSCU1234566 cannot be less than its gross weight'));
    await context.close();
  });
});

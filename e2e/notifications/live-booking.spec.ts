import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { call, demoBookingBody } from '../bookings/booking-api';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, day, gone, iso, openSignedIn, visible } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
let member: string;
let forwarder: string;
let body: (custRef: string) => object;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  [member, forwarder] = await Promise.all([
    apiToken(portal.url, DEMO.customer),
    apiToken(portal.url, DEMO.forwarder),
  ]);
  body = (await demoBookingBody(portal, member)).body;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A booking submitted to the demo forwarder and accepted by it. */
async function acceptedBooking(tag: string) {
  const booking = await call<{ id: number; order_no: string }>(
    portal,
    'POST',
    '/order/booking?submit=true',
    member,
    body(`E2E LIVE ${tag}-${Date.now() % 1_000_000}`),
  );
  await call(portal, 'POST', `/forwarder/order/${booking.id}/accept`, forwarder);
  return booking;
}

/**
 * Loads the page again and waits until its notification stream has answered: a change made before
 * the stream is open reaches the page only on its next load, which is not what these tests are about.
 */
async function withLiveStream(page: Page) {
  const streamed = page.waitForResponse((response) => response.url().includes('/api/notifications/stream'));
  await page.reload();
  await streamed;
}

describe('open booking pages follow the other side', () => {
  it('the customer’s open detail shows the release and the void without a reload (English)', async () => {
    const booking = await acceptedBooking('EN');
    const customer = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: `/bookings/${booking.id}`,
      locale: 'en-US',
    });
    const page = customer.page;
    await withLiveStream(page);
    await visible(page.getByRole('heading', { name: new RegExp(booking.order_no) }));
    await visible(page.getByText('Awaiting space release'));
    await visible(page.getByRole('button', { name: 'Cancel booking' }));
    await gone(page.getByRole('button', { name: 'Submit shipping instructions' }));

    // The forwarder releases space elsewhere: the open page offers the shipping instructions.
    await call(portal, 'POST', `/forwarder/order/${booking.id}/release`, forwarder, {
      so_no: 'SO445566',
      vessel: 'MSC ANNA',
      voyage: '412E',
      etd: iso(day(10)),
      eta: iso(day(40)),
    });
    await visible(page.getByRole('button', { name: 'Submit shipping instructions' }));
    await visible(page.getByText('Awaiting shipping instructions'));

    // The forwarder voids it in its own browser: the customer's page loses the cancel button.
    const other = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: `/received-bookings/${booking.id}`,
      locale: 'en-US',
    });
    await other.page.getByRole('button', { name: 'Void' }).click();
    const dialog = other.page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('E2E NO SPACE ON VESSEL');
    await dialog.getByRole('button', { name: 'Void' }).click();
    await gone(dialog);

    await gone(page.getByRole('button', { name: 'Cancel booking' }));
    await gone(page.getByRole('button', { name: 'Submit shipping instructions' }));
    await visible(page.getByText('Cancelled'));
    await other.context.close();
    await customer.context.close();
  });

  it('the customer’s open list shows the new status without a reload (Chinese)', async () => {
    const booking = await acceptedBooking('ZH');
    const customer = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings',
      locale: 'zh-CN',
    });
    const page = customer.page;
    await withLiveStream(page);
    const row = page.getByRole('row', { name: new RegExp(booking.order_no) });
    await visible(row);
    await visible(row.getByText('待放舱'));
    await call(portal, 'POST', `/forwarder/order/${booking.id}/release`, forwarder, {
      so_no: 'SO445567',
      vessel: 'MSC ANNA',
      voyage: '412E',
      etd: iso(day(10)),
      eta: iso(day(40)),
    });
    await visible(row.getByText('待补料'));
    await customer.context.close();
  });
});

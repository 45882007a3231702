import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContact, row, unique } from '../contacts/contacts-helpers';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, openSignedIn, pick, visible, WAIT } from '../support/steps';

let browser: Browser;
let portal: PortalServer;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The demo customer's owner, who makes the changes below (the demo company's contact person). */
const OWNER = 'LI MING';

async function apiCall<T>(token: string, method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${portal.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', lang: 'en' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(response.status, envelope.msg).toBe(200);
  return envelope.data;
}

describe('company activity trail', () => {
  it('names who changed a contact and a booking, with the changed fields, and the timeline names them', async () => {
    const token = await apiToken(portal.url, DEMO.customer);
    const company = unique('E2E TRAIL');
    await addContact(portal, token, company);
    // A submitted demo booking, cancelled by the owner (a booking change of theirs).
    const submitted = await apiCall<{ lists: { id: number; order_no: string }[] }>(
      token,
      'GET',
      '/order?status=1&page=1&size=1',
    );
    const booking = submitted.lists[0];
    if (!booking) throw new Error('the demo has no submitted booking');
    await apiCall(token, 'POST', `/order/${booking.id}/cancel`, { reason: 'E2E TRAIL' });

    // The owner changes the contact's person and city in the contact page.
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/contacts',
      locale: 'en-US',
    });
    await page.getByLabel('Keyword').fill(company);
    await page.getByRole('button', { name: 'Search' }).click();
    await row(page, company).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit contact' });
    const linkman = editor.getByLabel('Contact person', { exact: true });
    await expect.poll(() => linkman.inputValue(), WAIT).toBe('JOHN DOE');
    await linkman.fill('LI NA');
    await editor.getByLabel('City', { exact: true }).fill('BREMEN');
    await editor.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Contact updated'));

    // The activity page, from the menu (an owner holds it), filtered to contacts.
    await page.getByRole('link', { name: 'Activity' }).first().click();
    await visible(page.getByRole('heading', { name: 'Activity' }));
    const filters = page.getByRole('search', { name: 'Activity filters' });
    await pick(page, filters, 'Kind', 'Contact');
    await filters.getByRole('button', { name: 'Search' }).click();
    const updated = row(page, `${company} · LI NA`).filter({ hasText: 'Updated' });
    await visible(updated);
    await visible(updated.getByRole('cell', { name: OWNER, exact: true }));
    await visible(updated.getByRole('cell', { name: 'Contact person, City', exact: true }));
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: booking.order_no }).count(), WAIT)
      .toBe(0);

    // Bookings: the cancellation, by the owner, linked to the booking whose timeline names them.
    await pick(page, filters, 'Kind', 'Booking');
    await filters.getByRole('button', { name: 'Search' }).click();
    const cancelled = row(page, booking.order_no).filter({ hasText: 'Cancelled' });
    await visible(cancelled);
    await visible(cancelled.getByRole('cell', { name: OWNER, exact: true }));
    await cancelled.getByRole('link', { name: booking.order_no }).click();
    await page.waitForURL(`**/bookings/${booking.id}`);
    const timeline = page.getByRole('region', { name: 'Status timeline' });
    await visible(
      timeline.getByRole('article', { name: /^Cancel the booking/ }).getByText(OWNER, { exact: false }),
    );
    await context.close();
  });

  it('is usable on a 375 px screen in Chinese', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/activity',
      locale: 'zh-CN',
      width: 375,
      height: 740,
    });
    await visible(page.getByRole('heading', { name: '操作记录' }));
    const filters = page.getByRole('search', { name: '操作记录筛选' });
    await visible(filters.getByLabel('操作人', { exact: true }));
    await visible(filters.getByLabel('类别', { exact: true }));
    await visible(page.getByRole('button', { name: /导出/ }));
    // Rows of the demo's own trail (seeded as the owner), in the Chinese date order.
    await visible(page.getByRole('cell', { name: OWNER, exact: true }));
    await visible(page.getByRole('cell', { name: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ }));
    // Days are filtered, and times shown, in the portal's zone, which the filter names.
    await visible(filters.getByText('时区：Asia/Shanghai, UTC+8'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

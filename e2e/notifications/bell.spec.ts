import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwarderVoids } from '../bookings/booking-api';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, openSignedIn, visible, WAIT } from '../support/steps';

let browser: Browser;
let portal: PortalServer;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The count the bell's accessible name states. */
async function countOf(bell: Locator, pattern: RegExp): Promise<number> {
  const name = (await bell.getAttribute('aria-label')) ?? '';
  const match = pattern.exec(name);
  if (!match) throw new Error(`the bell is named "${name}"`);
  return Number(match[1]);
}

describe('notification bell', () => {
  it('counts a second party’s act live, lists it, opens it as read, and marks all read', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/',
      locale: 'en-US',
    });
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await visible(bell);
    const pattern = /^Notifications, (\d+) unread$/;
    const before = await countOf(bell, pattern);

    // The forwarder acts elsewhere; the customer's page is not reloaded.
    const forwarder = await apiToken(portal.url, DEMO.forwarder);
    const voided = await forwarderVoids(portal, forwarder);
    await expect.poll(() => countOf(bell, pattern), WAIT).toBe(before + 1);

    await bell.click();
    const list = page.getByRole('list', { name: 'Notifications' });
    const item = list.getByRole('link', {
      name: `Unread: Booking ${voided.order_no} was voided by the forwarder`,
    });
    await visible(item);
    await item.click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe(`/bookings/${voided.id}`);
    await expect.poll(() => countOf(bell, pattern), WAIT).toBe(before);

    await bell.click();
    await visible(list.getByRole('link', { name: `Booking ${voided.order_no} was voided by the forwarder` }));
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => countOf(bell, pattern), WAIT).toBe(0);
    await context.close();
  });

  it('names the count in Chinese and rises live for each person of the company', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: 'ops@example.com',
      path: '/',
      locale: 'zh-CN',
    });
    const pattern = /^通知，(\d+) 条未读$/;
    const bell = page.getByRole('button', { name: pattern });
    await visible(bell);
    const before = await countOf(bell, pattern);
    const voided = await forwarderVoids(portal, await apiToken(portal.url, DEMO.forwarder));
    await expect.poll(() => countOf(bell, pattern), WAIT).toBe(before + 1);
    await bell.click();
    await visible(
      page
        .getByRole('list', { name: '通知' })
        .getByRole('link', { name: `未读： 订舱 ${voided.order_no} 已被货代作废` }),
    );
    await context.close();
  });

  it('keeps the open list inside a 375 px screen (zh-CN)', async () => {
    await forwarderVoids(portal, await apiToken(portal.url, DEMO.forwarder));
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/',
      locale: 'zh-CN',
      width: 375,
      height: 740,
    });
    const bell = page.getByRole('button', { name: /^通知，\d+ 条未读$/ });
    await visible(bell);
    await bell.click();
    const list = page.getByRole('list', { name: '通知' });
    await visible(list);
    const inside = async (what: Locator) => {
      const box = await what.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 375;
    };
    // Wait for the popover's placement to settle, then every part of it is on screen.
    await expect.poll(() => inside(list), WAIT).toBe(true);
    expect(await inside(page.getByRole('dialog', { name: '通知' }))).toBe(true);
    expect(await inside(page.getByText('通知', { exact: true }))).toBe(true);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwarderVoids } from '../bookings/booking-api';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, gone, openSignedIn, visible, WAIT } from '../support/steps';

let browser: Browser;
let portal: PortalServer;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the notification centre', () => {
  it('is reached from the bell, follows live, filters by booking and unread, marks read and unread (English)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/',
      locale: 'en-US',
    });
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await page.getByRole('link', { name: 'View all' }).click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/notifications');
    await visible(page.getByRole('heading', { name: 'Notifications' }));
    const list = page.getByRole('list', { name: 'Notifications' });
    await visible(list.getByRole('listitem'));
    const onlyAbout = async (orderNo: string) => {
      const texts = await list.getByRole('listitem').allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes(orderNo));
    };

    // The other side acts: the open page lists it without a reload.
    const voided = await forwarderVoids(portal, await apiToken(portal.url, DEMO.forwarder));
    const text = `Booking ${voided.order_no} was voided by the forwarder`;
    await visible(list.getByRole('link', { name: text }));

    // By booking number (part of it): only that booking's notifications.
    const search = page.getByLabel('Booking number', { exact: true });
    await search.fill(voided.order_no.slice(-6));
    await search.press('Enter');
    await expect.poll(() => onlyAbout(voided.order_no), WAIT).toBe(true);

    // Read, then unread again, by its own buttons; the unread filter follows. Ant Design draws its
    // radio buttons over hidden inputs: the visible text takes the click.
    const show = page.getByRole('radiogroup', { name: 'Show' });
    await page.getByRole('button', { name: `Mark read: ${text}` }).click();
    await visible(page.getByRole('button', { name: `Mark unread: ${text}` }));
    await show.getByText(/^Unread/).click();
    await gone(list.getByRole('link', { name: text }));
    await show.getByText('All', { exact: true }).click();
    await page.getByRole('button', { name: `Mark unread: ${text}` }).click();
    await show.getByText(/^Unread/).click();
    await visible(list.getByRole('link', { name: text }));

    await search.fill('');
    await search.press('Enter');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await visible(page.getByRole('button', { name: 'Notifications, 0 unread' }));
    await visible(page.getByText('No notifications'));
    await context.close();
  });

  it('works at 375 px by keyboard alone (Chinese)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: 'ops@example.com',
      path: '/notifications',
      locale: 'zh-CN',
      width: 375,
      height: 740,
    });
    await visible(page.getByRole('heading', { name: '通知' }));
    const list = page.getByRole('list', { name: '通知' });
    await visible(list.getByRole('listitem'));
    const onlyAbout = async (orderNo: string) => {
      const texts = await list.getByRole('listitem').allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes(orderNo));
    };
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const voided = await forwarderVoids(portal, await apiToken(portal.url, DEMO.forwarder));
    const text = `订舱 ${voided.order_no} 已被货代作废`;
    await visible(list.getByRole('link', { name: text }));
    const search = page.getByLabel('订舱号', { exact: true });
    await search.focus();
    await page.keyboard.type(voided.order_no);
    await page.keyboard.press('Enter');
    await expect.poll(() => onlyAbout(voided.order_no), WAIT).toBe(true);

    // Tab from the search to the row's button and mark it read with the keyboard.
    const mark = page.getByRole('button', { name: `标为已读：${text}` });
    for (let step = 0; step < 20 && !(await mark.evaluate((el) => el === document.activeElement)); step++)
      await page.keyboard.press('Tab');
    expect(await mark.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await visible(page.getByRole('button', { name: `标为未读：${text}` }));
    // The link opens the booking's page.
    await list.getByRole('link', { name: text }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe(`/bookings/${voided.id}`);
    await context.close();
  });
});

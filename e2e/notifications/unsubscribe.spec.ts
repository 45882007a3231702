import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../auth/account-steps';
import { call, forwarderVoids } from '../bookings/booking-api';
import { launchBrowser, newPage } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, visible } from '../support/steps';

let browser: Browser;
let portal: PortalServer;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('unsubscribe from a notification mail', () => {
  it('opens the link of the mail, asks in the mail’s language, and stops that kind of mail', async () => {
    const forwarder = await apiToken(portal.url, DEMO.forwarder);
    const booking = await forwarderVoids(portal, forwarder);

    // The demo customer's mail (in Chinese) ends with its signed link; no login is needed.
    const text = await mailTo(portal.dataDir, DEMO.customer);
    expect(text).toContain(booking.order_no);
    const link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
    const { context, page } = await newPage(browser, portal.url, {
      locale: 'en-US',
      width: 375,
      height: 700,
    });
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await visible(page.getByRole('heading', { name: '退订邮件' }));
    await visible(page.getByText(`不再向 ${DEMO.customer} 发送“货代已作废”的邮件？`));
    // Opening the page stopped nothing: a link scanner does no harm.
    const customer = await apiToken(portal.url, DEMO.customer);
    const before = await call<Record<string, string>>(portal, 'GET', '/me/mail-preferences', customer);
    expect(before.void).toBe('immediate');
    await page.getByRole('button', { name: /^退\s*订$/ }).click();
    await visible(page.getByText('已退订'));
    const after = await call<Record<string, string>>(portal, 'GET', '/me/mail-preferences', customer);
    expect(after).toEqual({ ...before, void: 'off' });

    // Changed one's mind: the same page undoes it, and offers the way in to the settings.
    await visible(page.getByRole('link', { name: '登录后修改邮件通知设置' }));
    await page.getByRole('button', { name: '撤销退订' }).click();
    await visible(page.getByText('已重新订阅'));
    expect(await call<Record<string, string>>(portal, 'GET', '/me/mail-preferences', customer)).toEqual(
      before,
    );
    await page.getByRole('link', { name: '登录后修改邮件通知设置' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');

    // A tampered link is refused with the message of the page's language.
    await page.goto(`${url.pathname}${url.search.slice(0, -3)}xyz`);
    await visible(page.getByText(/退订链接无效|unsubscribe link is not valid/));
    await context.close();
  });
});

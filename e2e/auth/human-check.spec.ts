import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { startPortal, type PortalServer } from '../support/server';
import { visible } from '../support/steps';
import { uniqueEmail } from './account-steps';

/**
 * The browser's side of the human check on a portal that checks as in production (no CAPTCHA_FIXED): the
 * invisible proof of work is solved by the ALTCHA widget under the page's CSP and accepted by the
 * server; neither the widget nor the password dictionary is part of the login page's first load;
 * the password forms say how strong a new password is.
 */
let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal({ env: { CAPTCHA_FIXED: '' } })]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The URLs a page asks for from now on. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  return seen;
}
const widgetChunk = (url: string) => /\/assets\/proof-of-work-widget-[\w-]+\.js$/.test(url);
const dictionaryChunk = (url: string) => /\/assets\/password-strength-[\w-]+\.js$/.test(url);

describe('browser check and password strength', () => {
  it('loads the browser check only once the member types on the login page (zh-CN)', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    const seen = requests(page);
    await page.goto('/login');
    await visible(page.getByRole('button', { name: '看不清？换一张' }));
    await page.waitForLoadState('networkidle');
    expect(seen.filter((url) => url.includes('/api/system/altcha') || widgetChunk(url))).toEqual([]);
    expect(seen.filter(dictionaryChunk)).toEqual([]);

    await page.getByLabel('邮箱').pressSequentially('demo@');
    await expect.poll(() => seen.some((url) => url.includes('/api/system/altcha'))).toBe(true);
    // The challenge names the username typed: its failed logins raise the work the server asks for.
    const challenge = new URL(seen.find((url) => url.includes('/api/system/altcha')) ?? 'http://x');
    expect(challenge.searchParams.get('username')).toMatch(/^d/);
    expect(seen.some(widgetChunk)).toBe(true);
    // Invisible: nothing of the widget is shown or offered to assistive technology.
    expect(await page.getByText('我不是机器人').count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await context.close();
  });

  it('sends a reset code with a proof of work solved in the page, which the server accepts (en-US)', async () => {
    // The reply is the same for any address: this one need not be registered.
    const email = uniqueEmail('pow');
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/system/forget')) sent.push(request.url());
    });
    await page.goto('/forget-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await visible(page.getByText('Code sent', { exact: true }));
    expect(new URL(sent[0] ?? 'http://x').searchParams.get('altcha')).toMatch(/^[A-Za-z0-9+/]{100,}={0,2}$/);
    await context.close();
  });

  it('grades a new password and refuses a common one or the e-mail, as the server would (zh-CN)', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await page.goto('/register');
    await page.getByLabel(/^邮箱$/).fill('wang.fang@example.com');
    const password = page.getByLabel(/^密码$/);
    await password.fill('123456');
    await visible(page.getByText('密码强度：弱'));
    await visible(page.getByText('密码过于常见或已在泄露的密码中出现，容易被猜中，请换一个'));
    await password.fill('wang.fang@example.com');
    await visible(page.getByText('密码不能是邮箱地址，也不能包含它'));
    await password.fill('harbour-crane-71');
    await visible(page.getByText('密码强度：强'));
    await expect.poll(() => page.getByText('密码过于常见', { exact: false }).count()).toBe(0);
    await expect.poll(() => page.getByText('密码不能是邮箱地址').count()).toBe(0);
    await context.close();
  });
});

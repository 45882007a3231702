import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { startPortal, type PortalServer } from '../support/server';
import { visible } from '../support/steps';
import { chooseFile, fillBasicInfo, fillCaptcha, PNG, uniqueEmail, userInfoOf } from './account-steps';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('registration in app mode 1', () => {
  it('on a phone, brings the first error into view with the page’s own message, no browser bubble (zh-CN)', async () => {
    const { context, page } = await newPage(browser, portal.url, {
      locale: 'zh-CN',
      width: 375,
      height: 700,
    });
    await page.goto('/register');
    const email = page.getByLabel(/^(邮箱|Email)$/);
    await email.fill('not-an-email');
    // The browser's own check (an English "include an '@'" bubble on a Chinese page) never runs.
    expect(await email.evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(true);
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    const error = page.getByText('请输入有效的邮箱地址');
    await visible(error);
    // The submit button is at the bottom of a long form: the first error is scrolled into view and
    // its field has the focus.
    await expect
      .poll(async () => {
        const box = await error.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 700;
      })
      .toBe(true);
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    await context.close();
  });

  it('registers through the page with a licence and lands logged in on /quotes (en-US)', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Register now' }).click();
    await page.waitForURL('**/register');
    await expect.poll(() => page.getByRole('heading', { name: 'Register' }).isVisible()).toBe(true);
    expect(await page.getByText('Business info').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    const terms = page.getByRole('link', { name: 'Terms of Use' });
    expect(await terms.getAttribute('target')).toBe('_blank');
    expect(await terms.getAttribute('rel')).toContain('noopener');

    const email = uniqueEmail('mode1');
    await fillBasicInfo(page, {
      email,
      password: 'quay-lantern-42',
      confirm: 'secret-124',
      company: 'E2E MODE ONE CO',
      country: 'China',
    });
    await fillCaptcha(page);
    await chooseFile(page, /upload the Business licence/, {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    });
    await expect.poll(() => page.getByText('Only jpg and png files are supported').isVisible()).toBe(true);
    await chooseFile(page, /upload the Business licence/, {
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2_097_153, 1),
    });
    await expect.poll(() => page.getByText('File size cannot exceed 2MB').isVisible()).toBe(true);
    await chooseFile(page, /upload the Business licence/, {
      name: 'licence.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect
      .poll(() => page.getByRole('img', { name: 'Business licence preview' }).isVisible())
      .toBe(true);
    expect(await page.getByText('Click or drag an image to change the Business licence').isVisible()).toBe(
      true,
    );

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText(/read and agree to the Terms of Use/).isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('The two passwords do not match').isVisible()).toBe(true);
    await page.getByLabel('Confirm password').fill('quay-lantern-42');
    await page.getByRole('button', { name: 'Submit' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your account has been registered' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/quotes');
    // The header greets the person: the contact person, who registered as the owner.
    await expect.poll(() => page.getByText('Welcome, LI LEI').isVisible()).toBe(true);
    const user = await userInfoOf(page, portal.url);
    expect(user).toMatchObject({
      username: email,
      company1: 'E2E MODE ONE CO',
      linkman: 'LI LEI',
      city: 'SHANGHAI',
    });
    expect(user.license).toEqual(expect.stringMatching(/^\/api\/file\//));
    // Mode 1: the server gives an empty profile its default text, and the profile has one tab.
    expect(user.profile).toContain('E2E MODE ONE CO');
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('tab', { name: 'Basic info' }).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Business info' }).count()).toBe(0);
    await expect
      .poll(() => page.getByRole('img', { name: 'Business licence preview' }).isVisible())
      .toBe(true);
    await context.close();
  });

  it('shows the failure dialog with the server message for a registered e-mail (zh-CN)', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await page.goto('/register');
    await expect.poll(() => page.getByRole('heading', { name: '注册会员' }).isVisible()).toBe(true);
    await fillBasicInfo(page, {
      email: 'demo@example.com',
      password: 'quay-lantern-42',
      company: 'DUPLICATE CO',
      country: '中国',
    });
    await fillCaptcha(page);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    const dialog = page.getByRole('dialog', { name: '注册失败，请重试' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await visible(dialog.getByText('该邮箱已注册，请直接登录或找回密码'));
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(() => page.getByText('该邮箱已注册，请直接登录或找回密码').isVisible()).toBe(true);
    await page.getByRole('button', { name: /^取\s*消$/ }).click();
    await page.waitForURL('**/login');
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughPage, newPage } from '../support/browser';
import { startPortal, type PortalServer } from '../support/server';
import { visible } from '../support/steps';
import { mailTo, registerByApi, uniqueEmail } from './account-steps';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('forgot password', () => {
  it('sends a code by mail, resets the password and logs in with the new one (en-US)', async () => {
    const email = uniqueEmail('reset');
    await registerByApi(portal.url, email, 'old-password-1');
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forget-password');
    await expect.poll(() => page.getByRole('heading', { name: 'Reset password' }).isVisible()).toBe(true);

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByText('Please enter a valid email address').isVisible()).toBe(true);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByText('Code sent', { exact: true }).isVisible()).toBe(true);

    const locked = page.getByLabel('Email');
    expect(await locked.isDisabled()).toBe(true);
    expect(await locked.inputValue()).toBe(email);
    const code = /(?:code|验证码)[:：]\s*(\d{6})\b/i.exec(await mailTo(portal.dataDir, email))?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('New password', { exact: true }).fill('new-password-1');
    await page.getByLabel('Confirm new password').fill('new-password-2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByText('The two passwords do not match').isVisible()).toBe(true);
    await page.getByLabel('Confirm new password').fill('new-password-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset password failed' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await visible(dialog.getByText('The code is wrong or has expired'));
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Verification code').fill(code ?? '');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText(/Password reset successfully/).isVisible()).toBe(true);
    await loginThroughPage(page, email, 'new-password-1');
    await page.waitForURL('**/quotes');
    await context.close();
  });

  it('opens step 2 from the mail’s link, without the code, and sets the password once (zh-CN)', async () => {
    const email = uniqueEmail('link');
    await registerByApi(portal.url, email, 'old-password-1');
    const asked = await fetch(`${portal.url}/api/system/forget?username=${encodeURIComponent(email)}`);
    expect(asked.status).toBe(200);
    const link = /https?:\/\/\S+\/forget-password\?\S+/.exec(await mailTo(portal.dataDir, email))?.[0] ?? '';
    const { search } = new URL(link);
    expect(new URLSearchParams(search).get('email')).toBe(email);

    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await page.goto(`/forget-password${search}`);
    await expect.poll(() => page.getByText(/您通过发送到 .+ 的邮件链接打开了此页/).isVisible()).toBe(true);
    // The token leaves the address bar; no code to type.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('验证码').count()).toBe(0);
    expect(await page.getByLabel('邮箱').inputValue()).toBe(email);
    await page.getByLabel('新密码', { exact: true }).fill('link-password-1');
    await page.getByLabel('确认新密码').fill('link-password-1');
    await page.getByRole('button', { name: /重置密码/ }).click();
    await page.waitForURL('**/login');
    await loginThroughPage(page, email, 'link-password-1');
    await page.waitForURL('**/quotes');

    // The link works once.
    const { context: again, page: second } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await second.goto(`/forget-password${search}`);
    await second.getByLabel('新密码', { exact: true }).fill('link-password-2');
    await second.getByLabel('确认新密码').fill('link-password-2');
    await second.getByRole('button', { name: /重置密码/ }).click();
    const dialog = second.getByRole('dialog', { name: '重置密码失败' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await visible(dialog.getByText('该链接已过期或已使用，请重新获取验证码'));
    await Promise.all([context.close(), again.close()]);
  });

  it('shows the server message when a code is asked for again too soon (zh-CN)', async () => {
    const email = uniqueEmail('again');
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await page.goto('/forget-password');
    await page.getByLabel('邮箱').fill(email);
    await page.getByRole('button', { name: '发送验证码' }).click();
    await expect.poll(() => page.getByText('验证码已发送', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: '更换邮箱' }).click();
    await page.getByLabel('邮箱').fill(email);
    await page.getByRole('button', { name: '发送验证码' }).click();
    const dialog = page.getByRole('dialog', { name: '验证码发送失败' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await visible(dialog.getByText(/验证码发送过于频繁/));
    await context.close();
  });
});

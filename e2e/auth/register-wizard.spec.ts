import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { startPortal, type PortalServer } from '../support/server';
import { visible } from '../support/steps';
import { chooseFile, fillBasicInfo, fillCaptcha, PNG, uniqueEmail, userInfoOf } from './account-steps';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal({ config: { app_mode: '2' } })]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('registration wizard in app mode 2', () => {
  it('blocks Next on an invalid step 1, keeps values on Back and submits both steps (zh-CN)', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await page.goto('/register');
    await expect.poll(() => page.getByText('企业信息', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^提\s*交$/ }).count()).toBe(0);

    await page.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => page.getByText('请检查基本信息是否填写正确').isVisible()).toBe(true);
    await visible(page.getByLabel('邮箱'));

    const email = uniqueEmail('mode2');
    await fillBasicInfo(page, {
      email,
      password: 'quay-lantern-42',
      company: 'E2E MODE TWO CO',
      country: '中国',
    });
    await page.getByRole('button', { name: '下一步' }).click();
    const profile = page.getByLabel('公司简介');
    await expect.poll(() => profile.isVisible()).toBe(true);
    await profile.fill('We ship reefers from Shanghai.');
    const industries = page.getByLabel('所属行业');
    await industries.click();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await chooseFile(page, /上传公司标志/, { name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByRole('img', { name: '公司标志预览' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: '上一步' }).click();
    await expect.poll(() => page.getByLabel('邮箱').inputValue()).toBe(email);
    expect(await page.getByLabel('英文公司名称').inputValue()).toBe('E2E MODE TWO CO');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => page.getByLabel('公司简介').inputValue()).toBe('We ship reefers from Shanghai.');

    // The captcha sits by the Submit button: on step 2 here.
    await fillCaptcha(page);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: /^提\s*交$/ }).click();
    const dialog = page.getByRole('dialog', { name: '账号注册成功' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await page.waitForURL('**/quotes');
    const user = await userInfoOf(page, portal.url);
    expect(user).toMatchObject({ username: email, profile: 'We ship reefers from Shanghai.' });
    expect(user.industries).toMatch(/^\d+$/);
    expect(user.logo_url).toEqual(expect.stringMatching(/^\/api\/file\//));
    await context.close();
  });
});

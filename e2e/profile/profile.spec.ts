import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, loginThroughPage, newPage } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, openSignedIn, visible } from '../support/steps';
import { chooseFile, mailTo, PNG, registerByApi, uniqueEmail, userInfoOf } from '../auth/account-steps';
import { forwarderVoids } from '../bookings/booking-api';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  // App mode 2, so that the business-info tab is there too.
  [browser, portal] = await Promise.all([launchBrowser(), startPortal({ config: { app_mode: '2' } })]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Logs in through the page, then opens the profile. */
async function openProfile(page: Page, username: string, password: string) {
  await loginThroughPage(page, username, password);
  await page.waitForURL('**/quotes');
  // Once the header offers sign-out, the user info has loaded and a reload cannot cut it short (a
  // tight header leaves out the welcome text, never sign-out).
  await expect
    .poll(() =>
      page
        .getByRole('button', { name: /^(退出登录|Sign out)$/ })
        .first()
        .isVisible(),
    )
    .toBe(true);
  await page.goto('/profile');
}

describe('member profile', () => {
  it('checks and saves the basic info, kept after a reload, with no password of its own (zh-CN)', async () => {
    const email = uniqueEmail('profile');
    await registerByApi(portal.url, email, 'first-pass-1');
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await openProfile(page, email, 'first-pass-1');
    await expect.poll(() => page.getByRole('heading', { name: '会员资料' }).isVisible()).toBe(true);
    await visible(page.getByRole('tab', { name: '企业信息' }));
    const email_ = page.getByLabel('邮箱');
    expect(await email_.isDisabled()).toBe(true);
    expect(await email_.inputValue()).toBe(email);
    // A password is the person's: it is changed under 我的账号 only, not with the company's data.
    for (const label of ['新密码', '确认新密码', '当前密码'])
      expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(0);

    const save = page.getByRole('button', { name: /^保\s*存$/ });
    await page.getByLabel('电话').fill('12-34');
    await page.getByLabel('城市').fill('QINGDAO');
    await save.click();
    await expect.poll(() => page.getByText('电话只能包含数字和加号').isVisible()).toBe(true);
    await page.getByLabel('电话').fill('+862188889999');
    await save.click();
    await expect.poll(() => page.getByText('保存成功').isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByLabel('城市').inputValue()).toBe('QINGDAO');
    expect(await page.getByLabel('电话').inputValue()).toBe('+862188889999');
    await page.getByRole('tab', { name: '我的账号' }).click();
    await visible(page.getByLabel('新密码', { exact: true }));
    await context.close();
  });

  it('saves the business info, logo and directory listing of a forwarder (en-US)', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    await openProfile(page, DEMO.forwarder, DEMO.password);
    await page.getByRole('tab', { name: 'Business info' }).click();
    const text = `Forwarding since 1998 (${Date.now()})`;
    await page.getByLabel('Company profile').fill(text);
    const routes = page.getByLabel('Main routes');
    await routes.click();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await chooseFile(page, /upload the Company logo|change the Company logo/, {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const listed = page.getByRole('switch', { name: 'Listed in the forwarder directory' });
    expect(await listed.isChecked()).toBe(true);
    await listed.click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Saved', { exact: true }).isVisible()).toBe(true);

    const user = await userInfoOf(page, portal.url);
    expect(user).toMatchObject({ profile: text, listed_in_directory: false });
    expect(user.routes).not.toBe('');
    expect(user.logo_url).toEqual(expect.stringMatching(/^\/api\/file\//));

    await page.reload();
    await page.getByRole('tab', { name: 'Business info' }).click();
    await expect.poll(() => page.getByLabel('Company profile').inputValue()).toBe(text);
    await expect.poll(() => page.getByRole('img', { name: 'Company logo preview' }).isVisible()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Listed in the forwarder directory' }).isChecked()).toBe(
      false,
    );
    await context.close();
  });

  it('shows no directory switch to a customer', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    await openProfile(page, DEMO.customer, DEMO.password);
    await page.getByRole('tab', { name: 'Business info' }).click();
    await expect.poll(() => page.getByLabel('Company profile').isVisible()).toBe(true);
    expect(await page.getByRole('switch').count()).toBe(0);
    await context.close();
  });

  it('sets the language of one’s mails on My account: a Chinese screen, English mails', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: 'ops@example.com',
      path: '/profile',
      locale: 'zh-CN',
    });
    await page.getByRole('tab', { name: '我的账号' }).click();
    // The preference names follow the status names.
    await visible(page.getByText('已出运', { exact: true }));
    expect(await page.getByText('已开船').count()).toBe(0);
    const language = page.getByRole('combobox', { name: '邮件语言' });
    await language.click();
    await page.getByTitle('English', { exact: true }).click();
    await visible(page.getByText('邮件通知设置已保存'));

    const voided = await forwarderVoids(portal, await apiToken(portal.url, DEMO.forwarder));
    const mail = await mailTo(portal.dataDir, 'ops@example.com');
    expect(mail).toContain(`has voided your booking ${voided.order_no}.`);
    expect(mail).toContain(`/bookings/${voided.id}`);
    // The screens stay Chinese.
    await page.reload();
    await page.getByRole('tab', { name: '我的账号' }).click();
    await visible(page.getByRole('combobox', { name: '邮件语言' }));
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, uniqueEmail } from '../auth/account-steps';
import { launchBrowser, newPage } from '../support/browser';
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

const PASSWORD = 'Quay-Side-Lantern-9';

/** The demo owner invites `email` with `role` through the API; answers the mailed link's token. */
async function inviteByApi(email: string, role: string, language?: string): Promise<string> {
  const owner = await apiToken(portal.url, DEMO.customer);
  const invited = await fetch(`${portal.url}/api/team/invitations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role, ...(language ? { language } : {}) }),
  });
  expect(invited.status).toBe(200);
  return /join\?token=([A-Za-z0-9_-]{43})/.exec(await mailTo(portal.dataDir, email))?.[1] ?? '';
}

/** A person of the demo customer with `role`, joined through the API, with a page of theirs open at `path`. */
async function colleague(role: string, name: string, locale: 'zh-CN' | 'en-US', path: string) {
  const token = await inviteByApi(uniqueEmail(role), role);
  const joined = await fetch(`${portal.url}/api/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'new', token, name, password: PASSWORD }),
  });
  const session = ((await joined.json()) as { data: { token: string } }).data.token;
  const opened = await newPage(browser, portal.url, { locale });
  await opened.context.addInitScript((value) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', value);
  }, session);
  await opened.page.goto(path);
  return opened;
}

const isFocusInside = (page: Page, name: string) =>
  page
    .getByRole('dialog', { name })
    .evaluate((dialog) => dialog.contains(document.activeElement))
    .catch(() => false);

describe('role changes and invitations, as people meet them', () => {
  const texts = {
    'en-US': {
      roleOf: (name: string) => `Role of ${name}`,
      question: (name: string) => `Change the role of ${name} to Viewer?`,
      signedOutNote: 'is signed out at once',
      change: 'Change role',
      title: 'You have been signed out',
      reason: /Your role was changed to Viewer by .+\./,
      unsaved: /Anything you have not saved on this page is lost/,
      signIn: 'Sign in again',
    },
    'zh-CN': {
      roleOf: (name: string) => `${name} 的角色`,
      question: (name: string) => `将 ${name} 的角色改为“查看者”？`,
      signedOutNote: '会立即被退出登录',
      change: '修改角色',
      title: '你已被退出登录',
      reason: /.+ 已将你的角色改为“查看者”。/,
      unsaved: /此页面上尚未保存的内容会在重新登录后丢失/,
      signIn: '重新登录',
    },
  } as const;

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`asks before a role change and tells the colleague why they are signed out (${locale})`, async () => {
      const text = texts[locale];
      const name = `OSCAR ${locale === 'en-US' ? 'EN' : 'ZH'}`;
      const mate = await colleague('operator', name, locale, '/profile');
      // Something typed and not saved on the colleague's open page.
      const tab = mate.page.getByRole('tab', { name: locale === 'en-US' ? 'My account' : '我的账号' });
      await tab.click();
      const myName = mate.page.getByLabel(locale === 'en-US' ? 'My name' : '我的姓名');
      await myName.fill(`${name} HALF TYPED`);

      const owner = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: '/team',
        locale,
      });
      // From the keyboard: the list opens on Operator (the role now); Viewer is the next one.
      const role = owner.page.getByLabel(text.roleOf(name), { exact: true });
      await role.focus();
      await owner.page.keyboard.press('ArrowDown');
      await expect.poll(() => role.getAttribute('aria-expanded'), WAIT).toBe('true');
      await owner.page.keyboard.press('ArrowDown');
      await owner.page.keyboard.press('Enter');
      // One click no longer does it: a dialog says what will happen first.
      const question = owner.page.getByRole('dialog').filter({ hasText: text.question(name) });
      await visible(question);
      await visible(question.getByText(text.signedOutNote, { exact: false }));
      await question.getByRole('button', { name: text.change }).click();
      await gone(owner.page.getByRole('dialog').filter({ hasText: text.question(name) }));

      // The colleague's page says who changed what, and keeps what they typed until they choose.
      const notice = mate.page.getByRole('dialog', { name: text.title });
      await visible(notice);
      await visible(notice.getByText(text.reason));
      await visible(notice.getByText(text.unsaved));
      expect(new URL(mate.page.url()).pathname).toBe('/profile');
      expect(await myName.inputValue()).toBe(`${name} HALF TYPED`);
      await notice.getByRole('button', { name: text.signIn }).click();
      await mate.page.waitForURL('**/login', WAIT);
      // The login page repeats the reason, not "session expired".
      await visible(mate.page.getByRole('alert').filter({ hasText: text.reason }));
      await owner.context.close();
      await mate.context.close();
    });
  }

  it('keeps the invite dialog on Escape in a dropdown and Tab inside it', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/team',
      locale: 'en-US',
    });
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a person' });
    await visible(dialog);
    await dialog.getByLabel('E-mail').fill('someone@example.com');
    // Escape in the open role list closes the list only.
    const role = dialog.getByLabel('Role', { exact: true });
    await role.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => role.getAttribute('aria-expanded'), WAIT).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => role.getAttribute('aria-expanded'), WAIT).toBe('false');
    await visible(dialog);
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe('someone@example.com');
    // The mail's language is asked, the screen's by default.
    await visible(dialog.getByTitle('English'));
    // Tab from the last button stays in the dialog.
    await dialog.getByRole('button', { name: 'Send invitation' }).focus();
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Tab');
      expect(await isFocusInside(page, 'Invite a person')).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(page.getByRole('dialog', { name: 'Invite a person' }));
    await context.close();
  });

  it('sends the invitation in the language picked in the dialog, naming who sent it (zh-CN screen)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/team',
      locale: 'zh-CN',
    });
    await page.getByRole('button', { name: /邀\s*请/ }).click();
    const dialog = page.getByRole('dialog', { name: '邀请成员' });
    await visible(dialog);
    const email = uniqueEmail('english');
    await dialog.getByLabel('邮箱').fill(email);
    // The screen's language is offered first; the invitee reads English.
    await visible(dialog.getByTitle('中文'));
    const language = dialog.getByLabel('邀请的语言');
    await language.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => language.getAttribute('aria-expanded'), WAIT).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await visible(dialog.getByTitle('English'));
    await dialog.getByRole('button', { name: '发送邀请' }).click();
    await visible(page.getByText(`已向 ${email} 发送邀请`));
    const mail = await mailTo(portal.dataDir, email);
    expect(mail).toMatch(/invites you to join .+ as Operator\./);
    expect(mail).toContain(DEMO.customer);
    await context.close();
  });

  it('marks the join page’s required fields, switches its language and refuses a common password', async () => {
    const token = await inviteByApi(uniqueEmail('join'), 'viewer');
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await page.goto(`/join?token=${token}`);
    await visible(page.getByText(/邀请你以“查看者”的身份加入/));
    await page.getByLabel('你的姓名').fill('QIAN');
    // The invitee reads it in English: the page changes, what was typed stays.
    await page.getByRole('button', { name: /English/ }).click();
    await visible(page.getByText(/invites you to join .+ as Viewer\./));
    const name = page.getByLabel('Your name');
    expect(await name.inputValue()).toBe('QIAN');
    for (const field of [
      name,
      page.getByLabel('Password', { exact: true }),
      page.getByLabel('Confirm password'),
    ])
      expect(await field.getAttribute('aria-required')).toBe('true');
    // The same rule as the server's: a common password is refused as it is typed.
    await page.getByLabel('Password', { exact: true }).fill('woaini1314');
    await visible(
      page.getByText(
        'This password is too common or known from data breaches and easy to guess; please choose another',
      ),
    );
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await gone(page.getByText('This password is too common', { exact: false }));
    await context.close();
  });
});

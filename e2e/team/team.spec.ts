import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, uniqueEmail } from '../auth/account-steps';
import { launchBrowser, newPage } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, confirm, dataRows, gone, openSignedIn, visible, WAIT } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** The company's number of contacts, as the owner's API sees it. */
async function contactTotal(token: string): Promise<number> {
  const response = await fetch(`${portal.url}/api/customer/contact?page=1&size=10`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { total: number } };
  return body.data.total;
}

/** The demo owner invites `email` through the API; answers the token of the mailed link. */
async function inviteByApi(email: string, role: string): Promise<string> {
  const owner = await apiToken(portal.url, DEMO.customer);
  const invited = await fetch(`${portal.url}/api/team/invitations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  expect(invited.status).toBe(200);
  return /join\?token=([A-Za-z0-9_-]{43})/.exec(await mailTo(portal.dataDir, email))?.[1] ?? '';
}

/** A person invited by the demo owner with `role` who joined through the API: their e-mail and session. */
async function joinedByApi(role: string, name: string) {
  const email = uniqueEmail(role);
  const token = await inviteByApi(email, role);
  const joined = await fetch(`${portal.url}/api/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'new', token, name, password: 'Quay-Side-Lantern-9' }),
  });
  const body = (await joined.json()) as { data: { token: string } };
  return { email, token: body.data.token };
}

/** axe-core's WCAG A/AA rules on the page (or inside `scope`): the serious and critical findings. */
async function axeFindings(page: Page, scope?: string) {
  // A dialog fading in has every colour half transparent: wait for the animations to end.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
              .length,
        ),
      WAIT,
    )
    .toBe(0);
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope) builder.include(scope);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * An owner invites by mail, the invited person joins from the link with a
 * name and password and works in the company's data; removed, their next action ends at the login.
 */
describe('team', () => {
  it('invites, joins from the mail’s link, works, and is removed (en-US)', async () => {
    const owner = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/team',
      locale: 'en-US',
    });
    const { page } = owner;
    await visible(page.getByRole('heading', { name: 'Team', level: 4 }));
    await visible(page.getByRole('cell', { name: DEMO.customer }));

    const email = uniqueEmail('joiner');
    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a person' });
    await visible(dialog);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await visible(page.getByText(`Invitation sent to ${email}`));
    const invitations = page.getByRole('table').nth(1);
    await visible(invitations.getByRole('cell', { name: email }));

    const link = /https?:\/\/\S+\/join\?token=[A-Za-z0-9_-]{43}/.exec(
      await mailTo(portal.dataDir, email),
    )?.[0];
    expect(link).toBeDefined();
    const joiner = await newPage(browser, portal.url, { locale: 'en-US' });
    const { search } = new URL(link ?? '');
    await joiner.page.goto(`/join${search}`);
    await visible(joiner.page.getByText(/invites you to join .+ as Operator\./));
    // The token leaves the address bar.
    await expect.poll(() => new URL(joiner.page.url()).search, WAIT).toBe('');
    await joiner.page.getByLabel('Your name').fill('JOAN JOINER');
    await joiner.page.getByLabel('Password', { exact: true }).fill('Quay-Side-Lantern-9');
    await joiner.page.getByLabel('Confirm password').fill('Quay-Side-Lantern-9');
    await joiner.page.getByRole('button', { name: 'Join' }).click();
    await joiner.page.waitForURL('**/quotes');
    // The header names the person; the company's contacts are theirs to work with.
    await visible(joiner.page.getByText('Welcome, JOAN JOINER'));
    await joiner.page.getByRole('link', { name: 'Contacts', exact: true }).click();
    await joiner.page.waitForURL('**/contacts');
    await visible(joiner.page.getByText(`${await contactTotal(owner.token)} in total`));

    // The owner sees them as a member and removes them.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: email });
    await visible(row.getByText('JOAN JOINER'));
    await gone(invitations.getByRole('cell', { name: email }));
    await page.getByRole('button', { name: 'Remove JOAN JOINER' }).click();
    await confirm(page, /Remove JOAN JOINER from the company\?/, /^Remove$/);
    await visible(page.getByText('JOAN JOINER was removed'));
    await gone(page.getByRole('row').filter({ hasText: email }));

    // The server tells their open page at once, over the live notification stream, who removed
    // them from which company; the page stays until they choose to sign in again.
    const notice = joiner.page.getByRole('dialog', { name: 'You have been signed out' });
    await visible(notice.getByText(/You were removed from the company .+ by .+\./));
    await notice.getByRole('button', { name: 'Sign in again' }).click();
    await joiner.page.waitForURL('**/login', WAIT);
    await visible(joiner.page.getByRole('alert').filter({ hasText: /You were removed from the company/ }));
    await joiner.context.close();
    await owner.context.close();
  });

  it('renders in Chinese and is usable at 375 px, with the keyboard', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/team',
      locale: 'zh-CN',
      width: 375,
      height: 740,
    });
    await visible(page.getByRole('heading', { name: '团队管理', level: 4 }));
    // On a phone each person is one stacked cell beside the actions.
    await visible(page.getByRole('columnheader', { name: '姓名' }));
    await visible(page.getByRole('columnheader', { name: '操作' }));
    await visible(page.getByRole('heading', { name: '待接受的邀请' }));
    // Nothing wider than the screen but the tables' own scrolling area.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const invite = page.getByRole('button', { name: /邀\s*请/ });
    const box = await invite.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);

    // Keyboard: the invite dialog opens with Enter, its fields are labelled, Escape closes it.
    await invite.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '邀请成员' });
    await visible(dialog);
    await expect
      .poll(() => dialog.getByLabel('邮箱').evaluate((el) => el === document.activeElement), WAIT)
      .toBe(true);
    await page.keyboard.type('not-an-address');
    await dialog.getByRole('button', { name: '发送邀请' }).click();
    await visible(dialog.getByText('请输入有效的邮箱地址'));
    await page.keyboard.press('Escape');
    await gone(page.getByRole('dialog', { name: '邀请成员' }));
    await context.close();
  });

  it('shows each person’s role selector in view at 375 px, not under the actions (zh-CN)', async () => {
    const name = 'NARROW OPERATOR';
    await joinedByApi('operator', name);
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/team',
      locale: 'zh-CN',
      width: 375,
      height: 740,
    });
    const select = page.getByRole('combobox', { name: `${name} 的角色` });
    await visible(select);
    // Down the page to it, as a reader scrolls; not sideways inside the table.
    await select.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 200));
    const box = await select.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.width).toBeGreaterThan(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    // Nothing (such as a pinned actions column) sits on top of it.
    const onTop = await select.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      // The selector draws its chosen value over the input, so what is hit belongs to its cell.
      const cell = element.closest('td');
      return hit !== null && cell !== null && cell.contains(hit);
    });
    expect(onTop).toBe(true);
    await context.close();
  });

  it('shows a viewer the company profile read only and lets them change their own name', async () => {
    const viewer = await joinedByApi('viewer', 'VERA VIEWER');
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    await context.addInitScript((value) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', value);
    }, viewer.token);
    await page.goto('/profile');
    await visible(page.getByText("Only the company's owners and admins can change the company profile."));
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Company name (English)').isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'My account' }).click();
    await page.getByLabel('My name').fill('VERA V.');
    await page.getByRole('button', { name: 'Save name' }).click();
    await visible(page.getByText('Welcome, VERA V.'));
    // Not a page of theirs: the team goes back to the quotes; contacts offer no writing buttons.
    await page.goto('/team');
    await page.waitForURL('**/quotes');
    await page.goto('/contacts');
    await visible(page.getByRole('heading', { name: 'Contact Management' }));
    expect(await page.getByRole('button', { name: /Add/ }).count()).toBe(0);
    // Nor do the rows: the company's contacts are listed, without Edit, Delete or selection.
    await visible(dataRows(page).first());
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    // The search's own filter box stays; the table has no selection boxes.
    expect(await page.getByRole('table').getByRole('checkbox').count()).toBe(0);
    // Bookings: the company's list is there to read, without the buttons that create bookings.
    await page.getByRole('link', { name: 'My Bookings', exact: true }).click();
    await visible(dataRows(page).first());
    expect(await page.getByRole('button', { name: /Add (FCL|LCL) booking/ }).count()).toBe(0);
    // Nor do its rows: Detail only, no Edit, Copy or Cancel.
    await visible(page.getByRole('button', { name: 'Detail', exact: true }).first());
    for (const name of ['Edit', 'Copy', 'Cancel booking'])
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    await context.close();
  });

  it('finds nothing serious for axe on the team page, the invite dialog and the join page', async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: '/team',
        locale,
      });
      await visible(page.getByRole('heading', { level: 4 }));
      await visible(page.getByRole('cell', { name: DEMO.customer }));
      expect(await axeFindings(page), `${locale} /team`).toEqual([]);
      await page.getByRole('button', { name: /(Invite|邀\s*请)$/ }).click();
      await visible(page.getByRole('dialog'));
      expect(await axeFindings(page, '.ant-modal-wrap'), `${locale} invite dialog`).toEqual([]);
      await context.close();
    }
    const token = await inviteByApi(uniqueEmail('axe'), 'viewer');
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await page.goto(`/join?token=${token}`);
    await visible(page.getByText(/邀请你以/));
    expect(await axeFindings(page), 'zh-CN /join').toEqual([]);
    await context.close();
  });
});

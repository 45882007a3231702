import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { templateHeaders } from '../contacts/contacts-helpers';
import { launchBrowser, newPage } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, openSignedIn, WAIT } from '../support/steps';

/**
 * Accessibility: axe-core's WCAG 2.0 / 2.1 A and AA rules over every page of the portal and its
 * main dialogs, in Chinese and in English, each page as the member who may open it. A serious or
 * critical violation fails the test, with a report naming the rule, the elements and the remedy.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** An open Ant Design dialog: checked on its own, the page beneath was checked before it opened. */
const DIALOG = '.ant-modal-wrap';
type Locale = 'zh-CN' | 'en-US';
type Finding = { where: string; id: string; impact: string; help: string; targets: string[] };

let browser: Browser;
/** App mode 2: the register page is the two-step wizard and the profile has the business tab too. */
let portal: PortalServer;
/** A closed site, for the maintenance page; started beside the other work, awaited at the end. */
let closed: Promise<PortalServer>;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal({ config: { app_mode: '2' } })]);
  closed = startPortal({ config: { app_close: 'true', app_close_tips: 'Back at 06:00 UTC' } });
  closed.catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await (await closed?.catch(() => undefined))?.stop();
});

/** What the pages and dialogs are found by, in each language (Ant Design spaces two-character buttons). */
const NAMES = {
  'zh-CN': {
    login: /^登\s*录$/,
    register: '注册',
    reset: '找回密码',
    notFound: '页面不存在',
    quotes: '船期报价',
    rfq: '询价',
    rfqTitle: '询价',
    bookings: '我的订舱',
    received: '收到的订舱',
    receivedRfqs: '收到的询价',
    rfqDetail: / · RFQ-\d{6}$/,
    bookingTitle: /^订舱 \S/,
    shippers: '货代联盟',
    shipperDetail: '货代详情',
    contacts: '联系人管理',
    addContact: '新增联系人',
    editContact: '编辑联系人',
    edit: /^编\s*辑$/,
    delete: /^删\s*除$/,
    deleteQuestion: '确定要删除吗？',
    import: /导\s*入$/,
    importContacts: '导入联系人',
    chooseFile: /选择文件/,
    cancel: /^取\s*消$/,
    profile: '会员资料',
    businessTab: '企业信息',
    rates: '运价管理',
    createRate: '新增运价',
    editRate: '编辑运价',
    importRates: '导入运价',
  },
  'en-US': {
    login: /^Log in$/,
    register: 'Register',
    reset: 'Reset password',
    notFound: 'Page Not Found',
    quotes: 'Shipping Quotes',
    rfq: 'RFQ',
    rfqTitle: 'Request for quotation',
    bookings: 'My Bookings',
    received: 'Received Bookings',
    receivedRfqs: 'Received RFQs',
    rfqDetail: / · RFQ-\d{6}$/,
    bookingTitle: /^Booking \S/,
    shippers: 'Shipper Alliance',
    shipperDetail: 'Forwarder detail',
    contacts: 'Contact Management',
    addContact: 'Add contact',
    editContact: 'Edit contact',
    edit: /^Edit$/,
    delete: /^Delete$/,
    deleteQuestion: 'Are you sure you want to delete this?',
    import: /Import$/,
    importContacts: 'Import contacts',
    chooseFile: /Choose file/,
    cancel: /^Cancel$/,
    profile: 'Member Profile',
    businessTab: 'Business info',
    rates: 'Rate Management',
    createRate: 'Create rate',
    editRate: 'Edit rate',
    importRates: 'Import rates',
  },
} as const;

/**
 * Waits until the page is still: no spinner or loading button, and no running animation or
 * transition (a dialog fading in would be measured half transparent) other than a button's click
 * ripple and endless spins. The poll answers what is still moving.
 */
async function settle(expect: ExpectStatic, page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const busy = Array.from(
            document.querySelectorAll('.ant-spin-spinning, .ant-btn-loading, .ant-skeleton-active'),
          );
          const moving = document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
            )
            .map((animation) => (animation.effect as KeyframeEffect | null)?.target)
            .filter((target) => target && !target.closest('.ant-wave'));
          return [...busy, ...moving].map((element) => element?.getAttribute('class')).join('; ');
        }),
      WAIT,
    )
    .toBe('');
}

/**
 * A test's checker: `audit` runs axe on the page as it is now (or only inside `scope`, e.g. an open
 * dialog over a page already checked) and keeps its serious and critical violations; `expectClean`
 * fails the test with all of them, each with its rule, elements and remedy.
 */
function checker(expect: ExpectStatic) {
  const findings: Finding[] = [];
  return {
    async audit(page: Page, where: string, scope?: string) {
      await settle(expect, page);
      const builder = new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] }) // before withTags: options() replaces the rule choice
        .withTags(TAGS);
      if (scope) builder.include(scope);
      const results = await builder.analyze();
      for (const violation of results.violations) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        findings.push({
          where,
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        });
      }
    },
    expectClean() {
      const report = findings
        .map(
          (f) =>
            `${f.where}: [${f.impact}] ${f.id}: ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`,
        )
        .join('\n');
      expect(findings, `axe found serious or critical violations:\n${report}`).toEqual([]);
    },
  };
}

/** Goes to `path` in the app and waits for the heading named `heading`. */
async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { name: heading }).first().waitFor();
}

/** A CSV of the contact template with a bad row (lowercase English name, unknown country). */
async function badContactsCsv(locale: Locale): Promise<Buffer> {
  const token = await apiToken(portal.url, DEMO.customer);
  const headers = await templateHeaders(portal, token, locale === 'zh-CN' ? 'cn' : 'en');
  const type = locale === 'zh-CN' ? '发货人' : 'Shipper';
  // Columns in template order: type, company1, company2, linkman, address1, address2, city,
  // province, country, zip code, phone, email.
  const cells = `${type}|lowercase co||ZHAO LEI|88 IMPORT ST||QINGDAO||ATLANTIS||+86 532 1|`.split('|');
  const line = (values: string[]) => values.map((value) => `"${value}"`).join(',');
  return Buffer.from([line(headers), line(cells)].join('\n'));
}

/** An RFQ of the demo customer about a quote of the demo forwarder: its id. */
async function demoRfq(): Promise<number> {
  const token = await apiToken(portal.url, DEMO.customer);
  const call = async <T>(path: string, body?: unknown) => {
    const response = await fetch(`${portal.url}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return ((await response.json()) as { data: T }).data;
  };
  // One of the demo forwarder's own rates (the board lists every forwarder's): its id is the quote's.
  const forwarderToken = await apiToken(portal.url, DEMO.forwarder);
  const own = (await (
    await fetch(`${portal.url}/api/rate?page=1&size=1`, {
      headers: { authorization: `Bearer ${forwarderToken}` },
    })
  ).json()) as { data: { lists: { id: number }[] } };
  const sent = await call<{ id: number }>('/system/send_rfq', {
    quote_id: own.data.lists[0]?.id,
    ready_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    description: 'LED LAMPS',
    booking_space: '2 x 40HQ',
    target_rate: 'US$1700',
    potential_vol: '10 x 40HQ / month',
    sales: 'LI MING',
  });
  return sent.id;
}

// The two languages run side by side (two pages at a time), each language's pages one after another.
// Each test audits a dozen pages and dialogs, a minute's work on a busy machine: three are allowed.
describe.concurrent.each(['zh-CN', 'en-US'] as const)('axe in %s', { timeout: 180_000 }, (locale) => {
  const names = NAMES[locale];

  it.sequential(
    'finds nothing serious on the login, register, reset password and not-found pages',
    async ({ expect }) => {
      const { audit, expectClean } = checker(expect);
      const { context, page } = await newPage(browser, portal.url, { locale });
      await page.goto('/login');
      // Audited with its captcha picture in place, as a member sees the page.
      await expect
        .poll(
          () =>
            page
              .getByRole('img', { name: /^(看不清？换一张|Can't read it\? Show another image)$/ })
              .isVisible(),
          WAIT,
        )
        .toBe(true);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await audit(page, `${locale} /login`);
      await visit(page, '/register', names.register);
      await audit(page, `${locale} /register`);
      await visit(page, '/forget-password', names.reset);
      await audit(page, `${locale} /forget-password`);
      await page.goto('/no/such/page');
      await page.getByText(names.notFound, { exact: true }).waitFor();
      await audit(page, `${locale} not found`);
      await context.close();
      expectClean();
    },
  );

  it.sequential(
    'finds nothing serious on the quotes, shippers and contacts pages and their dialogs',
    async ({ expect }) => {
      const { audit, expectClean } = checker(expect);
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: '/quotes',
        locale,
      });
      await page.getByRole('heading', { name: names.quotes }).waitFor();
      await audit(page, `${locale} /quotes`);
      await page.getByRole('button', { name: names.rfq, exact: true }).first().click();
      await page.getByRole('dialog', { name: names.rfqTitle }).waitFor();
      await audit(page, `${locale} /quotes RFQ dialog`, DIALOG);

      await visit(page, '/shippers', names.shippers);
      await audit(page, `${locale} /shippers`);
      await page.getByRole('article').first().getByRole('button').first().click();
      await page.getByRole('dialog', { name: names.shipperDetail }).waitFor();
      await audit(page, `${locale} /shippers detail dialog`, DIALOG);

      await visit(page, '/contacts', names.contacts);
      await audit(page, `${locale} /contacts`);
      await page.getByRole('button', { name: names.addContact }).click();
      const adder = page.getByRole('dialog', { name: names.addContact });
      await adder.waitFor();
      await audit(page, `${locale} /contacts add dialog`, DIALOG);
      await adder.getByRole('button', { name: names.cancel }).click();
      await adder.waitFor({ state: 'hidden' });
      await page.getByRole('row').getByRole('button', { name: names.edit }).first().click();
      const editor = page.getByRole('dialog', { name: names.editContact });
      await expect.poll(() => editor.getByRole('textbox').first().inputValue(), WAIT).not.toBe('');
      await audit(page, `${locale} /contacts edit dialog`, DIALOG);
      await editor.getByRole('button', { name: names.cancel }).click();
      await editor.waitFor({ state: 'hidden' });
      await page.getByRole('row').getByRole('button', { name: names.delete }).first().click();
      const question = page.getByRole('dialog').filter({ hasText: names.deleteQuestion });
      await question.waitFor();
      await audit(page, `${locale} /contacts delete confirmation`, DIALOG);
      await question.getByRole('button', { name: names.cancel }).click();
      await question.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: names.import }).click();
      const importer = page.getByRole('dialog', { name: names.importContacts });
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        importer.getByRole('button', { name: names.chooseFile }).click(),
      ]);
      await chooser.setFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: await badContactsCsv(locale) });
      await importer.getByRole('button', { name: names.import }).click();
      await importer.getByRole('alert').getByRole('table').waitFor();
      await audit(page, `${locale} /contacts import result`, DIALOG);
      await context.close();
      expectClean();
    },
  );

  it.sequential('finds nothing serious on the profile and the member booking pages', async ({ expect }) => {
    const { audit, expectClean } = checker(expect);
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/profile',
      locale,
    });
    await page.getByRole('heading', { name: names.profile }).waitFor();
    await audit(page, `${locale} /profile`);
    await page.getByRole('tab', { name: names.businessTab }).click();
    await page.getByRole('tabpanel', { name: names.businessTab }).waitFor();
    await audit(page, `${locale} /profile business tab`);

    // The list, the FCL and LCL forms and the demo FCL booking (number 1).
    await visit(page, '/bookings', names.bookings);
    await audit(page, `${locale} /bookings`);
    await visit(page, '/bookings/create-fcl', /FCL|整箱/);
    await audit(page, `${locale} /bookings/create-fcl`);
    await visit(page, '/bookings/create-lcl', /LCL|拼箱/);
    await audit(page, `${locale} /bookings/create-lcl`);
    await visit(page, '/bookings/1', names.bookingTitle);
    await audit(page, `${locale} /bookings/1`);
    await context.close();
    expectClean();
  });

  it.sequential('finds nothing serious on the forwarder pages and dialogs', async ({ expect }) => {
    const { audit, expectClean } = checker(expect);
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: '/rate',
      locale,
    });
    await page.getByRole('heading', { name: names.rates }).waitFor();
    await audit(page, `${locale} /rate`);
    await page.getByRole('button', { name: names.createRate }).click();
    const creator = page.getByRole('dialog', { name: names.createRate });
    await creator.waitFor();
    await audit(page, `${locale} /rate create dialog`, DIALOG);
    await creator.getByRole('button', { name: names.cancel }).click();
    await creator.waitFor({ state: 'hidden' });
    await page.getByRole('row').getByRole('button', { name: names.edit }).first().click();
    const editor = page.getByRole('dialog', { name: names.editRate });
    await expect.poll(() => editor.getByRole('spinbutton').first().inputValue(), WAIT).not.toBe('');
    await audit(page, `${locale} /rate edit dialog`, DIALOG);
    await editor.getByRole('button', { name: names.cancel }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: names.import }).click();
    await page.getByRole('dialog', { name: names.importRates }).waitFor();
    await audit(page, `${locale} /rate import dialog`, DIALOG);

    await visit(page, '/quotes', names.quotes);
    await audit(page, `${locale} /quotes (forwarder)`);
    await visit(page, '/received-bookings', names.received);
    await audit(page, `${locale} /received-bookings`);
    await visit(page, '/received-bookings/1', names.bookingTitle);
    await audit(page, `${locale} /received-bookings/1`);
    const rfq = await demoRfq();
    await visit(page, '/received-rfqs', names.receivedRfqs);
    await page
      .getByRole('link', { name: /\d{2}:\d{2}$/ })
      .first()
      .waitFor();
    await audit(page, `${locale} /received-rfqs`);
    await visit(page, `/received-rfqs/${rfq}`, names.rfqDetail);
    await audit(page, `${locale} /received-rfqs/${rfq}`);
    await context.close();
    expectClean();
  });

  it.sequential('finds nothing serious on the maintenance page', async ({ expect }) => {
    const site = await closed;
    const { audit, expectClean } = checker(expect);
    const { context, page } = await newPage(browser, site.url, { locale });
    await page.goto('/login');
    await page.getByText('Back at 06:00 UTC').waitFor();
    await audit(page, `${locale} maintenance`);
    await context.close();
    expectClean();
  });
});

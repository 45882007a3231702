import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, confirm, openSignedIn, visible } from '../support/steps';
import { call, demoBookingBody } from './booking-api';

let browser: Browser;
let portal: PortalServer;
let member: string;
let draftBody: () => { containers: object[] };

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  member = await apiToken(portal.url, DEMO.customer);
  draftBody = (await demoBookingBody(portal, member)).body as () => { containers: object[] };
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const TEXT = {
  'zh-CN': {
    toggle: '第 1 行货物明细',
    panel: '第 1 行货物明细',
    add: '为第 1 行添加货物',
    second: '货物 2',
    description: '品名',
    hsCodes: 'HS 编码',
    weight: '毛重（KG）',
    netWeight: '净重（KG）',
    chinese: '中文品名',
    submit: '提交订舱',
    confirm: '确定向货代提交该订舱吗？提交后不能再修改。',
  },
  'en-US': {
    toggle: 'Cargo details (line 1)',
    panel: 'Cargo details, line 1',
    add: 'Add a commodity to line 1',
    second: 'Commodity 2',
    description: 'Commodity',
    hsCodes: 'HS codes',
    weight: 'Gross weight (KG)',
    netWeight: 'Net weight (KG)',
    chinese: 'Commodity (Chinese)',
    submit: 'Submit booking',
    confirm: 'Submit this booking to the forwarder? It can no longer be edited afterwards.',
  },
} as const;

describe('a container line holding two commodities', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`is made in the form and read back, each commodity with its codes and weights, by both sides (${locale})`, async () => {
      const text = TEXT[locale];
      const draft = await call<{ id: number }>(portal, 'POST', '/order/booking', member, draftBody());
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: `/bookings/edit-fcl/${draft.id}`,
        locale,
      });

      await page.getByRole('button', { name: text.toggle, exact: true }).click();
      const panel = page.getByRole('group', { name: text.panel, exact: true });
      await panel.getByRole('button', { name: text.add }).click();
      const second = panel.getByRole('group', { name: text.second, exact: true });
      await second.getByLabel(text.description, { exact: true }).fill('t-shirts');
      await second.getByLabel(text.hsCodes, { exact: true }).fill('6109.10, 6109.90');
      await second.getByLabel(text.weight, { exact: true }).fill('800');
      await second.getByLabel(text.netWeight, { exact: true }).fill('750');
      await second.getByLabel(text.chinese, { exact: true }).fill('T恤');

      await page.getByRole('button', { name: text.submit }).click();
      await confirm(page, text.confirm, text.submit);
      await page.waitForURL(`**/bookings/${draft.id}`);

      // Both commodities in the line's cells, on the member's detail and then the forwarder's.
      const said = ['T-SHIRTS · T恤', '610910, 610990', '800.000'];
      for (const words of said) await visible(page.getByText(words).first());
      const lines = await call<{ containers: { commodities: { description: string }[] }[] }>(
        portal,
        'GET',
        `/order/${draft.id}`,
        member,
      );
      expect(lines.containers[0]?.commodities.map((c) => c.description)).toHaveLength(2);
      await context.close();
      const forwarder = await openSignedIn(browser, portal.url, {
        username: DEMO.forwarder,
        path: `/received-bookings/${draft.id}`,
        locale,
      });
      for (const words of said) await visible(forwarder.page.getByText(words).first());
      await forwarder.context.close();
    });
  }
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, confirm, openSignedIn, pick, visible } from '../support/steps';
import { call, demoBookingBody } from './booking-api';

let browser: Browser;
let portal: PortalServer;
let member: string;
let draftBody: () => object;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  member = await apiToken(portal.url, DEMO.customer);
  draftBody = (await demoBookingBody(portal, member)).body;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const TEXT = {
  'zh-CN': {
    consigneeSide: '收货人：选择或直接填写',
    typeIt: '直接填写',
    toOrder: '凭指示（TO ORDER）',
    name: '名称',
    notifyGroup: '通知人',
    notify: (n: number) => `通知人 ${n}`,
    addNotify: /添加通知人（最多 3 个）$/,
    needsNotify: '收货人为 TO ORDER 时须填写通知人',
    commercial: '商务与提单条款',
    declaredValue: '申报价值',
    currency: '申报价值币种',
    document: '运输单据',
    waybill: '海运单',
    submit: '提交订舱',
    confirm: '确定向货代提交该订舱吗？提交后不能再修改。',
  },
  'en-US': {
    consigneeSide: 'Consignee: choose or type',
    typeIt: 'Type the party',
    toOrder: 'TO ORDER',
    name: 'Name',
    notifyGroup: 'Notify parties',
    notify: (n: number) => `Notify party ${n}`,
    addNotify: /Add notify party \(at most 3\)$/,
    needsNotify: 'Notify party is required when the consignee is TO ORDER',
    commercial: 'Commercial and B/L terms',
    declaredValue: 'Declared value',
    currency: 'Declared value currency',
    document: 'Transport document',
    waybill: 'Sea waybill',
    submit: 'Submit booking',
    confirm: 'Submit this booking to the forwarder? It can no longer be edited afterwards.',
  },
} as const;

describe('a TO ORDER booking with two notify parties and its commercial terms', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`is made in the form, refused without a notify party, and read back by both sides (${locale})`, async () => {
      const text = TEXT[locale];
      const draft = await call<{ id: number }>(portal, 'POST', '/order/booking', member, draftBody());
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: `/bookings/edit-fcl/${draft.id}`,
        locale,
      });

      // The consignee typed on the booking, made out to the order of a bank.
      const consignee = page.getByRole('group', { name: text.consigneeSide, exact: true });
      await visible(consignee);
      await consignee.getByRole('switch', { name: text.typeIt }).click();
      await consignee.getByRole('button', { name: text.toOrder, exact: true }).click();
      await consignee.getByLabel(text.name, { exact: true }).fill('TO ORDER OF BANK OF CHINA');

      // Nobody to notify: refused by name before anything is sent.
      await page.getByRole('button', { name: text.submit }).click();
      await visible(page.getByText(text.needsNotify).first());
      expect(await page.getByRole('dialog').filter({ hasText: text.confirm }).count()).toBe(0);

      const notify = page.getByRole('group', { name: text.notifyGroup, exact: true });
      for (const [n, name] of [
        [1, 'ROTTERDAM IMPORTERS BV'],
        [2, 'SECOND NOTIFY BV'],
      ] as const) {
        await notify.getByRole('button', { name: text.addNotify }).click();
        const row = page.getByRole('group', { name: text.notify(n), exact: true });
        await row.getByLabel(text.name, { exact: true }).fill(name);
      }

      // The commercial terms: a declared value in yuan, and a sea waybill.
      await page.getByRole('button', { name: text.commercial }).click();
      await page.getByLabel(text.declaredValue, { exact: true }).fill('85000.5');
      await pick(page, page, text.currency, 'CNY');
      await page.getByLabel(text.document, { exact: true }).click();
      await page.getByTitle(text.waybill, { exact: true }).last().click();

      await page.getByRole('button', { name: text.submit }).click();
      await confirm(page, text.confirm, text.submit);
      await page.waitForURL(`**/bookings/${draft.id}`);

      const said = [
        'TO ORDER OF BANK OF CHINA',
        'ROTTERDAM IMPORTERS BV',
        'SECOND NOTIFY BV',
        'CNY 85,000.50',
      ];
      for (const words of said) await visible(page.getByText(words).first());
      await visible(page.getByText(text.waybill).first());
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

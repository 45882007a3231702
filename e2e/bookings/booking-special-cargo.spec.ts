import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, confirm, openSignedIn, pick, visible } from '../support/steps';
import { call, demoBookingBody, idOf } from './booking-api';

let browser: Browser;
let portal: PortalServer;
let member: string;
let draftBody: () => { containers: object[] };
let flatRack: number;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  member = await apiToken(portal.url, DEMO.customer);
  draftBody = (await demoBookingBody(portal, member)).body as () => { containers: object[] };
  flatRack = await idOf(portal, 'container', '40FR', member);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const TEXT = {
  'zh-CN': {
    type: (line: number) => `第 ${line} 行箱型`,
    toggle: (line: number) => `第 ${line} 行货物明细`,
    panel: (line: number) => `第 ${line} 行货物明细`,
    temperature: '设定温度',
    closed: '关闭',
    overWidthLeft: '左超宽（cm）',
    overWidthRight: '右超宽（cm）',
    addDg: '添加危险品',
    unNumber: 'UN 编号',
    imoClass: '危险品类别',
    shippingName: '正式运输名称',
    emergencyName: '应急联系人',
    emergencyPhone: '应急电话',
    packingGroup: '包装类别',
    needsTemperature: '冷藏箱须填写',
    needsPackingGroup: '第 3 类危险品须填写',
    submit: '提交订舱',
    confirm: '确定向货代提交该订舱吗？提交后不能再修改。',
  },
  'en-US': {
    type: (line: number) => `Container type (line ${line})`,
    toggle: (line: number) => `Cargo details (line ${line})`,
    panel: (line: number) => `Cargo details, line ${line}`,
    temperature: 'Set temperature',
    closed: 'Closed',
    overWidthLeft: 'Over-width left (cm)',
    overWidthRight: 'Over-width right (cm)',
    addDg: 'Add dangerous goods',
    unNumber: 'UN number',
    imoClass: 'IMO class',
    shippingName: 'Proper shipping name',
    emergencyName: 'Emergency contact',
    emergencyPhone: 'Emergency phone',
    packingGroup: 'Packing group',
    needsTemperature: 'is required for a reefer',
    needsPackingGroup: 'is required for class 3 dangerous goods',
    submit: 'Submit booking',
    confirm: 'Submit this booking to the forwarder? It can no longer be edited afterwards.',
  },
} as const;

describe('a booking of a reefer, dangerous goods and a flat rack with over-width', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`is made in the form, refused by name where it lacks what its cargo needs, and read back by both sides (${locale})`, async () => {
      const text = TEXT[locale];
      // Three dry lines to begin with: the form turns them into a reefer, a flat rack and DG.
      const body = draftBody();
      const [line] = body.containers;
      const draft = await call<{ id: number }>(portal, 'POST', '/order/booking', member, {
        ...body,
        containers: [line, { ...line, container_id: flatRack, description: 'EXCAVATOR' }, line],
      });
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: `/bookings/edit-fcl/${draft.id}`,
        locale,
      });

      // A reefer type opens its line's special cargo by itself: the temperature is asked for.
      await visible(page.getByLabel(text.type(1), { exact: true }));
      await pick(page, page, text.type(1), '40RF');
      const reefer = page.getByRole('group', { name: text.panel(1), exact: true });
      await visible(reefer.getByLabel(text.temperature, { exact: true }));
      await page.getByRole('button', { name: text.submit }).click();
      await visible(page.getByText(text.needsTemperature).first());
      expect(await page.getByRole('dialog').filter({ hasText: text.confirm }).count()).toBe(0);
      await reefer.getByLabel(text.temperature, { exact: true }).fill('-18');
      await reefer.getByRole('radio', { name: text.closed, exact: true }).check();

      // The flat rack's overhang, behind its line's toggle.
      await page.getByRole('button', { name: text.toggle(2), exact: true }).click();
      const rack = page.getByRole('group', { name: text.panel(2), exact: true });
      await rack.getByLabel(text.overWidthLeft, { exact: true }).fill('20');
      await rack.getByLabel(text.overWidthRight, { exact: true }).fill('20');

      // Paint, class 3: refused without its packing group, by name.
      await page.getByRole('button', { name: text.toggle(3), exact: true }).click();
      const paint = page.getByRole('group', { name: text.panel(3), exact: true });
      await paint.getByRole('button', { name: text.addDg }).click();
      await paint.getByLabel(text.unNumber, { exact: true }).fill('UN 1263');
      await paint.getByLabel(text.imoClass, { exact: true }).fill('3');
      await paint.getByLabel(text.shippingName, { exact: true }).fill('paint');
      await paint.getByLabel(text.emergencyName, { exact: true }).fill('王工');
      await paint.getByLabel(text.emergencyPhone, { exact: true }).fill('+86 21 6666 1234');
      await page.getByRole('button', { name: text.submit }).click();
      await visible(page.getByText(text.needsPackingGroup).first());
      await paint.getByLabel(text.packingGroup, { exact: true }).click();
      await page.getByTitle('III', { exact: true }).last().click();

      await page.getByRole('button', { name: text.submit }).click();
      await confirm(page, text.confirm, text.submit);
      await page.waitForURL(`**/bookings/${draft.id}`);

      // The member's detail, then the forwarder's: each line's special cargo in the trade's words.
      const said = ['-18 °C VENT CLOSED', 'OOG L 0/0 W 20/20 H 0 CM', 'UN 1263 PAINT CL 3 PG III'];
      for (const words of said) await visible(page.getByText(words).first());
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

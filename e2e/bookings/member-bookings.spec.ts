import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import {
  apiToken,
  confirm,
  day,
  fillDate,
  gone,
  iso,
  openSignedIn,
  pick,
  pickOption,
  us,
  visible,
} from '../support/steps';
import { call, idOf } from './booking-api';

let browser: Browser;
let portal: PortalServer;
let quoteId: number;
let forwarderToken: string;

// The Chinese name in brackets as each language writes them: full width in Chinese.
const SHIPPER = 'NINGBO BRIGHT ELECTRONICS CO., LTD (宁波明亮电子有限公司)';
const SHIPPER_ZH = 'NINGBO BRIGHT ELECTRONICS CO., LTD（宁波明亮电子有限公司）';
const CONSIGNEE = 'PACIFIC HOME GOODS INC.';

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  // The forwarder publishes a rate valid today: the member books it from the quote board.
  const token = await apiToken(portal.url, DEMO.forwarder);
  forwarderToken = token;
  const port = (code: string) => idOf(portal, 'port', code, token);
  const rate = await call<{ id: number }>(portal, 'POST', '/rate', token, {
    carrier_id: await idOf(portal, 'carrier', 'MSCU', token),
    pol_id: await port('CNSHA'),
    pod_id: await port('DEHAM'),
    to_id: await port('DEHAM'),
    sdate: iso(day(-1)),
    edate: iso(day(30)),
    transit_days: 31,
    remark: 'E2E BOOKING QUOTE',
    spaces: [
      { container_id: await idOf(portal, 'container', '20GP', token), price: '1000.00' },
      { container_id: await idOf(portal, 'container', '40HQ', token), price: '1850.50' },
    ],
  });
  quoteId = rate.id;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Fills cargo line `n` (1-based) in English or Chinese labels. */
async function fillLine(
  page: Page,
  label: (field: string) => string,
  values: { hs: string; description: string; packages: string; unit: string; weight: string; volume: string },
) {
  await page.getByLabel(label('hs')).fill(values.hs);
  await page.getByLabel(label('description')).fill(values.description);
  await page.getByLabel(label('packages')).fill(values.packages);
  await pick(page, page, label('unit'), values.unit);
  await page.getByLabel(label('weight')).fill(values.weight);
  await page.getByLabel(label('volume')).fill(values.volume);
}

const EN: Record<string, string> = {
  hs: 'HS code',
  description: 'Commodity',
  packages: 'Packages',
  unit: 'Package unit',
  weight: 'Gross weight (KG)',
  volume: 'Volume (CBM)',
  quantity: 'Quantity',
};
const ZH: Record<string, string> = {
  hs: 'HS 编码',
  description: '品名',
  packages: '件数',
  unit: '包装单位',
  weight: '毛重（KG）',
  volume: '体积（CBM）',
};
const enLine = (n: number) => (field: string) => `${EN[field]} (line ${n})`;
const zhLine = (n: number) => (field: string) => `第 ${n} 行${ZH[field]}`;

describe('my bookings (member)', () => {
  it('books FCL from a quote: contacts, live totals, delete a container type, ISO 6346 check, submit; the forwarder is named once it accepts', async () => {
    // A common laptop screen: the container lines must fit it, delete buttons included.
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/quotes',
      locale: 'en-US',
      width: 1366,
      height: 768,
    });
    // The demo data publishes well over a page of rates: the member narrows the board to the lane.
    await pick(page, page, 'Delivery place', 'Hamburg');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const quoteRow = page.getByRole('row').filter({ hasText: 'Hamburg' }).filter({ hasText: 'US$1,850.50' });
    await quoteRow.getByRole('button', { name: 'Book' }).click();
    await page.waitForURL(`**/bookings/create-fcl?quote_id=${quoteId}`);
    await page.getByRole('heading', { name: 'New FCL booking' }).waitFor();
    await page
      .getByText('Booking from the quote: MSC (Mediterranean Shipping Company)', { exact: false })
      .waitFor();
    await visible(page.getByText('20GP US$1,000 | 40HQ US$1,850.50', { exact: false }));
    // The demo customer may not see who publishes quotes (no quote_forwarder): the form says whose
    // it is without naming it, and offers only the container types priced.
    const forwarderField = page.getByLabel('Forwarder', { exact: true });
    await expect.poll(() => forwarderField.inputValue()).toBe('The forwarder of the quote');
    expect(await forwarderField.getAttribute('readonly')).not.toBeNull();
    await visible(page.getByText('Named once the forwarder accepts the booking'));
    await visible(page.getByText('This quote prices only 20GP, 40HQ', { exact: false }));
    expect(await page.getByText('DEMO FORWARDING CO., LTD').count()).toBe(0);

    await pickOption(page, page, 'Shipper', 'NINGBO', SHIPPER);
    await page.getByText('WANG FANG · Tel +8657487000001 · wang.fang@example.com').waitFor();
    await pickOption(page, page, 'Consignee', 'PACIFIC', CONSIGNEE);
    await page.getByText('JOHN SMITH · Tel +13105550100 · john.smith@example.com').waitFor();
    await page.getByLabel('Customer reference').fill('po-fcl-001');
    await fillDate(page.getByLabel('Cargo ready date'), us(day(5)));
    await pick(page, page, 'Incoterm', 'FOB Free on Board');

    // Line 1 comes with the quote's first container type.
    await fillLine(page, enLine(1), {
      hs: '8513.10',
      description: 'led lamps',
      packages: '100',
      unit: 'Carton',
      weight: '1200.5',
      volume: '20',
    });
    await page.getByText('Total: 1 container, 1200.500 KG, 20.000 CBM, 100 packages').waitFor();
    await page.getByRole('button', { name: 'Add container line' }).click();
    // The new line's types are the quote's two, no others.
    await page.getByLabel('Container type (line 2)', { exact: true }).click();
    await visible(page.getByTitle('40HQ', { exact: true }).filter({ visible: true }));
    await visible(page.getByTitle('20GP', { exact: true }).filter({ visible: true }));
    expect(await page.getByTitle('40GP', { exact: true }).count()).toBe(0);
    expect(await page.getByTitle('45HQ', { exact: true }).count()).toBe(0);
    await pick(page, page, 'Container type (line 2)', '40HQ');
    await fillLine(page, enLine(2), {
      hs: '940540',
      description: 'lamp shades',
      packages: '50',
      unit: 'Carton',
      weight: '800.25',
      volume: '30.5',
    });
    await page.getByLabel('Quantity (line 2)').fill('2');
    await page.getByText('Total: 3 containers, 2000.750 KG, 50.500 CBM, 150 packages').waitFor();
    // At 1366 px the whole line, its delete button included, is in view without scrolling sideways.
    const lines = page.getByRole('table', { name: 'Container lines' });
    expect(
      await lines.evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0)),
    ).toBe(true);
    const removeLine = page.getByRole('button', { name: 'Remove line 2' });
    const box = await removeLine.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 1366).toBe(true);

    // The bulk removal sits below the lines, after "Add container line", away from the table's top.
    const removeAll = page.getByRole('button', { name: 'Delete all 40HQ' });
    const addLine = page.getByRole('button', { name: 'Add container line' });
    expect((await removeAll.boundingBox())?.y ?? 0).toBeGreaterThan(
      (await addLine.boundingBox())?.y ?? Number.POSITIVE_INFINITY,
    );
    await removeAll.click();
    await confirm(page, 'Delete all 40HQ container lines?', 'Delete');
    await page.getByText('Total: 1 container, 1200.500 KG, 20.000 CBM, 100 packages').waitFor();

    // An emptied package count beside its package code asks for it by name (not "wrong format"):
    // packages may follow with the instructions, but a code is not given without a count.
    await page.getByLabel('Packages (line 1)').fill('');
    // Two buttons, told apart on the page: Submit booking sends, Save draft keeps.
    // A draft is the company's: the hint says colleagues see it, not "only you".
    await visible(page.getByText(/Save draft keeps the booking in your company, to finish later/));
    await page.getByRole('button', { name: 'Submit booking', exact: true }).click();
    await page.getByText('Packages (row 1) are required').first().waitFor();
    await page.getByLabel('Packages (line 1)').fill('100');
    await gone(page.getByText('Packages (row 1) are required'));

    await page.getByLabel('Container no. (line 1)').fill('MSCU1234560');
    await page.getByRole('button', { name: 'Submit booking', exact: true }).click();
    await page.getByText('Container no. is not a valid container number', { exact: false }).first().waitFor();
    await page.getByLabel('Container no. (line 1)').fill('mscu1234566');
    await page.getByRole('button', { name: 'Submit booking', exact: true }).click();
    await confirm(
      page,
      'Submit this booking to the forwarder? It can no longer be edited afterwards.',
      'Submit booking',
    );
    await page.getByText('Booking submitted').waitFor();
    await page.waitForURL(/\/bookings\/\d+$/);
    await page.getByRole('heading', { name: /^Booking BK/ }).waitFor();
    await page.getByText('PO-FCL-001').waitFor();
    await visible(page.getByText('MSCU1234566'));
    await visible(page.getByText('Awaiting space release').first());
    await page.getByRole('heading', { name: 'Status timeline' }).waitFor();
    await visible(page.getByText('submit the booking', { exact: false }).first());
    // Until the forwarder accepts, the detail and the liaison leave it unnamed.
    await visible(page.getByText('The forwarder of the quote').first());
    expect(await page.getByText('DEMO FORWARDING CO., LTD').count()).toBe(0);
    expect(await page.getByText('ZHANG WEI').count()).toBe(0);
    const bookingId = Number(new URL(page.url()).pathname.split('/').pop());
    await call(portal, 'POST', `/forwarder/order/${bookingId}/accept`, forwarderToken);
    await page.reload();
    // Liaison: the forwarder of the quote and its handler.
    await page.getByText('DEMO FORWARDING CO., LTD').first().waitFor();
    await visible(page.getByText('ZHANG WEI'));
    expect(await page.getByText('The forwarder of the quote').count()).toBe(0);
    await context.close();
  });

  it('creates an LCL booking from scratch, edits, copies and cancels (Chinese)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings',
      locale: 'zh-CN',
    });
    await page.getByRole('heading', { name: '我的订舱' }).waitFor();
    await page.getByRole('button', { name: '新增拼箱订舱' }).click();
    await page.waitForURL('**/bookings/create-lcl');
    await page.getByRole('heading', { name: '新增拼箱订舱' }).waitFor();

    // Nothing chosen: what is missing is named, the empty cargo numbers too; the shipper and
    // consignee may follow with the SI, so they are not asked for.
    await page.getByRole('button', { name: '提交订舱' }).click();
    await page.getByText('请填写件数').waitFor();
    expect(await page.getByText('请选择发货人').count()).toBe(0);
    await visible(page.getByText('请填写毛重（KG）'));

    // The shipper picker offers shippers (and contacts of both kinds), not the consignee; a box shows all.
    const shipperInput = page.getByLabel('发货人', { exact: true });
    await shipperInput.click();
    await shipperInput.fill('PACIFIC');
    await visible(page.getByText(/^没有匹配的联系人/).filter({ visible: true }));
    await shipperInput.press('Escape');
    await page.getByRole('checkbox', { name: '显示全部联系人' }).first().check();
    await shipperInput.click();
    await shipperInput.fill('PACIFIC');
    await visible(page.getByTitle(CONSIGNEE, { exact: true }).filter({ visible: true }));
    await shipperInput.press('Escape');
    await page.getByRole('checkbox', { name: '显示全部联系人' }).first().uncheck();
    await pickOption(page, page, '发货人', 'NINGBO', SHIPPER_ZH);
    await pickOption(page, page, '收货人', 'PACIFIC', CONSIGNEE);
    await fillDate(page.getByLabel('货好日期'), iso(day(7)));
    await pick(page, page, '贸易条款', 'FOB 船上交货');
    await pick(page, page, '起运港', '上海');
    await pick(page, page, '卸货港', '汉堡');
    await pick(page, page, '交货地', '汉堡');
    await pickOption(page, page, '货代', '演示', '演示国际货运代理有限公司');
    await fillLine(page, zhLine(1), {
      hs: '94054090',
      description: 'led lamps',
      packages: '20',
      unit: '纸箱',
      weight: '300.25',
      volume: '2.5',
    });
    await page.getByText('合计：300.250 KG，2.500 CBM，20 件').waitFor();
    // Saving a draft asks nothing more, and says who sees it: the company's colleagues.
    await visible(page.getByText(/保存草稿：留在本公司，同事均可查看/));
    await page.getByRole('button', { name: '保存草稿' }).click();
    await page.getByText('草稿已保存：公司同事均可查看和继续填写，货代尚未收到').waitFor();
    expect(await page.getByText('保存为草稿吗？', { exact: false }).count()).toBe(0);
    await page.waitForURL(/\/bookings\/edit-lcl\/\d+$/);
    const heading = page.getByRole('heading', { name: /^修改拼箱订舱 BK/ });
    await heading.waitFor();
    const orderNo = ((await heading.textContent()) ?? '').replace('修改拼箱订舱', '').trim();

    // Edit: the saved form comes back, a change is saved.
    await page.getByLabel('客户参考号').fill('ref-lcl-1');
    await page.getByRole('button', { name: '保存草稿' }).click();
    await visible(page.getByText('草稿已保存：公司同事均可查看和继续填写，货代尚未收到'));

    // The list: keyword search finds it; status 0 opens the editor.
    await page.getByRole('link', { name: '我的订舱' }).click();
    await page.getByLabel('关键字').fill('REF-LCL-1');
    const searched = page.waitForRequest(
      (r) => r.url().includes('/api/order?') && r.url().includes('keyword='),
    );
    await page.getByRole('button', { name: /^搜\s*索$/ }).click();
    // A search asks for pages of 10.
    expect(new URL((await searched).url()).searchParams.get('size')).toBe('10');
    const row = page.getByRole('row').filter({ hasText: orderNo });
    await visible(row);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await visible(row.getByText('草稿'));
    await row.getByRole('button', { name: orderNo }).click();
    await page.waitForURL(/\/bookings\/edit-lcl\/\d+$/);
    await page.getByRole('heading', { name: `修改拼箱订舱 ${orderNo}` }).waitFor();

    // Copy: the form opens prefilled and saves a new booking.
    await page.getByRole('link', { name: '我的订舱' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: orderNo })
      .getByRole('button', { name: /^复\s*制$/ })
      .click();
    await page.waitForURL(/\/bookings\/copy-lcl\/\d+$/);
    await page.getByRole('heading', { name: `复制拼箱订舱 ${orderNo}` }).waitFor();
    await page.getByText('合计：300.250 KG，2.500 CBM，20 件').waitFor();
    await page.getByRole('button', { name: '提交订舱' }).click();
    await confirm(page, '确定向货代提交该订舱吗？提交后不能再修改。', '提交订舱');
    await page.getByText('订舱已提交').waitFor();
    await page.waitForURL(/\/bookings\/\d+$/);
    const copyHeading = page.getByRole('heading', { name: /^订舱 BK/ });
    await copyHeading.waitFor();
    const copyNo = ((await copyHeading.textContent()) ?? '').replace('订舱', '').trim();
    expect(copyNo).not.toBe(orderNo);
    await page.getByText('复制为草稿').first().waitFor();
    await visible(page.getByText(`原因：复制自 ${orderNo}`));

    // Cancel the copy from the list, with a reason.
    await page.getByRole('link', { name: '我的订舱' }).click();
    const copyRow = page.getByRole('row').filter({ hasText: copyNo });
    await copyRow.getByRole('button', { name: '取消订舱' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `确定取消订舱 ${copyNo} 吗？` });
    await dialog.getByLabel('原因').fill('客户改期');
    // Its buttons are 返回 (keep the booking) and 取消订舱, never 取消 beside 取消订舱.
    await visible(dialog.getByRole('button', { name: /^返\s*回$/ }));
    expect(await dialog.getByRole('button', { name: /^取\s*消$/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: '取消订舱' }).click();
    await page.getByText('订舱已取消').waitFor();
    await visible(copyRow.getByText('已取消'));
    await copyRow.getByRole('button', { name: copyNo }).click();
    await page.waitForURL(/\/bookings\/\d+$/);
    await page.getByText('原因：客户改期').waitFor();
    // A cancelled booking takes no more documents: no upload is offered, and it says why.
    await page.getByText('订舱已取消，不能再上传文件').waitFor();
    expect(await page.getByRole('button', { name: '上传文件' }).count()).toBe(0);
    await context.close();
  });

  it('on a phone (375 px) shows each booking with its actions in view (Chinese)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings',
      locale: 'zh-CN',
      width: 375,
      height: 740,
    });
    await page.getByRole('heading', { name: '我的订舱' }).waitFor();
    const edit = page.getByRole('button', { name: /^编\s*辑$/ }).first();
    await visible(edit);
    const box = await edit.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    // Nothing pinned lies over it: the click reaches the button and opens the editor.
    await edit.click();
    await page.waitForURL(/\/bookings\/edit-(fcl|lcl)\/\d+$/);
    await page.getByRole('heading', { name: /^修改(整箱|拼箱)订舱 BK/ }).waitFor();
    await context.close();
  });

  it('shows the forwarder, route and ETD at 1366 px in English beside the actions', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings',
      locale: 'en-US',
      width: 1366,
      height: 768,
    });
    await page.getByRole('heading', { name: 'My Bookings' }).waitFor();
    const actions = await page.getByRole('columnheader', { name: 'Actions', exact: true }).boundingBox();
    for (const name of ['Forwarder', 'Route', 'ETD']) {
      const box = await page.getByRole('columnheader', { name, exact: true }).boundingBox();
      // In view without scrolling, and not under the pinned Actions column.
      expect(box && actions && box.x + box.width <= actions.x + 1, name).toBe(true);
    }
    await context.close();
  });

  it('shows a missing booking as not found, with the way back (Chinese)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings/999999',
      locale: 'zh-CN',
    });
    await page.getByRole('heading', { name: '订舱不存在' }).waitFor();
    await visible(page.getByText('订舱 999999 不存在，或不是您的订舱。'));
    await page.getByRole('button', { name: '返回我的订舱' }).click();
    await page.waitForURL(/\/bookings$/);
    await page.getByRole('heading', { name: '我的订舱' }).waitFor();
    // The editor's addresses too.
    await page.goto('/bookings/edit-lcl/999999');
    await page.getByRole('heading', { name: '订舱不存在' }).waitFor();
    await context.close();
  });

  it('offers every forwarder of the shipper alliance directory to a member without quote_forwarder', async () => {
    const { context, page, token } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/bookings/create-lcl',
      locale: 'en-US',
    });
    const listed = (
      await call<{ lists: { company1: string }[] }>(portal, 'GET', '/shipper?page=1&size=50', token)
    ).lists;
    expect(listed.length).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'New LCL booking' }).waitFor();
    await page.getByLabel('Forwarder', { exact: true }).click();
    // Every listed forwarder is offered, without typing anything.
    for (const forwarder of listed)
      await visible(page.getByTitle(forwarder.company1, { exact: true }).filter({ visible: true }));
    await page.getByTitle('DEMO FORWARDING CO., LTD', { exact: true }).filter({ visible: true }).click();
    await visible(page.getByTitle('DEMO FORWARDING CO., LTD', { exact: true }).first());
    await context.close();
  });
});

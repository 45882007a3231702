import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { mailTo } from '../auth/account-steps';
import { apiToken, day, gone, iso, openSignedIn, pick, us, visible } from '../support/steps';
import { DEMO, startPortal, type PortalServer } from '../support/server';

let browser: Browser;
let portal: PortalServer;
let quoteId: number;

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${portal.url}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      Lang: 'en',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.msg}`);
  return envelope.data;
}

/** The id of a reference item by its code (SCAC, UN/LOCODE, container code). */
async function idOf(kind: string, code: string, token: string): Promise<number> {
  const list = await call<{ lists: { id: number; code?: string }[] }>(
    'GET',
    `/${kind}?page=1&size=1000`,
    token,
  );
  const item = list.lists.find((i) => i.code === code);
  if (!item) throw new Error(`${kind} ${code} not found`);
  return item.id;
}

/** What the browser draws before a form label: Ant Design's required mark is a "*" there. */
const requiredMark = (label: Locator) =>
  label.evaluate((element) => getComputedStyle(element, '::before').content);

/**
 * Narrows the board to rates delivered at Hamburg (the demo data publishes well over a page of
 * rates, Hamburg among them), as a customer looking for this lane would.
 */
async function showHamburg(page: Page, locale: 'en' | 'zh', forwarder?: string) {
  const [label, place, search] =
    locale === 'en' ? ['Delivery place', 'Hamburg', /^Search$/] : ['交货地', '汉堡', /^搜\s*索$/];
  const filtered = page.waitForResponse((r) => r.url().includes('/api/quote?') && r.url().includes('to_id='));
  await pick(page, page, label, place);
  if (forwarder) await pick(page, page, 'Forwarder', forwarder);
  await page.getByRole('button', { name: search }).click();
  await filtered;
}

async function fillDate(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  // The forwarder publishes a rate that is valid today, so the quote board has something to show.
  const token = await apiToken(portal.url, DEMO.forwarder);
  const port = (code: string) => idOf('port', code, token);
  const rate = await call<{ id: number }>('POST', '/rate', token, {
    carrier_id: await idOf('carrier', 'MSCU', token),
    pol_id: await port('CNSHA'),
    pod_id: await port('DEHAM'),
    to_id: await port('DEHAM'),
    sdate: iso(day(-1)),
    edate: iso(day(30)),
    transit_days: 31,
    remark: 'E2E QUOTE',
    spaces: [
      { container_id: await idOf('container', '20GP', token), price: '1000.00' },
      { container_id: await idOf('container', '40HQ', token), price: '1850.50' },
    ],
  });
  quoteId = rate.id;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('shipping quotes', () => {
  it('shows a customer the quotes without supplier, with Book and RFQ; Book opens the FCL booking', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/quotes',
      locale: 'en-US',
    });
    await page.getByRole('heading', { name: 'Shipping Quotes' }).waitFor();
    await showHamburg(page, 'en');
    const row = page.getByRole('row').filter({ hasText: 'Hamburg' }).filter({ hasText: 'US$1,850.50' });
    await row.getByText('US$1,850.50').waitFor();
    await visible(row.getByRole('cell', { name: 'US$1,000', exact: true }));
    await visible(page.getByRole('columnheader', { name: '40HQ' }));
    expect(await page.getByRole('columnheader', { name: 'Forwarder' }).count()).toBe(0);
    expect(await page.getByLabel('Forwarder').count()).toBe(0);
    await visible(row.getByRole('button', { name: 'RFQ' }));

    const sorted = page.waitForRequest(
      (r) => r.url().includes('/api/quote?') && r.url().includes('field=transit_days'),
    );
    await page.getByRole('columnheader', { name: 'Transit' }).click();
    expect(new URL((await sorted).url()).searchParams.get('order')).toBe('asc');

    await row.getByRole('button', { name: 'Book' }).click();
    await page.waitForURL(`**/bookings/create-fcl?quote_id=${quoteId}`);
    await context.close();
  });

  it('shows a forwarder the forwarder filter and column (Chinese)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: '/quotes',
      locale: 'zh-CN',
    });
    await page.getByRole('heading', { name: '船期报价' }).waitFor();
    // The trade's word for them is 货代, not 供应商.
    await page.getByRole('columnheader', { name: '货代' }).waitFor();
    await visible(page.getByLabel('货代'));
    expect(await page.getByText('供应商').count()).toBe(0);
    await showHamburg(page, 'zh');
    const row = page.getByRole('row').filter({ hasText: '汉堡' }).filter({ hasText: 'US$1,850.50' });
    await row.getByText('US$1,850.50').waitFor();
    await visible(row.getByRole('cell', { name: '演示国际货运代理有限公司' }));
    await visible(row.getByText(iso(day(-1))));
    await visible(row.getByText(`~ ${iso(day(30))}`));
    await context.close();
  });

  it('shows every price without scrolling sideways at 1366 px, in a fixed column order (English, forwarder)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: '/quotes',
      locale: 'en-US',
      width: 1366,
      height: 900,
    });
    await page.getByRole('heading', { name: 'Shipping Quotes' }).waitFor();
    // One forwarder's dry-box rates to one place: a page of the usual container types. (A page with
    // more types than fit, reefers and 45' boxes too, scrolls sideways by design.)
    await showHamburg(page, 'en', 'DEMO FORWARDING CO., LTD');
    await page.getByRole('row').filter({ hasText: 'Hamburg' }).getByText('US$1,850.50').waitFor();
    const containerHeaders = async () =>
      (await page.getByRole('columnheader').allInnerTexts())
        .map((text) => text.trim())
        .filter((text) => /^\d{2}[A-Z]{2}$/.test(text));
    const reference = [
      '20GP',
      '40GP',
      '40HQ',
      '45HQ',
      '20RF',
      '40RF',
      '40RH',
      '20OT',
      '40OT',
      '20FR',
      '40FR',
      '20TK',
    ];
    const inReferenceOrder = (names: string[]) =>
      [...names].sort((a, b) => reference.indexOf(a) - reference.indexOf(b));
    const before = await containerHeaders();
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before).toEqual(inReferenceOrder(before));
    // Every price column and ETD/ETA lie inside the window and left of the (pinned) actions:
    // nothing to scroll to, nothing under the pinned column.
    const actions = await page.getByRole('columnheader', { name: 'Actions', exact: true }).boundingBox();
    expect((actions?.x ?? 0) + (actions?.width ?? 0)).toBeLessThanOrEqual(1366);
    for (const name of [...before, 'ETD / ETA']) {
      const box = await page.getByRole('columnheader', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual((actions?.x ?? 0) + 1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);

    // Sorting the rows never moves the price columns (40GP | 40HQ | 20GP).
    for (const order of ['asc', 'desc']) {
      const sorted = page.waitForResponse(
        (r) => r.url().includes('field=transit_days') && r.url().includes(`order=${order}`),
      );
      await page.getByRole('columnheader', { name: 'Transit' }).click();
      await sorted;
      await expect.poll(containerHeaders).toEqual(before);
    }
    await context.close();
  });

  it('shows each quote as a card with its route, prices and buttons on a phone (Chinese)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/quotes',
      locale: 'zh-CN',
      width: 375,
      height: 812,
    });
    await page.getByRole('heading', { name: '船期报价' }).waitFor();
    await showHamburg(page, 'zh');
    const card = page.getByLabel('上海 → 汉堡').filter({ hasText: 'US$1,850.50' });
    await visible(card);
    await visible(card.getByText('US$1,850.50'));
    await visible(card.getByText('US$1,000'));
    await visible(card.getByText('31 天'));
    for (const name of [/^订\s*舱$/, '询价']) {
      const button = card.getByRole('button', { name });
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it('sends an RFQ from the English page; the forwarder answers it in Chinese; the customer books from it', async () => {
    // The forwarder has its received RFQs open: the new request appears there without a reload.
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: '/received-rfqs',
      locale: 'zh-CN',
    });
    await page.getByRole('heading', { name: '收到的询价' }).waitFor();
    // A colleague of the demo customer asks: the contact for the request is that person, not the
    // company's registered contact.
    const member = await openSignedIn(browser, portal.url, {
      username: 'ops@example.com',
      path: '/quotes',
      locale: 'en-US',
    });
    await showHamburg(member.page, 'en');
    const row = member.page
      .getByRole('row')
      .filter({ hasText: 'Hamburg' })
      .filter({ hasText: 'US$1,850.50' });
    await row.getByText('US$1,850.50').waitFor();
    await row.getByRole('button', { name: 'RFQ' }).click();
    const dialog = member.page.getByRole('dialog', { name: 'Request for quotation' });
    await dialog.getByText('20GP US$1,000 | 40HQ US$1,850.50').waitFor();

    // Every required field is marked (ready date and containers once had no asterisk); the
    // target rate is optional.
    for (const label of [
      'Cargo ready date',
      'Commodity',
      'Containers and quantity',
      'Potential volume',
      'Contact for this request',
    ])
      expect(await requiredMark(dialog.getByText(label, { exact: true })), label).toBe('"*"');
    expect(await requiredMark(dialog.getByText('Target rate', { exact: true }))).not.toBe('"*"');
    await visible(dialog.getByText('Whom the forwarder should answer about this request', { exact: false }));
    expect(await dialog.getByLabel('Contact for this request').inputValue()).toBe('WANG FANG 王芳');
    // Each quantity is a labelled field of its own.
    await visible(dialog.getByText('40HQ quantity', { exact: true }));

    await fillDate(dialog.getByLabel('Cargo ready date'), us(day(-3)));
    await dialog.getByLabel('Commodity').fill('LED LAMPS');
    await dialog.getByLabel('40HQ quantity').fill('2');
    await dialog.getByText('Estimated total: US$3,701').waitFor();
    await dialog.getByLabel('Potential volume').fill('10 x 40HQ per month');
    // A past day is disabled in the picker (contract isReadyDateAllowed): the typed date is dropped.
    expect(await dialog.getByLabel('Cargo ready date').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Cargo ready date is required').waitFor();

    await fillDate(dialog.getByLabel('Cargo ready date'), us(day(3)));
    const sent = member.page.waitForResponse((r) => r.url().endsWith('/api/system/send_rfq'));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const { data } = (await (await sent).json()) as { data: { id: number } };
    await member.page.getByText('RFQ sent').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The customer's own list: the request, new, with its lane.
    await member.page.getByRole('link', { name: 'My RFQs' }).first().click();
    await member.page.getByRole('heading', { name: 'My RFQs' }).waitFor();
    const mine = member.page.getByRole('row').filter({ hasText: 'Shanghai → Hamburg' }).first();
    await visible(mine.getByText('New', { exact: true }));

    // The mail reaches the forwarder in the forwarder's language (Chinese), linking to the request.
    const mail = await mailTo(portal.dataDir, DEMO.forwarder);
    expect(mail).toContain('航线：上海 → 汉堡 → 汉堡');
    expect(mail).toContain(`/received-rfqs/${data.id}`);

    // The list has a Detail action; the detail is named by its lane and number, not an id.
    const number = `RFQ-${String(data.id).padStart(6, '0')}`;
    await page.getByRole('link', { name: `上海 → 汉堡 · ${number} 的详情` }).click();
    await page.getByRole('heading', { name: `上海 → 汉堡 · ${number}` }).waitFor();
    for (const text of ['上海 → 汉堡 → 汉堡', '地中海航运', 'LED LAMPS', '2 x 40HQ', iso(day(3))])
      await visible(page.getByText(text, { exact: true }));
    await visible(page.getByText('演示贸易有限公司', { exact: true }));
    await visible(page.getByRole('link', { name: DEMO.customer }));
    const reply = page.getByRole('link', { name: '邮件回复' });
    const href = (await reply.getAttribute('href')) ?? '';
    expect(decodeURIComponent(href)).toContain('回复：询价 上海 → 汉堡');

    // The answer in the portal: a price for 40HQ, a validity, remarks.
    await page.getByLabel('40HQ 价格（美元）').fill('1700');
    await page.getByLabel('备注', { exact: true }).fill('ALL IN EXCEPT THC');
    await visible(page.getByRole('button', { name: '提交报价' }));
    // Enter in the date field takes the date and sends the form, as the button would.
    await fillDate(page.getByLabel('有效期至'), iso(day(14)));
    await page.getByText('报价已发送给询价方').waitFor();
    await visible(page.getByRole('button', { name: '重新报价' }));
    await visible(page.getByText('已报价', { exact: true }));

    // The customer's open list follows without a reload, and the answer opens a booking.
    await visible(mine.getByText('Quoted', { exact: true }));
    await mine.getByRole('link', { name: `Detail of Shanghai → Hamburg · ${number}` }).click();
    await member.page.getByRole('heading', { name: `Shanghai → Hamburg · ${number}` }).waitFor();
    await visible(member.page.getByText('US$1,700', { exact: true }));
    await visible(member.page.getByText('ALL IN EXCEPT THC'));
    await member.page.getByRole('button', { name: 'Book with this answer' }).click();
    await expect.poll(() => new URL(member.page.url()).pathname).toBe('/bookings/create-fcl');
    const remark = member.page.getByLabel('Remark', { exact: true });
    await expect
      .poll(() => remark.inputValue())
      .toContain(`Prices answered on Shanghai → Hamburg · ${number}: 40HQ US$1,700`);
    await member.context.close();

    await page.getByRole('button', { name: '返回收到的询价' }).click();
    await page.getByRole('heading', { name: '收到的询价' }).waitFor();
    // Ant Design draws its own radio buttons over hidden inputs: the visible text takes the click.
    const show = page.getByRole('radiogroup', { name: '显示' });
    await show.getByText('已报价', { exact: true }).click();
    await visible(
      page.getByRole('row').filter({ hasText: '演示贸易有限公司' }).filter({ hasText: '已报价' }),
    );
    await show.getByText('新询价', { exact: true }).click();
    // The choice goes through the address (kept on reload): checked once the page has read it back.
    await expect.poll(() => show.getByRole('radio', { name: '新询价' }).isChecked()).toBe(true);
    await gone(page.getByRole('row').filter({ hasText: '演示贸易有限公司' }));
    await context.close();
  });
});

import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { apiToken, day, iso, openSignedIn, us, visible } from '../support/steps';
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
    const row = page.getByRole('row').filter({ hasText: 'Hamburg' });
    await row.getByText('US$1850.50').waitFor();
    await visible(row.getByRole('cell', { name: 'US$1000', exact: true }));
    await visible(page.getByRole('columnheader', { name: '40HQ' }));
    expect(await page.getByRole('columnheader', { name: 'Supplier' }).count()).toBe(0);
    expect(await page.getByLabel('Supplier').count()).toBe(0);
    await visible(row.getByRole('button', { name: 'RFQ' }));

    const sorted = page.waitForRequest(
      (r) => r.url().includes('/api/quote?') && r.url().includes('field=transit_days'),
    );
    await page.getByRole('columnheader', { name: 'Transit (days)' }).click();
    expect(new URL((await sorted).url()).searchParams.get('order')).toBe('asc');

    await row.getByRole('button', { name: 'Book' }).click();
    await page.waitForURL(`**/bookings/create-fcl?quote_id=${quoteId}`);
    await context.close();
  });

  it('shows a forwarder the supplier filter and column (Chinese)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: '/quotes',
      locale: 'zh-CN',
    });
    await page.getByRole('heading', { name: '船期报价' }).waitFor();
    await page.getByRole('columnheader', { name: '供应商' }).waitFor();
    await visible(page.getByLabel('供应商'));
    const row = page.getByRole('row').filter({ hasText: '汉堡' });
    await row.getByText('US$1850.50').waitFor();
    await visible(row.getByRole('cell', { name: '演示国际货运代理有限公司' }));
    await visible(row.getByText(`${iso(day(-1))} ~ ${iso(day(30))}`));
    await context.close();
  });

  it('sends an RFQ: a past ready date is refused, then it is sent', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/quotes',
      locale: 'en-US',
    });
    const row = page.getByRole('row').filter({ hasText: 'Hamburg' });
    await row.getByText('US$1850.50').waitFor();
    await row.getByRole('button', { name: 'RFQ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request for quotation' });
    await dialog.getByText('20GP US$1000 | 40HQ US$1850.50').waitFor();

    await fillDate(dialog.getByLabel('Cargo ready date'), us(day(-3)));
    await dialog.getByLabel('Commodity').fill('LED LAMPS');
    await dialog.getByLabel('Quantity of 40HQ').fill('2');
    await dialog.getByText('Estimated total: US$3701').waitFor();
    await dialog.getByLabel('Target rate').fill('US$1700 / 40HQ');
    await dialog.getByLabel('Potential volume').fill('10 x 40HQ per month');
    await dialog.getByLabel('Sales').fill('LI MING');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('The cargo ready date cannot be before today').waitFor();

    await fillDate(dialog.getByLabel('Cargo ready date'), us(day(3)));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('RFQ sent').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

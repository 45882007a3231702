import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Browser } from 'playwright-core';
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
  us,
  visible,
} from '../support/steps';
import { call, demoBookingBody, uploadDocument } from './booking-api';

let browser: Browser;
let portal: PortalServer;
let tmpDir: string;
let member: string;
let forwarder: string;
let bookingBody: (custRef: string) => object;
let container20: number;

/** The name of the person who signs in as the demo customer (the company's owner). */
let demoPerson = '';

const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'booking-docs-'));
  [member, forwarder] = await Promise.all([
    apiToken(portal.url, DEMO.customer),
    apiToken(portal.url, DEMO.forwarder),
  ]);
  demoPerson = (await call<{ person: { name: string } }>(portal, 'GET', '/userinfo', member)).person.name;
  const demo = await demoBookingBody(portal, member);
  bookingBody = demo.body;
  container20 = demo.container;
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

let made = 0;
/**
 * A booking of its own for each test, brought through the API to `status`: submitted (1); space
 * released on MSC ANNA / 412E (2); shipping instructions given and a packing list uploaded by the
 * member (3). So each test runs alone, in any order.
 */
async function bookingAt(status: 1 | 2 | 3) {
  const custRef = `E2E FLOW ${status}-${Date.now() % 1_000_000}-${++made}`;
  const booking = await call<{ id: number; order_no: string }>(
    portal,
    'POST',
    '/order/booking?submit=true',
    member,
    bookingBody(custRef),
  );
  if (status >= 2) {
    await call(portal, 'POST', `/forwarder/order/${booking.id}/accept`, forwarder);
    await call(portal, 'POST', `/forwarder/order/${booking.id}/release`, forwarder, {
      so_no: 'SO778899',
      vessel: 'MSC ANNA',
      voyage: '412E',
      etd: iso(day(10)),
      eta: iso(day(40)),
    });
  }
  if (status >= 3) {
    await call(portal, 'PUT', `/order/shipment/${booking.id}`, member, {
      description: 'LED LAMPS',
      containers: [
        {
          container_id: container20,
          container_no: 'MSCU1234566',
          seal_no: 'SL001',
          packages: 100,
          weight: '1200.5',
          vgm: '3400',
        },
      ],
    });
    await uploadDocument(portal, member, {
      orderId: booking.id,
      type: 'packing_list',
      name: 'packing.pdf',
      content: PDF,
    });
  }
  return { id: booking.id, orderNo: booking.order_no, custRef };
}

describe('a booking through its life', () => {
  it('the forwarder accepts it and releases space (English)', async () => {
    const { id: bookingId, orderNo, custRef } = await bookingAt(1);
    // The member's address of a booking addressed to the forwarder: not theirs as a member.
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: `/bookings/${bookingId}`,
      locale: 'en-US',
    });
    await page.getByRole('heading', { name: 'Booking not found' }).waitFor();
    expect(
      await page
        .getByText(`Booking ${bookingId} does not exist, or it is not one of your bookings.`)
        .isVisible(),
    ).toBe(true);
    await visible(page.getByRole('button', { name: 'Back to My Bookings' }));
    await page.getByRole('button', { name: 'Open it in Received Bookings' }).click();
    await page.waitForURL(`**/received-bookings/${bookingId}`);
    await page.getByRole('heading', { name: `Booking ${orderNo}` }).waitFor();
    await page.getByRole('link', { name: 'Received', exact: true }).click();
    await page.getByRole('heading', { name: 'Received Bookings' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: orderNo });
    await visible(row);
    await visible(row.getByText('DEMO TRADING CO., LTD'));
    // The further filters, and the export of the filtered list.
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByLabel('Booking no.').fill(orderNo.toLowerCase());
    const searched = page.waitForRequest((r) => r.url().includes('/api/forwarder/order?'));
    await page.getByRole('button', { name: 'Search' }).click();
    expect(new URL((await searched).url()).searchParams.get('order_no')).toBe(orderNo.toLowerCase());
    await visible(row);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const exported = await download;
    expect(exported.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = XLSX.read(fs.readFileSync(await exported.path()), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Bookings']);
    const [header = [], ...lines] = XLSX.utils.sheet_to_json<string[]>(
      book.Sheets.Bookings as XLSX.WorkSheet,
      {
        header: 1,
      },
    );
    // The filtered list: this booking alone (the forwarder has others), under English headers.
    expect(lines).toHaveLength(1);
    expect(Object.fromEntries(header.map((name, column) => [name, lines[0]?.[column]]))).toMatchObject({
      'Booking no.': orderNo,
      'Customer reference': custRef,
      Status: 'Awaiting space release',
      'Container mode': 'FCL',
      Forwarder: 'DEMO FORWARDING CO., LTD',
      Customer: 'DEMO TRADING CO., LTD',
    });
    await row.getByRole('button', { name: orderNo }).click();
    await page.waitForURL(`**/received-bookings/${bookingId}`);
    await page.getByRole('heading', { name: `Booking ${orderNo}` }).waitFor();

    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await confirm(page, `Accept booking ${orderNo}?`, 'OK');
    await page.getByText('accept the booking', { exact: false }).first().waitFor();
    await gone(page.getByRole('button', { name: 'Accept', exact: true }));

    await page.getByRole('button', { name: 'Release space' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release space' });
    await dialog.getByLabel('SO no.').fill('so778899');
    await dialog.getByLabel('Vessel').fill('msc anna');
    await dialog.getByLabel('Voyage').fill('412e');
    await fillDate(dialog.getByLabel('ETD'), us(day(10)));
    await fillDate(dialog.getByLabel('ETA'), us(day(40)));
    // The cut-offs take a date and a time, and say so; a date typed without a time is kept (00:00).
    const siCutoff = dialog.getByLabel('SI cut-off');
    expect(await siCutoff.getAttribute('placeholder')).toBe('Select date and time');
    await fillDate(siCutoff, us(day(8)));
    await expect.poll(() => siCutoff.inputValue()).toBe(`${us(day(8))} 00:00`);
    // The dialog's own button releases: no second question.
    await dialog.getByRole('button', { name: 'Release space' }).click();
    await page.getByText('Awaiting shipping instructions').first().waitFor();
    expect(await page.getByText(`Release space for booking ${orderNo}?`).count()).toBe(0);
    await visible(page.getByText('SO778899'));
    await visible(page.getByText('MSC ANNA'));
    await context.close();
  });

  it('the member submits shipping instructions and uploads a document (Chinese)', async () => {
    const { id: bookingId, orderNo } = await bookingAt(2);
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: `/bookings/${bookingId}`,
      locale: 'zh-CN',
    });
    await page.getByRole('heading', { name: `订舱 ${orderNo}` }).waitFor();
    await page.getByText('已放舱，请提交补料').waitFor();
    // Liaison: the vessel schedule the forwarder entered.
    await page.getByText('MSC ANNA / 412E').waitFor();
    expect(
      await page
        .getByText(iso(day(10)))
        .first()
        .isVisible(),
    ).toBe(true);

    await page.getByRole('button', { name: '提交补料' }).click();
    const si = page.getByRole('dialog', { name: '补料信息' });
    // The SI starts from the booking: its commodity, its figures per container, its freight term
    // (FOB: collect), and the totals against the booked ones.
    await expect.poll(() => si.getByLabel('品名').inputValue()).toBe('LED LAMPS');
    expect(await si.getByLabel('第 1 行件数').inputValue()).toBe('100');
    expect(await si.getByLabel('第 1 行毛重（KG）').inputValue()).toBe('1200.500');
    await visible(si.getByTitle('到付', { exact: true }));
    const totals = si.getByRole('status', { name: '补料合计与订舱合计' });
    await visible(totals.filter({ hasText: '补料合计：100 件，毛重 1200.500 KG' }));
    await visible(totals.filter({ hasText: '订舱合计：100 件，毛重 1200.500 KG' }));
    await si.getByLabel('第 1 行箱号').fill('MSCU1234560');
    await si.getByRole('button', { name: /^提\s*交$/ }).click();
    await si.getByText('箱号不是有效的箱号', { exact: false }).waitFor();
    // The VGM is required, and cannot be below the gross weight (it adds the tare).
    await visible(si.getByText('请填写第 1 行VGM（KG）'));
    await si.getByLabel('第 1 行箱号').fill('mscu1234566');
    await si.getByLabel('第 1 行封号').fill('sl001');
    await si.getByLabel('第 1 行VGM（KG）').fill('1000');
    await si.getByRole('button', { name: /^提\s*交$/ }).click();
    await visible(si.getByText('箱 MSCU1234566 的 VGM 不能小于毛重'));
    await si.getByLabel('第 1 行VGM（KG）').fill('3400');
    await si.getByRole('button', { name: /^提\s*交$/ }).click();
    await confirm(page, '确定提交补料吗？', /^提\s*交$/);
    await page.getByText('补料已提交').waitFor();
    await page.getByText('待出运').first().waitFor();
    await visible(page.getByText('MSCU1234566 / SL001', { exact: false }));

    const file = path.join(tmpDir, 'packing.pdf');
    fs.writeFileSync(file, PDF);
    await page.getByRole('button', { name: '上传文件' }).click();
    const upload = page.getByRole('dialog', { name: '上传文件' });
    // The customer is offered the customer's document types, with the B/L, VGM and customs
    // declaration, not the forwarder's own (booking confirmation, draft B/L).
    await upload.getByLabel('文件类型').click();
    for (const offered of ['商业发票', '提单', 'VGM 声明', '报关单'])
      await visible(page.getByTitle(offered, { exact: true }));
    for (const forwarderOnly of ['提单确认件', '订舱确认书'])
      expect(await page.getByTitle(forwarderOnly, { exact: true }).count(), forwarderOnly).toBe(0);
    await pick(page, upload, '文件类型', '装箱单');
    await upload.getByLabel('说明').fill('第一批');
    const chooser = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: /选择文件/ }).click();
    await (await chooser).setFiles(file);
    await upload.getByRole('button', { name: /^上\s*传$/ }).click();
    await page.getByText('文件已上传').waitFor();
    const docRow = page.getByRole('row').filter({ hasText: 'packing.pdf' });
    await visible(docRow);
    // The uploader is the person who uploaded it, beside the company.
    await visible(docRow.getByText(`${demoPerson}（`, { exact: false }));
    const download = page.waitForEvent('download');
    await docRow.getByRole('button', { name: '下载 packing.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('packing.pdf');
    await visible(docRow.getByRole('button', { name: '删除 packing.pdf' }));
    await context.close();
  });

  it('the forwarder marks it shipped; both see the whole timeline', async () => {
    const { id: bookingId, orderNo } = await bookingAt(3);
    const forwarder = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: `/received-bookings/${bookingId}`,
      locale: 'en-US',
    });
    const page = forwarder.page;
    await page.getByText('Awaiting shipment').first().waitFor();
    // The member's document: listed for the forwarder, but only its uploader may delete it.
    const docRow = page.getByRole('row').filter({ hasText: 'packing.pdf' });
    await visible(docRow);
    expect(await docRow.getByRole('button', { name: 'Delete packing.pdf' }).count()).toBe(0);
    // The forwarder is offered the forwarder's document types.
    await page.getByRole('button', { name: 'Upload document' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload document' });
    await upload.getByLabel('Document type').click();
    await visible(page.getByTitle('B/L', { exact: true }));
    await visible(page.getByTitle('Booking confirmation', { exact: true }));
    expect(await page.getByTitle('Packing list', { exact: true }).count()).toBe(0);
    await upload.getByLabel('Document type').press('Escape');
    await upload.getByRole('button', { name: 'Cancel' }).click();
    await gone(upload);

    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark shipped' });
    await dialog.getByLabel('B/L no.').fill('medu1234567');
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await confirm(page, `Mark booking ${orderNo} as shipped with B/L MEDU1234567?`, 'OK');
    await page.getByText('Shipped', { exact: true }).first().waitFor();
    for (const action of [
      'Submit the booking',
      'Accept the booking',
      'Release space',
      'Submit shipping instructions',
      'Mark as shipped',
    ])
      expect(await page.getByText(action, { exact: true }).first().isVisible(), action).toBe(true);
    await forwarder.context.close();

    const member = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: `/bookings/${bookingId}`,
      locale: 'zh-CN',
    });
    await member.page.getByText('MEDU1234567').first().waitFor();
    await member.page.getByText('已出运').first().waitFor();
    for (const action of ['提交订舱', '接受订舱', '放舱', '提交补料', '确认出运'])
      expect(await member.page.getByText(action, { exact: true }).first().isVisible(), action).toBe(true);
    // A shipped booking can be copied but no longer cancelled.
    expect(await member.page.getByRole('button', { name: '取消订舱' }).count()).toBe(0);
    await visible(member.page.getByRole('button', { name: /^复\s*制$/ }));
    await member.context.close();
  });
});

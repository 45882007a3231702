import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { openSignedIn, visible, WAIT } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
let receiver: http.Server;
const received: { signature: string; body: string }[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        signature: String(request.headers['x-portal-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  [browser, portal] = await Promise.all([
    launchBrowser(),
    startPortal({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '100' } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  receiver?.close();
});

const signedWith = (secret: string, entry: { signature: string; body: string }) => {
  const [t, v1] = entry.signature.split(',').map((part) => part.split('=')[1] ?? '');
  const expected = createHmac('sha256', secret).update(`${t}.${entry.body}`).digest();
  const given = Buffer.from(v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * An owner adds an endpoint on a phone-sized screen, copies the secret shown
 * once, sends a test event that arrives signed with it, and reads the delivery log, in Chinese.
 */
describe('webhooks page', () => {
  it('adds an endpoint, sends a test event and shows its log on a 375 px screen', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/team',
      locale: 'zh-CN',
      width: 375,
      height: 740,
    });
    await page.getByRole('link', { name: 'Webhook 对接' }).click();
    await visible(page.getByRole('heading', { name: 'Webhook', level: 4 }));
    await page.getByRole('button', { name: /添加端点/ }).click();
    const dialog = page.getByRole('dialog', { name: '添加端点' });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal`;
    await dialog.getByRole('textbox', { name: '端点网址' }).fill(url);
    await expect
      .poll(() => dialog.getByRole('checkbox', { name: '订舱已提交' }).isChecked(), WAIT)
      .toBe(true);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const secretDialog = page.getByRole('dialog', { name: '签名密钥' });
    await visible(secretDialog);
    const secret = ((await secretDialog.locator('code').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: /确\s*定|OK/ }).click();

    const row = page.getByRole('row').filter({ hasText: url });
    await visible(row.getByRole('switch', { name: `启用端点 ${url}` }));
    await row.getByRole('button', { name: '发送测试事件' }).click();
    await expect.poll(() => received.length, WAIT).toBeGreaterThan(0);
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
    expect(signedWith(secret, received[0] ?? { signature: '', body: '' })).toBe(true);

    await row.getByRole('button', { name: '投递记录' }).click();
    const log = page.getByRole('dialog', { name: `${url} 的投递记录` });
    await visible(log.getByText('已送达'));
    await visible(log.getByRole('cell', { name: '测试事件' }));
    await visible(log.getByRole('cell', { name: '204' }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('tells a manager who presses "Send test event" too often when to try again, in English', async () => {
    const { context, page, token } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/team/webhooks',
      locale: 'en-US',
    });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/limited`;
    const created = await fetch(`${portal.url}/api/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['booking.submit'] }),
    });
    expect(created.status).toBe(200);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: url });
    await visible(row.getByRole('button', { name: 'Send test event' }));
    // The company may queue 10 test events a minute (an earlier test may have used some).
    let status = 0;
    for (let press = 0; press <= 10 && status !== 429; press++) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/test'));
      await row.getByRole('button', { name: 'Send test event' }).click();
      status = (await answered).status();
    }
    expect(status).toBe(429);
    const refused = page
      .getByRole('dialog')
      .filter({ hasText: /At most 10 test events a minute; please try again in \d+ seconds?/ });
    await visible(refused);
    await refused.getByRole('button', { name: 'OK' }).click();
    await context.close();
  });

  it('reads cleanly in English at 1366 px and links to the API reference', async () => {
    const { context, page, token } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/team/webhooks',
      locale: 'en-US',
      width: 1366,
      height: 800,
    });
    const port = (receiver.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}/portal/events/receiver-for-the-freight-booking-integration`;
    const created = await fetch(`${portal.url}/api/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['booking.submit', 'booking.release'] }),
    });
    expect(created.status).toBe(200);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: url });
    await visible(row);
    const lines = (text: Locator) => text.evaluate((element) => element.getClientRects().length);

    // The state is one word on one line, not "Enable/d".
    const enabled = row.getByText('Enabled', { exact: true });
    await visible(enabled);
    expect(await lines(enabled)).toBe(1);

    // The address is on one line (so never broken inside its port); cut, it is whole on hover.
    const address = row.getByText(url, { exact: true });
    expect(await lines(address)).toBe(1);
    const isCut = await address.evaluate((element) => element.scrollWidth > element.clientWidth);
    if (isCut) {
      await address.hover();
      await visible(page.getByRole('tooltip').filter({ hasText: url }));
    }

    // The API reference the integrator needs beside the events is one click away.
    const docs = page.getByRole('link', { name: 'API documentation' });
    await visible(docs);
    const href = (await docs.getAttribute('href')) ?? '';
    expect((await fetch(new URL(href, portal.url))).status).toBe(200);
    await context.close();
  });
});

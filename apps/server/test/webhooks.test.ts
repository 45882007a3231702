import fs from 'node:fs';
import type { ListData, WebhookCreated, WebhookDeliveryRow, WebhookEndpointRow } from '@freight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../src/platform/outbound-address.js';
import { createWebhookSender } from '../src/platform/webhook-sender.js';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { startMailServer } from './mail-server.js';
import { startReceiver, verifySignature } from './webhook-receiver.js';
import { webhookWorld } from './webhook-world.js';

describe('the SSRF guard', () => {
  it('refuses private, loopback, link-local and unique-local addresses, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1',
      '[::1]',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses at delivery time a name that resolves to loopback, on the connection itself', async () => {
    const receiver = await startReceiver();
    const sender = createWebhookSender({ timeoutMs: 2000, allowPrivate: false, maxSockets: 2, excerpt: 100 });
    try {
      for (const url of [
        `http://localhost:${receiver.port}/x`,
        receiver.url('/x'),
        `http://[::ffff:127.0.0.1]:${receiver.port}/x`,
      ]) {
        const outcome = await sender.send({ url, body: '{}', headers: {} });
        expect(outcome, url).toMatchObject({
          ok: false,
          status: null,
          error: 'address refused (not public)',
        });
      }
      expect(receiver.calls('/x')).toBe(0);
    } finally {
      sender.close();
      await receiver.close();
    }
  });
});

/**
 * Webhooks against a real receiver on loopback: signed deliveries of a company's
 * own events only, retries in order per booking, a test event, the log, disabling after repeated
 * failure with a mail, the SSRF refusals, and a hanging receiver that holds up nobody else.
 */
describeEachDatabase('webhooks', (kind) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let world: Awaited<ReturnType<typeof webhookWorld>>;
  const api: (typeof world)['api'] = (...args) => world.api(...args);
  const ok: (typeof world)['ok'] = (reply) => world.ok(reply);
  const submitted = () => world.submitted();
  const who: Record<string, { email: string }> = {};

  const endpoint = async (name: string, path: string, events: string[]) =>
    ok(await api<WebhookCreated>(name, 'POST', '/api/webhooks', { url: receiver.url(path), events }));
  const log = async (name: string, id: number) =>
    ok(await api<ListData<WebhookDeliveryRow>>(name, 'GET', `/api/webhooks/${id}/deliveries?size=100`)).lists;
  /** The log once no delivery is pending (the receiver has a body a moment before the row is updated). */
  const settledLog = async (name: string, id: number) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const rows = await log(name, id);
      if (rows.every((d) => d.status !== 'pending') || Date.now() > deadline) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    mail = await startMailServer();
    t = await createTestApp(kind, {
      env: {
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        WEBHOOK_RETRY_FIRST_MS: '50',
        WEBHOOK_POLL_MS: '20',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_CONCURRENCY: '4',
        SMTP_URL: mail.url,
      },
    });
    world = await webhookWorld(t.app, t.database.db);
    Object.assign(who, world.who);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await mail?.close();
  });

  it("delivers each company's own events, signed, to the endpoints that asked for them", async () => {
    const mine = await endpoint('owner', '/owner', ['booking.submit', 'booking.accept', 'document.create']);
    const theirs = await endpoint('fwd', '/fwd', ['booking.submit', 'booking.accept']);
    const stranger = await endpoint('other', '/other', [
      'booking.submit',
      'booking.accept',
      'booking.cancel',
    ]);
    expect(mine.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // The secret is shown once: the list does not carry it.
    expect(JSON.stringify(ok(await api('owner', 'GET', '/api/webhooks')))).not.toContain(mine.secret);
    const draft = await submitted();
    ok(await api('fwd', 'POST', `/api/forwarder/order/${draft.id}/accept`));
    await receiver.until(() => receiver.events('/owner').length >= 2 && receiver.events('/fwd').length >= 2);
    expect(receiver.events('/owner').map((e) => [e.type, e.data.party, e.data.id])).toEqual([
      ['booking.submit', 'member', draft.id],
      ['booking.accept', 'member', draft.id],
    ]);
    expect(receiver.events('/fwd').map((e) => [e.type, e.data.party])).toEqual([
      ['booking.submit', 'forwarder'],
      ['booking.accept', 'forwarder'],
    ]);
    // What a receiver routes the booking by comes with the event: its service, sailing, places and cargo.
    expect(receiver.events('/fwd')[0]?.data).toMatchObject({
      order_no: draft.order_no,
      service_term: 'CY-CY',
      requested_etd: null,
      special_cargo: '',
      service_contract_reference: '',
      transport_document_type: '',
      pol: 'CNSHA',
      pod: 'NLRTM',
      transshipment_port: null,
      place_of_receipt: '',
      place_of_receipt_code: null,
      place_of_delivery: 'DUISBURG',
      place_of_delivery_country: 'DE',
      place_of_delivery_code: 'DEDUI',
    });
    for (const [path, secret] of [
      ['/owner', mine.secret],
      ['/fwd', theirs.secret],
    ] as const) {
      for (const entry of receiver.received.filter((r) => r.path === path)) {
        const signature = entry.headers['x-portal-signature'] as string;
        expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(verifySignature(secret, signature, entry.body)).toBe(true);
        expect(verifySignature(stranger.secret, signature, entry.body)).toBe(false);
        expect(verifySignature(secret, signature, entry.body.replace('}', ' }'))).toBe(false);
        const event = JSON.parse(entry.body) as { id: string; created_at: string };
        expect(entry.headers['x-portal-event-id']).toBe(event.id);
        expect(Date.parse(event.created_at)).toBeGreaterThan(0);
      }
    }
    // Nobody is told of another company's objects.
    expect(receiver.calls('/other')).toBe(0);
    const delivered = await settledLog('owner', mine.id);
    expect(delivered.map((d) => [d.event_type, d.status, d.response_code, d.attempts])).toEqual([
      ['booking.accept', 'delivered', 200, 1],
      ['booking.submit', 'delivered', 200, 1],
    ]);
    for (const [name, id] of [
      ['owner', theirs.id],
      ['other', mine.id],
    ] as const) {
      for (const [method, url] of [
        ['GET', `/api/webhooks/${id}/deliveries`],
        ['POST', `/api/webhooks/${id}/test`],
        ['POST', `/api/webhooks/${id}/secret`],
        ['DELETE', `/api/webhooks/${id}`],
      ] as const)
        expect((await api(name, method, url)).status, `${name} ${method} ${url}`).toBe(404);
    }
    for (const [name, id] of [
      ['owner', mine.id],
      ['fwd', theirs.id],
      ['other', stranger.id],
    ] as const)
      ok(await api(name, 'DELETE', `/api/webhooks/${id}`));
  });

  it('retries a failing receiver with backoff, keeping the order of one booking', async () => {
    receiver.on('/flaky', { failFirst: 3 });
    const hook = await endpoint('owner', '/flaky', ['booking.submit', 'booking.cancel']);
    const draft = await submitted();
    ok(await api('owner', 'POST', `/api/order/${draft.id}/cancel`, { reason: 'CHANGED PLANS' }));
    await receiver.until(() => receiver.events('/flaky').length >= 2);
    expect(receiver.events('/flaky').map((e) => e.type)).toEqual(['booking.submit', 'booking.cancel']);
    // The cancel waited for the submit, which failed three times first.
    expect(receiver.calls('/flaky')).toBe(5);
    const rows = await settledLog('owner', hook.id);
    expect(rows.map((d) => [d.event_type, d.status, d.attempts, d.response_code])).toEqual([
      ['booking.cancel', 'delivered', 1, 200],
      ['booking.submit', 'delivered', 4, 200],
    ]);
    ok(await api('owner', 'DELETE', `/api/webhooks/${hook.id}`));
  });

  it('sends a test event, rotates the secret, and signs with the new one', async () => {
    const hook = await endpoint('owner', '/test', ['team.join']);
    const queued = ok(await api<WebhookDeliveryRow>('owner', 'POST', `/api/webhooks/${hook.id}/test`));
    expect(queued).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    await receiver.until(() => receiver.events('/test').length === 1);
    const rotated = ok(await api<{ secret: string }>('owner', 'POST', `/api/webhooks/${hook.id}/secret`));
    expect(rotated.secret).not.toBe(hook.secret);
    ok(await api('owner', 'POST', `/api/webhooks/${hook.id}/test`));
    await receiver.until(() => receiver.events('/test').length === 2);
    const [first, second] = receiver.received.filter((r) => r.path === '/test');
    expect(
      verifySignature(hook.secret, first?.headers['x-portal-signature'] as string, first?.body ?? ''),
    ).toBe(true);
    expect(
      verifySignature(rotated.secret, second?.headers['x-portal-signature'] as string, second?.body ?? ''),
    ).toBe(true);
    expect(
      verifySignature(hook.secret, second?.headers['x-portal-signature'] as string, second?.body ?? ''),
    ).toBe(false);
    expect(receiver.events('/test')[0]).toMatchObject({ type: 'webhook.test', data: { object: 'test' } });
    // The documentation's verification code, as integrators copy it, agrees.
    const readme = fs.readFileSync(new URL('../../../docs/webhooks.md', import.meta.url), 'utf8');
    const code = /```js\n(import \{ createHmac[\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const { verifyPortalSignature } = (await import(
      /* @vite-ignore */ `data:text/javascript,${encodeURIComponent(code)}`
    )) as { verifyPortalSignature: (secret: string, header: string, body: string) => boolean };
    const header = second?.headers['x-portal-signature'] as string;
    expect(verifyPortalSignature(rotated.secret, header, second?.body ?? '')).toBe(true);
    expect(verifyPortalSignature(hook.secret, header, second?.body ?? '')).toBe(false);
    expect(verifyPortalSignature(rotated.secret, header, `${second?.body ?? ''} `)).toBe(false);
  });

  it('disables an endpoint after repeated failure and mails its owners and admins', async () => {
    receiver.on('/down', { status: 503 });
    const hook = await endpoint('owner', '/down', ['booking.submit']);
    // Five test events (the button is limited per minute), retried until 15 attempts in a row failed.
    for (let i = 0; i < 5; i++) ok(await api('owner', 'POST', `/api/webhooks/${hook.id}/test`));
    let sent = await mail.next(who.owner?.email ?? '', 10_000);
    // The owner's booking mails of the earlier tests come first.
    while (!sent.subject.includes('Webhook')) sent = await mail.next(who.owner?.email ?? '', 10_000);
    expect(sent.subject).toContain(receiver.url('/down'));
    expect(sent.text).toContain('15');
    const [row] = ok(await api<WebhookEndpointRow[]>('owner', 'GET', '/api/webhooks')).filter(
      (e) => e.id === hook.id,
    );
    expect(row).toMatchObject({ enabled: false, disabled_reason: 'failures' });
    expect(row?.failures).toBeGreaterThanOrEqual(15);
    // Disabled: new events are not queued for it.
    const before = (await log('owner', hook.id)).length;
    await submitted();
    const logged = await log('owner', hook.id);
    expect(logged).toHaveLength(before);
    expect(logged.find((d) => d.response_code !== null)).toMatchObject({
      response_code: 503,
      last_error: 'receiver says no',
    });
    // Enabled again: the streak is over.
    const enabled = ok(
      await api<WebhookEndpointRow>('owner', 'PUT', `/api/webhooks/${hook.id}`, {
        url: hook.url,
        events: hook.events,
        enabled: true,
      }),
    );
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null, failures: 0 });
    ok(await api('owner', 'DELETE', `/api/webhooks/${hook.id}`));
  });

  it('keeps a hanging receiver from holding up the others', async () => {
    receiver.on('/hang', { hang: true });
    const slow = await endpoint('owner', '/hang', ['booking.submit']);
    const fast = await endpoint('owner', '/fast', ['booking.submit']);
    const started = Date.now();
    for (let i = 0; i < 3; i++) await submitted();
    await receiver.until(() => receiver.events('/fast').length === 3, 5000);
    expect(Date.now() - started).toBeLessThan(4000);
    await receiver.until(() => receiver.calls('/hang') >= 1);
    const timedOut = async () => (await log('owner', slow.id)).some((d) => d.last_error === 'timed out');
    const deadline = Date.now() + 5000;
    while (!(await timedOut())) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const hook of [slow, fast]) ok(await api('owner', 'DELETE', `/api/webhooks/${hook.id}`));
  });

  it('refuses bad and private addresses with a message on the field', async () => {
    const bad = await api('owner', 'POST', '/api/webhooks', {
      url: 'ftp://example.com/x',
      events: ['booking.submit'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({ field: 'url' });
    const noEvents = await api('owner', 'POST', '/api/webhooks', {
      url: 'https://example.com/x',
      events: [],
    });
    expect(noEvents.status).toBe(400);
    const unknown = await api('owner', 'POST', '/api/webhooks', {
      url: 'https://example.com/x',
      events: ['booking.eat'],
    });
    expect(unknown.status).toBe(400);
    // As in production: no private networks, HTTPS only.
    const settings = t.config.webhooks;
    settings.allowPrivate = false;
    settings.httpsOnly = true;
    try {
      for (const url of [
        'https://127.0.0.1/hook',
        'https://10.0.0.8/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://[fd12::1]/hook',
        'https://[fe80::1]/hook',
        'https://localhost/hook',
      ]) {
        const refused = await api('owner', 'POST', '/api/webhooks', { url, events: ['booking.submit'] });
        expect(refused.status, url).toBe(422);
        expect(refused.body.errors, url).toEqual([
          {
            field: 'url',
            message:
              'The address points to a private, loopback or link-local network and cannot receive webhooks',
          },
        ]);
      }
      const plain = await api('owner', 'POST', '/api/webhooks', {
        url: 'http://93.184.216.34/hook',
        events: ['booking.submit'],
      });
      expect(plain.status).toBe(422);
      expect(plain.body.msg).toBe('The address must start with https://');
    } finally {
      settings.allowPrivate = true;
      settings.httpsOnly = false;
    }
    expect(
      ok(await api<WebhookEndpointRow[]>('owner', 'GET', '/api/webhooks')).map((e) => e.url),
    ).not.toContain('https://127.0.0.1/hook');
  });
});

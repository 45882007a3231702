import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import { type Envelope, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

/**
 * Dates outside 1900–2999 are refused with 400 naming the field (edate=9999-12-31 gave a
 * 500 on the booking lists and their exports, the day after it being year 10000).
 */
describeEachDatabase('date filters out of range', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const name of ['member', 'forwarder']) {
      const reply = await register(t.app, registrationForm({ username: uniqueEmail(name).toLowerCase() }));
      tokens[name] = reply.body.data.token;
      if (name === 'forwarder')
        await changeAuthorities({ db: t.database.db, userId: reply.body.data.id, grant: ['rate'] });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const cases: [who: string, url: string, field: string, label: string][] = [
    ['member', '/api/order?edate=9999-12-31', 'edate', 'Booking date to'],
    ['member', '/api/order?sdate=0001-01-01', 'sdate', 'Booking date from'],
    ['member', '/api/order?etd_to=9999-12-31', 'etd_to', ''],
    ['member', '/api/order/export?edate=9999-12-31', 'edate', 'Booking date to'],
    ['forwarder', '/api/forwarder/order?edate=9999-12-31', 'edate', 'Booking date to'],
    ['forwarder', '/api/forwarder/order/export?eta_from=9999-12-31', 'eta_from', ''],
    ['forwarder', '/api/rate?edate=9999-12-31', 'edate', ''],
  ];

  it.each(cases)('%s %s → 400 naming %s', async (who, url, field, label) => {
    const reply = await call<Envelope>(t.app, {
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      lang: 'en',
    });
    expect(reply.status).toBe(400);
    const error = reply.body.errors?.find((e) => e.field === field);
    expect(error?.message).toMatch(/must be a date between the years 1900 and 2999$/);
    if (label) expect(error?.message).toBe(`${label} must be a date between the years 1900 and 2999`);
  });

  it('says it in Chinese too, and still lists with the range’s last day', async () => {
    const zh = await call<Envelope>(t.app, {
      method: 'GET',
      url: '/api/order?edate=3000-01-01',
      headers: { authorization: `Bearer ${tokens.member}` },
      lang: 'cn',
    });
    expect(zh.status).toBe(400);
    expect(zh.body.errors?.[0]?.message).toBe('订舱日期止必须是 1900 年至 2999 年之间的日期');
    const ok = await call<Envelope>(t.app, {
      method: 'GET',
      url: '/api/order?sdate=1900-01-01&edate=2999-12-31',
      headers: { authorization: `Bearer ${tokens.member}` },
    });
    expect(ok.status).toBe(200);
  });
});

import diagnostics from 'node:diagnostics_channel';
import { ALL_AUTHORITIES } from '@freight/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { changeAuthorities } from '../src/modules/users/service.js';
import { type Envelope, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

/** Out of an int4 id's range, not an id at all, or not a number. */
const BAD_NUMBERS = ['99999999999', '2147483648', '-1', '0', '1.5', 'abc'];
const HAN = /\p{Script=Han}/u;

/**
 * Every numeric parameter of a path or query is an int4 id of the database (one shared schema,
 * idQuery): a value out of range is a 400 naming the field, in the request's language, where a
 * number over 2147483647 reached the database and answered 500.
 */
describeEachDatabase('numeric path and query parameters', (kind) => {
  let t: TestApp;
  const tokens = { customer: '', forwarder: '' };
  /** Every route's path and query schemas, as the app registered them. */
  const schemas: { method: string; url: string; params?: unknown; querystring?: unknown }[] = [];

  beforeAll(async () => {
    const onInit = (message: unknown) => {
      const { fastify } = message as { fastify: FastifyInstance };
      fastify.addHook('onRoute', (route) => {
        const schema = route.schema as { params?: unknown; querystring?: unknown } | undefined;
        for (const method of [route.method].flat())
          schemas.push({ method, url: route.url, params: schema?.params, querystring: schema?.querystring });
      });
    };
    diagnostics.subscribe('fastify.initialization', onInit);
    try {
      t = await createTestApp(kind);
    } finally {
      diagnostics.unsubscribe('fastify.initialization', onInit);
    }
    for (const name of ['customer', 'forwarder'] as const) {
      const reply = await register(t.app, registrationForm({ username: uniqueEmail(name).toLowerCase() }));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      tokens[name] = reply.body.data.token;
      if (name === 'forwarder')
        await changeAuthorities({
          db: t.database.db,
          userId: reply.body.data.id,
          grant: ALL_AUTHORITIES,
        });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** method, address with `{}` where the value goes, the field it is, whose request. */
  const routes: [string, string, string, keyof typeof tokens][] = [
    ['GET', '/api/activity?person_id={}', 'person_id', 'customer'],
    ['GET', '/api/activity/export?person_id={}', 'person_id', 'customer'],
    ['GET', '/api/order/booking/{}', 'id', 'customer'],
    ['GET', '/api/order/docking/{}', 'id', 'customer'],
    ['POST', '/api/order/{}/submit', 'id', 'customer'],
    ['GET', '/api/order?pol_id={}', 'pol_id', 'customer'],
    ['GET', '/api/order?carrier_id={}', 'carrier_id', 'customer'],
    ['GET', '/api/forwarder/order?to_id={}', 'to_id', 'forwarder'],
    ['GET', '/api/order/{}/pdf/booking', 'id', 'customer'],
    ['GET', '/api/rate/{}', 'id', 'forwarder'],
    ['PUT', '/api/rate/{}', 'id', 'forwarder'],
    ['GET', '/api/rate?from_id={}', 'from_id', 'forwarder'],
    ['GET', '/api/quote?forwarder_id={}', 'forwarder_id', 'forwarder'],
    ['GET', '/api/quote?route_id={}', 'route_id', 'customer'],
    ['GET', '/api/quote/{}', 'id', 'customer'],
    ['GET', '/api/customer/contact/{}', 'id', 'customer'],
    ['PUT', '/api/customer/contact/{}', 'id', 'customer'],
    ['PUT', '/api/notifications/{}/read', 'id', 'customer'],
    ['GET', '/api/port?country_id={}', 'country_id', 'customer'],
    ['GET', '/api/shipper?port_id={}', 'port_id', 'customer'],
    ['GET', '/api/shipper?business_id={}', 'business_id', 'customer'],
    ['GET', '/api/webhooks/{}/deliveries', 'id', 'customer'],
    ['DELETE', '/api/team/invitations/{}', 'id', 'customer'],
    ['DELETE', '/api/team/members/{}', 'id', 'customer'],
    ['GET', '/api/forwarder/rfq/{}', 'id', 'forwarder'],
    ['GET', '/api/document/{}', 'id', 'customer'],
  ];

  it('answers 400 naming the field for ids out of int4 range, negative, fractional or not numbers', async () => {
    const failures: string[] = [];
    for (const [method, pattern, field, who] of routes) {
      for (const bad of BAD_NUMBERS) {
        const url = pattern.replace('{}', () => encodeURIComponent(bad));
        for (const lang of ['en', 'cn'] as const) {
          const reply = await call<Envelope>(t.app, {
            method: method as 'GET',
            url,
            headers: { authorization: `Bearer ${tokens[who]}` },
            lang,
          });
          const named = reply.body.errors?.find((error) => error.field === field);
          const localized = named && (lang === 'cn') === HAN.test(named.message);
          if (reply.status !== 400 || !named || !localized)
            failures.push(`${method} ${url} [${lang}]: ${reply.status} ${JSON.stringify(reply.body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('bounds every numeric parameter of every route, path and query alike', async () => {
    /** The fields of a zod object schema that read "1" as a number. */
    const numericFields = (schema: unknown): string[] => {
      const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
      if (!shape) return [];
      return Object.entries(shape)
        .filter(([, field]) => typeof field.safeParse?.('1').data === 'number')
        .map(([name]) => name);
    };
    const checked: string[] = [];
    const failures: string[] = [];
    for (const route of schemas) {
      if (route.method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      const pathNumbers = numericFields(route.params);
      const cases = [
        ...pathNumbers.map((name) => ({ name, where: 'path' as const })),
        ...numericFields(route.querystring).map((name) => ({ name, where: 'query' as const })),
      ];
      for (const { name, where } of cases) {
        // Other path parameters get a value of their own kind; the one tested gets 99999999999.
        const url = route.url.replace(/:(\w+)/g, (_match, param: string) =>
          param === name && where === 'path' ? '99999999999' : pathNumbers.includes(param) ? '1' : 'booking',
        );
        const full = where === 'query' ? `${url}?${name}=99999999999` : url;
        checked.push(`${route.method} ${full}`);
        const reply = await call<Envelope>(t.app, {
          method: route.method as 'GET',
          url: full,
          headers: { authorization: `Bearer ${tokens.forwarder}` },
          lang: 'en',
        });
        if (reply.status !== 400 || !reply.body.errors?.some((error) => error.field === name))
          failures.push(`${route.method} ${full}: ${reply.status} ${JSON.stringify(reply.body)}`);
      }
    }
    expect(checked.length).toBeGreaterThan(30);
    expect(checked).toContain('GET /api/activity?person_id=99999999999');
    expect(failures).toEqual([]);
  });

  it('still takes the largest id there can be (and finds nothing)', async () => {
    const reply = await call<Envelope>(t.app, {
      method: 'GET',
      url: '/api/activity?person_id=2147483647',
      headers: { authorization: `Bearer ${tokens.customer}` },
    });
    expect(reply.status).toBe(200);
    const booking = await call<Envelope>(t.app, {
      method: 'GET',
      url: '/api/order/booking/2147483647',
      headers: { authorization: `Bearer ${tokens.customer}` },
    });
    expect(booking.status).toBe(404);
  });
});

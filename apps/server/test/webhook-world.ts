import type { BookingDetail, ListData } from '@freight/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { people } from '../src/db/schema.js';
import { changeAuthorities } from '../src/modules/users/service.js';
import type { Db } from '../src/platform/db.js';
import {
  contactBody,
  type Envelope,
  register,
  registrationForm,
  uniqueEmail,
  fclBookingBody,
} from './fixtures.js';
import { call } from './helpers.js';

/*
 * The companies the webhook tests need (a member 'owner', a stranger 'other' and a forwarder 'fwd'),
 * signed in, with two contacts, and a valid booking form addressed to the forwarder.
 */

type Ref = Envelope<ListData<{ id: number; code: string }>>;
type Who = { token: string; companyId: number; email: string };

export async function webhookWorld(app: FastifyInstance, db: Db) {
  const ref: Record<string, number> = {};
  const who: Record<string, Who> = {};
  const contact: Record<string, number> = {};
  const api = <T = BookingDetail>(
    name: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    call<Envelope<T>>(app, {
      method,
      url,
      headers: { authorization: `Bearer ${who[name]?.token}`, lang: 'en' },
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = <T>(reply: { status: number; body: Envelope<T> }): T => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  };
  const id = async (list: string, code: string) =>
    (await call<Ref>(app, { method: 'GET', url: `/api/${list}?keyword=${code}` })).body.data.lists.find(
      (i) => i.code === code,
    )?.id ?? 0;
  Object.assign(ref, {
    maersk: await id('carrier', 'MAEU'),
    sha: await id('port', 'CNSHA'),
    rtm: await id('port', 'NLRTM'),
    gp20: await id('container', '20GP'),
    ct: await id('unit', 'CT'),
  });
  for (const name of ['owner', 'other', 'fwd']) {
    const username = uniqueEmail(name).toLowerCase();
    const reply = await register(app, registrationForm({ username, company1: `${name.toUpperCase()} CO` }));
    const companyId = reply.body.data.id;
    const [person] = await db.select().from(people).where(eq(people.companyId, companyId));
    who[name] = { token: reply.body.data.token, companyId, email: person?.email ?? '' };
    if (name === 'fwd')
      await changeAuthorities({ db, userId: companyId, grant: ['rate', 'quote_forwarder'] });
  }
  for (const key of ['shipper', 'consignee'])
    contact[key] = ok(
      await api<{ id: number }>('owner', 'POST', '/api/customer/contact', contactBody(key, 'both')),
    ).id;

  // Delivered beyond the port of discharge, to an inland point: the event names both.
  const booking = () => ({
    ...fclBookingBody({
      ref,
      forwarderId: who.fwd?.companyId,
      shipperId: contact.shipper,
      consigneeId: contact.consignee,
    }),
    place_of_delivery: 'DUISBURG',
    place_of_delivery_country: 'DE',
    place_of_delivery_code: 'DEDUI',
  });
  /** A booking of the owner's, submitted to the forwarder. */
  const submitted = async () => {
    const draft = ok(await api('owner', 'POST', '/api/order/booking', booking()));
    ok(await api('owner', 'POST', `/api/order/${draft.id}/submit`));
    return draft;
  };
  return { who, api, ok, submitted };
}

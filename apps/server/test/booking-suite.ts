import * as XLSX from '@e965/xlsx';
import type { BookingDetail } from '@freight/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { changeAuthorities } from '../src/modules/users/service.js';
import {
  bookingRefs,
  contactBody,
  type Envelope,
  fclBookingBody,
  register,
  registrationForm,
  uniqueEmail,
} from './fixtures.js';
import { call, createTestApp, type TestApp } from './helpers.js';
import { pdfText, squeeze } from './pdf-text.js';

/*
 * What the suites of a booking's terms share: one app on the given database with a member, another
 * member and a forwarder, the member's shipper and consignee contacts, calls as each of them, a
 * plain FCL booking body, and the booking note's text and the export's rows as they read back.
 */

type Who = 'member' | 'other' | 'fwd';
type Lang = 'cn' | 'en';

export function bookingSuite(kind: Parameters<typeof createTestApp>[0]) {
  const suite = {
    t: undefined as unknown as TestApp,
    ref: {} as Record<string, number>,
    users: {} as Record<Who, { token: string; id: number }>,
    contact: {} as Record<'shipper' | 'consignee', number>,
  };

  const api = <T = BookingDetail>(
    name: Who,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    lang?: Lang,
  ) =>
    call<Envelope<T>>(suite.t.app, {
      method,
      url,
      headers: { authorization: `Bearer ${suite.users[name]?.token}` },
      ...(payload ? { payload } : {}),
      ...(lang ? { lang } : {}),
    });
  const ok = <T>(reply: { status: number; body: Envelope<T> }): T => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data;
  };

  beforeAll(async () => {
    suite.t = await createTestApp(kind);
    suite.ref = await bookingRefs(suite.t.app);
    for (const name of ['member', 'other', 'fwd'] as const) {
      const reply = await register(
        suite.t.app,
        registrationForm({ username: uniqueEmail(name).toLowerCase() }),
      );
      suite.users[name] = { token: reply.body.data.token, id: reply.body.data.id };
    }
    await changeAuthorities({ db: suite.t.database.db, userId: suite.users.fwd.id, grant: ['rate'] });
    for (const key of ['shipper', 'consignee'] as const)
      suite.contact[key] = ok(
        await api<{ id: number }>('member', 'POST', '/api/customer/contact', contactBody(key)),
      ).id;
  });
  afterAll(() => suite.t.close());

  /** A plain dry FCL booking of the member's, addressed to the forwarder. */
  const plain = () =>
    fclBookingBody({
      ref: suite.ref,
      forwarderId: suite.users.fwd?.id,
      shipperId: suite.contact.shipper,
      consigneeId: suite.contact.consignee,
    });

  /** The member's booking note of a booking, its text without blanks. */
  async function noteText(id: number, lang: Lang): Promise<string> {
    const note = await suite.t.app.inject({
      method: 'GET',
      url: `/api/order/${id}/pdf/booking-note`,
      headers: { authorization: `Bearer ${suite.users.member.token}`, lang },
    });
    expect(note.statusCode).toBe(200);
    return squeeze((await pdfText(note.rawPayload)).join(''));
  }

  /** The member's export of the bookings matching `orderNo`: header row, then the rows. */
  async function exportRows(orderNo: string, lang: Lang): Promise<string[][]> {
    const exported = await suite.t.app.inject({
      method: 'GET',
      url: `/api/order/export?keyword=${orderNo}`,
      headers: { authorization: `Bearer ${suite.users.member.token}`, lang },
    });
    const sheet = XLSX.read(exported.rawPayload, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0] ?? ''] ?? {}, { header: 1 });
  }

  /** The member's latest activity entry: what the trail recorded of the last change. */
  async function lastActivity() {
    const trail = ok(
      await api<{ list: { action: string; object_id: number; fields: string[] }[] }>(
        'member',
        'GET',
        '/api/activity?page_size=5',
      ),
    );
    return trail.list[0];
  }

  return { suite, api, ok, plain, noteText, exportRows, lastActivity };
}

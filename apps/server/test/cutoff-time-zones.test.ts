import type { BookingDetail, BookingDocking, ListData } from '@freight/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db.js';
import { bookingSuite } from './booking-suite.js';
import { call, describeEachDatabase } from './helpers.js';
import { pdfText, squeeze } from './pdf-text.js';

/*
 * Cut-offs are times at the port of loading: the forwarder releases with that port's wall clock,
 * the database keeps the instant, and the detail (both sides), the liaison card and the booking
 * confirmation give it back as that port reads it, with the offset of its day (daylight saving
 * included). The rule "no cut-off after the ETD" compares the port's own dates.
 */

describeEachDatabase('cut-offs at the port of loading', (kind) => {
  const { suite, api, ok, plain } = bookingSuite(kind);
  const ref: Record<string, number> = {};

  beforeAll(async () => {
    for (const code of ['USLAX', 'CNSHA', 'NLRTM']) {
      const found = await call<{ data: ListData<{ id: number; code: string }> }>(suite.t.app, {
        method: 'GET',
        url: `/api/port?keyword=${code}`,
      });
      ref[code] = found.body.data.lists.find((port) => port.code === code)?.id ?? 0;
    }
  });

  /** A booking submitted to the forwarder, loading at `pol` for Shanghai. */
  const submittedFrom = async (pol: string) =>
    ok(
      await api('member', 'POST', '/api/order/booking?submit=true', {
        ...plain(),
        pol_id: ref[pol],
        pod_id: ref.CNSHA,
        to_id: ref.CNSHA,
      }),
    );
  const release = (id: number, body: object, lang?: 'cn' | 'en') =>
    api('fwd', 'POST', `/api/forwarder/order/${id}/release`, body, lang);
  const schedule = { so_no: 'SO880001', vessel: 'MAERSK ESSEN', voyage: '702E' };
  /** The instants the database keeps, in UTC. */
  const stored = async (id: number) =>
    (
      await rowsOf<{ si: string | null; cy: string | null }>(
        suite.t.database.db,
        sql`select (si_cutoff at time zone 'UTC')::text as si, (cy_cutoff at time zone 'UTC')::text as cy
            from bookings where id = ${id}`,
      )
    )[0];
  const confirmation = async (id: number, lang: 'cn' | 'en') => {
    const reply = await suite.t.app.inject({
      method: 'GET',
      url: `/api/order/${id}/pdf/confirmation`,
      headers: { authorization: `Bearer ${suite.users.fwd.token}`, lang },
    });
    expect(reply.statusCode).toBe(200);
    return squeeze((await pdfText(reply.rawPayload)).join(''));
  };

  it("keeps a Rotterdam release's cut-offs as Rotterdam's clock, across the change to summer time", async () => {
    const booking = await submittedFrom('NLRTM');
    // Europe moves to summer time in the night of 27 to 28 March 2027.
    const released = ok(
      await release(booking.id, {
        ...schedule,
        etd: '2027-03-29',
        eta: '2027-04-30',
        si_cutoff: '2027-03-27 12:00',
        cy_cutoff: '2027-03-28 17:00',
        customs_cutoff: '2027-03-28T10:00',
        vgm_cutoff: '',
      }),
    );
    const cutoffs = {
      si_cutoff: '2027-03-27T12:00:00+01:00',
      cy_cutoff: '2027-03-28T17:00:00+02:00',
      customs_cutoff: '2027-03-28T10:00:00+02:00',
      vgm_cutoff: null,
      time_zone: 'Europe/Amsterdam',
    };
    expect(released.schedule).toMatchObject(cutoffs);
    expect(await stored(booking.id)).toEqual({ si: '2027-03-27 11:00:00', cy: '2027-03-28 15:00:00' });

    // The member reads the same, on the detail and the liaison card.
    expect(ok(await api('member', 'GET', `/api/order/${booking.id}`)).schedule).toMatchObject(cutoffs);
    expect(ok(await api('fwd', 'GET', `/api/forwarder/order/${booking.id}`)).schedule).toMatchObject(cutoffs);
    const docking = ok(await api<BookingDocking>('member', 'GET', `/api/order/docking/${booking.id}`));
    expect(docking.schedule).toMatchObject(cutoffs);

    // The confirmation prints each as the port reads it, with the offset of its day, in both languages.
    for (const lang of ['cn', 'en'] as const) {
      const text = await confirmation(booking.id, lang);
      expect(text).toContain('27-MAR-202712:00(UTC+01:00)');
      expect(text).toContain('28-MAR-202717:00(UTC+02:00)');
      expect(text).toContain('28-MAR-202710:00(UTC+02:00)');
    }
  });

  it("reads a Los Angeles release at Los Angeles's clock, and compares cut-offs with the ETD in its dates", async () => {
    const booking = await submittedFrom('USLAX');
    const winter = { ...schedule, etd: '2027-01-21', eta: '2027-02-10' };
    // 08:00 on the day after the ETD, at the port: refused, by name.
    const late = await release(booking.id, { ...winter, si_cutoff: '2027-01-22 08:00' }, 'en');
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([{ field: 'si_cutoff', message: 'SI cut-off cannot be after the ETD' }]);
    // 20:00 on the ETD day at the port is already the next day in UTC (and in Shanghai): allowed.
    const released = ok(
      await release(booking.id, { ...winter, si_cutoff: '2027-01-20 12:00', cy_cutoff: '2027-01-21 20:00' }),
    );
    expect(released.schedule).toMatchObject({
      si_cutoff: '2027-01-20T12:00:00-08:00',
      cy_cutoff: '2027-01-21T20:00:00-08:00',
      time_zone: 'America/Los_Angeles',
    });
    expect(await stored(booking.id)).toEqual({ si: '2027-01-20 20:00:00', cy: '2027-01-22 04:00:00' });
    const text = await confirmation(booking.id, 'en');
    expect(text).toContain('21-JAN-202720:00(UTC-08:00)');
  });

  it('keeps a Shanghai release as written, at +08:00', async () => {
    const booking = await submittedFrom('CNSHA');
    const released: BookingDetail = ok(
      await release(booking.id, {
        ...schedule,
        etd: '2027-07-16',
        eta: '2027-08-20',
        si_cutoff: '2027-07-14 12:00',
        cy_cutoff: '2027-07-15',
      }),
    );
    expect(released.schedule).toMatchObject({
      si_cutoff: '2027-07-14T12:00:00+08:00',
      // A date alone is the start of that day at the port.
      cy_cutoff: '2027-07-15T00:00:00+08:00',
      time_zone: 'Asia/Shanghai',
    });
    expect(await stored(booking.id)).toEqual({ si: '2027-07-14 04:00:00', cy: '2027-07-14 16:00:00' });
  });
});

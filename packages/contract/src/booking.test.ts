import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  bookingActionsFor,
  bookingInput,
  bookingState,
  canBooking,
  earliestReadyDate,
  isReadyDateAllowed,
  isValidContainerNo,
  releaseInput,
} from './booking.js';
import { fixed3, lineTotals, sum3 } from './booking-totals.js';
import { translate } from './i18n/index.js';
import { isEtaInOrder, PARSE_OPTIONS, toFieldErrors } from './validation.js';

describe('booking statuses', () => {
  it('keep the spec’s numbers and colours, with labels in both languages', () => {
    expect(BOOKING_STATUSES.map((s) => [s.value, s.color])).toEqual([
      [0, 'default'],
      [1, 'blue'],
      [2, 'orange'],
      [3, 'green'],
      [5, 'blue'],
      [40, 'default'],
    ]);
    expect(translate('en-US', 'bookingStatus.s2')).toBe('Awaiting shipping instructions');
    // Status 0 is the member's draft, 1 submitted and awaiting space release.
    expect([translate('zh-CN', 'bookingStatus.s0'), translate('zh-CN', 'bookingStatus.s1')]).toEqual([
      '草稿',
      '待放舱',
    ]);
    expect(translate('en-US', 'bookingStatus.s0')).toBe('Draft');
  });

  it('map the named states: pending 0 and 1 until accepted, confirmed 1–3, completed 5, cancelled or voided 40', () => {
    expect(bookingState(1, null, false)).toBe('pending');
    expect(bookingState(1, null, true)).toBe('confirmed');
    expect([0, 2, 3, 5].map((s) => bookingState(s))).toEqual([
      'pending',
      'confirmed',
      'confirmed',
      'completed',
    ]);
    expect(bookingState(40, 'member')).toBe('cancelled');
    expect(bookingState(40, 'forwarder')).toBe('voided');
  });

  it('allow each action only from its statuses, for its side', () => {
    expect(canBooking('edit', 0)).toBe(true);
    expect(canBooking('edit', 1)).toBe(false);
    expect(canBooking('cancel', 3)).toBe(true);
    expect(canBooking('cancel', 5)).toBe(false);
    expect(canBooking('cancel', 0)).toBe(false);
    expect(bookingActionsFor('member', 0)).toEqual(['edit', 'delete', 'submit']);
    expect(bookingActionsFor('member', 1)).toEqual(['cancel']);
    expect(bookingActionsFor('forwarder', 0)).toEqual([]);
    expect(bookingActionsFor('forwarder', 1)).toEqual(['accept', 'release', 'void']);
    // Accept is taken once.
    expect(bookingActionsFor('forwarder', 1, true)).toEqual(['release', 'void']);
    expect(bookingActionsFor('member', 2)).toEqual(['submit_si', 'cancel']);
    expect(bookingActionsFor('forwarder', 2)).toEqual(['confirm_si', 'void']);
    expect(bookingActionsFor('forwarder', 40)).toEqual([]);
  });
});

describe('booking rules', () => {
  it('check ISO 6346 container numbers', () => {
    expect(isValidContainerNo('CSQU3054383')).toBe(true);
    expect(isValidContainerNo('csqu3054383')).toBe(true);
    expect(isValidContainerNo('CSQU3054384')).toBe(false);
    expect(isValidContainerNo('CSQX3054383')).toBe(false);
    expect(isValidContainerNo('CSQU305438')).toBe(false);
  });

  it('accept as ready date the date that is today anywhere on earth', () => {
    expect(earliestReadyDate(new Date('2026-03-10T11:00:00Z'))).toBe('2026-03-09');
    expect(earliestReadyDate(new Date('2026-03-10T13:00:00Z'))).toBe('2026-03-10');
  });

  it('hold ETA on or after ETD, in rates and in the space release alike', () => {
    expect(isEtaInOrder('2026-03-10', '2026-03-10')).toBe(true);
    expect(isEtaInOrder('2026-03-10', '2026-03-09')).toBe(false);
    expect(isEtaInOrder('', '2026-03-09')).toBe(true);
    expect(isEtaInOrder('2026-03-10', null)).toBe(true);
    const release = { so_no: 'SO1', vessel: 'MSC ANNA', voyage: '001W', etd: '2026-03-10' };
    expect(releaseInput.safeParse({ ...release, eta: '2026-03-09' }).error?.issues[0]?.message).toBe(
      'rates.etaOrder',
    );
    expect(releaseInput.safeParse({ ...release, eta: '2026-03-10' }).success).toBe(true);
  });

  it('never refuse the member’s own today, and always refuse the day before yesterday, in any zone', () => {
    // The browser checks the date it shows (its own calendar), the server the same function: so
    // at each zone's midnight, and just before it, both agree.
    const local = (instant: Date, timeZone: string, days = 0) =>
      new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant.getTime() + days * 86_400_000));
    for (const timeZone of ['Asia/Shanghai', 'UTC', 'America/Los_Angeles']) {
      for (const utc of ['2026-03-09T16:00:00Z', '2026-03-10T00:00:00Z', '2026-03-10T08:00:00Z']) {
        for (const offsetMs of [-1, 0, 1, 60_000, 11 * 3_600_000, 23 * 3_600_000]) {
          const now = new Date(new Date(utc).getTime() + offsetMs);
          const at = `${timeZone} ${now.toISOString()}`;
          expect(isReadyDateAllowed(local(now, timeZone), now), at).toBe(true);
          expect(isReadyDateAllowed(local(now, timeZone, 1), now), at).toBe(true);
          expect(isReadyDateAllowed(local(now, timeZone, -2), now), at).toBe(false);
        }
      }
    }
  });

  it('leave the shipper and consignee to the shipping instructions, as DCSA allows', () => {
    const result = bookingInput.safeParse({}, PARSE_OPTIONS);
    expect(result.success).toBe(false);
    if (result.success) return;
    const fields = toFieldErrors(result.error, 'en-US').map((error) => error.field);
    expect(fields).toContain('ready_date');
    expect(fields).not.toContain('shipper_id');
    expect(fields).not.toContain('consignee_id');
  });

  it('upper-case document text and refuse an ETA before the ETD', () => {
    const ok = releaseInput.safeParse({
      so_no: 'so 1',
      vessel: 'v',
      voyage: '1e',
      etd: '2026-05-01',
      eta: '2026-05-01',
    });
    expect(ok.success && ok.data.so_no).toBe('SO 1');
    const bad = releaseInput.safeParse({
      so_no: 'S',
      vessel: 'V',
      voyage: '1',
      etd: '2026-05-02',
      eta: '2026-05-01',
    });
    expect(bad.success).toBe(false);
  });
});

describe('booking totals', () => {
  it('sum weights and volumes as exact thousandths, from wire strings and typed numbers alike', () => {
    expect(sum3(['1.1', '2.2'])).toBe('3.300');
    expect(sum3([0.1, 0.2, null, undefined, ''])).toBe('0.300');
    expect(fixed3('12.5')).toBe('12.500');
    expect(fixed3(1200.5)).toBe('1200.500');
    expect(
      lineTotals(
        [
          { weight: '1.1', volume: 2.2, packages: 3, quantity: 2 },
          { weight: 2.2, volume: '1.1', packages: null, quantity: null },
        ],
        true,
      ),
    ).toEqual({ weight: '3.300', volume: '3.300', packages: 3, containers: 2 });
  });
});

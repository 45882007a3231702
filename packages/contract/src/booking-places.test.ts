import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bookingDraftInput } from './booking.js';
import { bookingPlaceFields, placeProblems, placeText } from './booking-places.js';
import { localizeIssue, serverCatalog } from './index.js';
import { locationDocumentName } from './locations.js';

const places = z.strictObject({
  place_of_receipt: z.string().default(''),
  ...bookingPlaceFields,
  pol_id: z.number().nullable().default(1),
  pod_id: z.number().nullable().default(2),
});
const check = (input: object) => placeProblems(places.parse(input)).map((p) => `${p.field}:${p.key}`);
const draft = { container_mode: 1, incoterm: 'FOB', pol_id: 1, pod_id: 2, to_id: 2 };

describe('booking places', () => {
  it('reads codes and countries as people type them', () => {
    expect(
      places.parse({
        place_of_delivery: 'duisburg',
        place_of_delivery_country: ' de ',
        place_of_delivery_code: 'de dui',
      }),
    ).toMatchObject({
      place_of_delivery: 'DUISBURG',
      place_of_delivery_country: 'DE',
      place_of_delivery_code: 'DEDUI',
    });
    expect(places.parse({ place_of_receipt_country: '', transshipment_port_id: '' })).toMatchObject({
      place_of_receipt_country: null,
      transshipment_port_id: null,
    });
  });

  it('refuses a code that is not a UN/LOCODE, naming the field in both languages', () => {
    const parsed = bookingDraftInput.safeParse({
      ...draft,
      place_of_delivery: 'DUISBURG',
      place_of_delivery_code: 'DEDU',
    });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((i) => i.path[0] === 'place_of_delivery_code')!;
    expect(localizeIssue(issue, serverCatalog('en-US')).message).toContain(
      'Inland place of delivery UN/LOCODE',
    );
    expect(localizeIssue(issue, serverCatalog('zh-CN')).message).toContain('内陆交货地 UN/LOCODE');
  });

  it('holds a code to its country and a country or code to a name', () => {
    expect(
      check({
        place_of_delivery: 'DUISBURG',
        place_of_delivery_country: 'DE',
        place_of_delivery_code: 'DEDUI',
      }),
    ).toEqual([]);
    expect(
      check({
        place_of_delivery: 'DUISBURG',
        place_of_delivery_country: 'DE',
        place_of_delivery_code: 'NLDUI',
      }),
    ).toEqual(['place_of_delivery_code:bookingPlaces.codeCountry']);
    expect(check({ place_of_receipt_code: 'CNCKG' })).toEqual([
      'place_of_receipt:bookingPlaces.nameRequired',
    ]);
    expect(check({ place_of_delivery_country: 'US' })).toEqual([
      'place_of_delivery:bookingPlaces.nameRequired',
    ]);
    // A name alone is a place as bookings made before places had countries say it.
    expect(check({ place_of_receipt: 'NINGBO FACTORY' })).toEqual([]);
  });

  it('asks for a transshipment port other than the ports of loading and discharge', () => {
    expect(check({ transshipment_port_id: 3 })).toEqual([]);
    expect(check({ transshipment_port_id: 1 })).toEqual([
      'transshipment_port_id:bookingPlaces.transshipmentIsPol',
    ]);
    expect(check({ transshipment_port_id: 2 })).toEqual([
      'transshipment_port_id:bookingPlaces.transshipmentIsPod',
    ]);
    // The draft schema runs the rule too: a contradiction is refused while saving.
    const parsed = bookingDraftInput.safeParse({ ...draft, transshipment_port_id: 1 });
    expect(parsed.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual([
      'transshipment_port_id:bookingPlaces.transshipmentIsPol',
    ]);
  });

  it('prints a place with its country and code', () => {
    expect(placeText({ name: 'CHONGQING', country: 'CN', code: 'CNCKG' })).toBe('CHONGQING, CN (CNCKG)');
    expect(placeText({ name: 'CHONGQING', country: null, code: 'CNCKG' })).toBe('CHONGQING, CN (CNCKG)');
    expect(placeText({ name: 'MY FACTORY', country: 'DE', code: null })).toBe('MY FACTORY, DE');
    expect(placeText({ name: 'NINGBO FACTORY', country: null, code: null })).toBe('NINGBO FACTORY');
    expect(placeText({ name: '', country: 'DE', code: null })).toBe('');
    expect(locationDocumentName({ name_en: 'São Paulo' })).toBe('SAO PAULO');
  });
});

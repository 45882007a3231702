import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startPortal, type PortalServer } from '../support/server';
import { apiToken, day, iso } from '../support/steps';
import { call, demoContacts, idOf } from './booking-api';

/*
 * The booking PDFs of the built server (node apps/server/dist/main.js): they are made only on
 * worker threads, whose script the build emits beside the module that starts them. Were it missing
 * or not found, no document could be made at all. Long ones come back whole; asked twice, the
 * same booking version is answered with the same bytes.
 */

let portal: PortalServer;
let token: string;
let bookingId: number;

beforeAll(async () => {
  portal = await startPortal();
  token = await apiToken(portal.url, DEMO.customer);
  const forwarder = await call<{ id: number }>(
    portal,
    'GET',
    '/userinfo',
    await apiToken(portal.url, DEMO.forwarder),
  );
  const contacts = await demoContacts(portal, token);
  const [hq, carton, sha, rtm, maersk] = await Promise.all([
    idOf(portal, 'container', '40HQ', token),
    idOf(portal, 'unit', 'CT', token),
    idOf(portal, 'port', 'CNSHA', token),
    idOf(portal, 'port', 'NLRTM', token),
    idOf(portal, 'carrier', 'MAEU', token),
  ]);
  const booking = await call<{ id: number }>(portal, 'POST', '/order/booking?submit=true', token, {
    container_mode: 1,
    forwarder_id: forwarder.id,
    shipper_id: contacts.shipper,
    consignee_id: contacts.consignee,
    ready_date: iso(day(3)),
    incoterm: 'FOB',
    pol_id: sha,
    pod_id: rtm,
    to_id: rtm,
    carrier_id: maersk,
    commodity_cn: '液晶显示器',
    containers: Array.from({ length: 200 }, (_, k) => ({
      container_id: hq,
      hs_code: '8528.72',
      description: `LCD MONITORS LOT ${k + 1}\nMODEL A: 27 INCH 4K\nMODEL B: 32 INCH 4K`,
      packages: 600 + k,
      unit_id: carton,
      weight: '14000.5',
      volume: '58.25',
      quantity: 1,
    })),
  });
  bookingId = booking.id;
});

afterAll(async () => {
  await portal?.stop();
});

describe('booking PDFs of the built server', () => {
  const note = () =>
    fetch(`${portal.url}/api/order/${bookingId}/pdf/booking-note?lang=en`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it('makes a long booking note on a worker thread and answers it again unchanged', async () => {
    const first = await note();
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(first.status, bytes.subarray(0, 300).toString()).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Every page of the 200 lines is there: pdfkit writes one page object per page.
    expect((bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(10);

    const again = await note();
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Buffer.compare(Buffer.from(await again.arrayBuffer()), bytes)).toBe(0);
  });
});

import type { PortalServer } from '../support/server';

/** Calls of the booking specs that make their data through the API (in English). */
export async function call<T>(
  portal: PortalServer,
  method: string,
  path: string,
  token: string,
  body?: unknown,
) {
  const response = await fetch(`${portal.url}/api${path}`, {
    method,
    headers: {
      Lang: 'en',
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.msg}`);
  return envelope.data;
}

/** The id of a reference item by its code (SCAC, UN/LOCODE, container or unit code). */
export async function idOf(portal: PortalServer, kind: string, code: string, token: string): Promise<number> {
  const list = await call<{ lists: { id: number; code?: string }[] }>(
    portal,
    'GET',
    `/${kind}?page=1&size=1000${kind === 'unit' ? '&type=3' : ''}`,
    token,
  );
  const item = list.lists.find((i) => i.code === code);
  if (!item) throw new Error(`${kind} ${code} not found`);
  return item.id;
}

/** The member's demo shipper and consignee, found by name in a contact book of dozens. */
export async function demoContacts(portal: PortalServer, token: string) {
  const find = async (name: string) => {
    const list = await call<{ lists: { id: number; company1: string }[] }>(
      portal,
      'GET',
      `/customer/contact?page=1&size=50&keyword=${encodeURIComponent(name)}`,
      token,
    );
    const found = list.lists.find((c) => c.company1.startsWith(name));
    if (!found) throw new Error(`contact ${name} not found`);
    return found.id;
  };
  return { shipper: await find('NINGBO BRIGHT'), consignee: await find('PACIFIC HOME') };
}

/** Uploads a document to a booking as the holder of `token`. */
export async function uploadDocument(
  portal: PortalServer,
  token: string,
  document: { orderId: number; type: string; name: string; content: string },
) {
  const form = new FormData();
  form.append('order_id', String(document.orderId));
  form.append('document_type', document.type);
  form.append('file', new Blob([document.content]), document.name);
  const response = await fetch(`${portal.url}/api/attachment`, {
    method: 'POST',
    headers: { Lang: 'en', Authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await response.json()) as { code: number; msg: string };
  if (envelope.code !== 0) throw new Error(`upload of ${document.name}: ${envelope.msg}`);
}

/** The demo forwarder voids one of the bookings it received that is still open (a second party's act). */
export async function forwarderVoids(
  portal: PortalServer,
  token: string,
): Promise<{ id: number; order_no: string }> {
  const open = await call<{ lists: { id: number; order_no: string }[] }>(
    portal,
    'GET',
    '/forwarder/order?status=1&page=1&size=1',
    token,
  );
  const booking = open.lists[0];
  if (!booking) throw new Error('the demo forwarder has no submitted booking');
  await call(portal, 'POST', `/forwarder/order/${booking.id}/void`, token, { reason: 'E2E NO SPACE' });
  return booking;
}

/**
 * The body of a one-20GP FCL booking of the demo member to the demo forwarder, Shanghai →
 * Rotterdam, ready in five days: looked up once, then one body per customer reference.
 */
export async function demoBookingBody(portal: PortalServer, token: string) {
  const forwarders = await call<{ lists: { id: number }[] }>(
    portal,
    'GET',
    '/shipper?page=1&size=10&company=DEMO%20FORWARDING',
    token,
  );
  const forwarderId = forwarders.lists[0]?.id;
  if (!forwarderId) throw new Error('demo forwarder not listed');
  const contacts = await demoContacts(portal, token);
  const [pol, pod, unit, container] = [
    await idOf(portal, 'port', 'CNSHA', token),
    await idOf(portal, 'port', 'NLRTM', token),
    await idOf(portal, 'unit', 'CT', token),
    await idOf(portal, 'container', '20GP', token),
  ];
  const ready = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  return {
    forwarderId,
    container,
    body: (custRef = '') => ({
      container_mode: 1,
      forwarder_id: forwarderId,
      shipper_id: contacts.shipper,
      consignee_id: contacts.consignee,
      cust_ref_no: custRef,
      ready_date: ready,
      incoterm: 'FOB',
      pol_id: pol,
      pod_id: pod,
      to_id: pod,
      containers: [
        {
          container_id: container,
          hs_code: '851310',
          description: 'LED LAMPS',
          packages: 100,
          unit_id: unit,
          weight: '1200.5',
          volume: '20',
          quantity: 1,
        },
      ],
    }),
  };
}

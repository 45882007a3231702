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

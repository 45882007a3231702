/** Checks that the generated data set is what the app would write: through its own rules and services. */
import {
  BOOKING_STATUS,
  type BookingDetail,
  bookingDetail,
  bookingInput,
  contactInput,
  fixed3,
  PARSE_OPTIONS,
} from '@freight/contract';
import { type SQL, sql } from 'drizzle-orm';
import { underLoad } from './lib.js';
import {
  bookings,
  contacts,
  dedupeKey,
  getBookingDetail,
  rowsOf,
  type Db,
} from '../apps/server/src/surface.js';

/** Counts what was written and checks a sample of contacts the way the app checks its input. */
export async function checkGenerated(db: Db, customerId: number) {
  const today = new Date().toISOString().slice(0, 10);
  const scalar = async (query: SQL) =>
    Number((await rowsOf<{ value: string | number }>(db, query))[0]?.value ?? NaN);
  const sample = await db
    .select({
      id: contacts.id,
      type: contacts.type,
      company1: contacts.company1,
      company2: contacts.company2,
      linkman: contacts.linkman,
      address1: contacts.address1,
      address2: contacts.address2,
      city: contacts.city,
      province: contacts.province,
      countryId: contacts.countryId,
      zipCode: contacts.zipCode,
      phone: contacts.phone,
      email: contacts.email,
      dedupeKey: contacts.dedupeKey,
    })
    .from(contacts)
    .where(sql`${contacts.id} % 997 = 0`);
  const problems: string[] = [];
  for (const c of sample) {
    const parsed = contactInput.safeParse(
      {
        type: c.type,
        company1: c.company1,
        company2: c.company2,
        linkman: c.linkman,
        address1: c.address1,
        address2: c.address2,
        city: c.city,
        province: c.province,
        country_id: c.countryId,
        zip_code: c.zipCode,
        phone: c.phone,
        email: c.email,
      },
      PARSE_OPTIONS,
    );
    if (!parsed.success) problems.push(`contact ${c.id}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    else if (dedupeKey(parsed.data) !== c.dedupeKey) problems.push(`contact ${c.id}: dedupe_key differs`);
  }
  return {
    sampled: sample.length,
    problems,
    contacts: await scalar(sql`select count(*) as value from contacts`),
    focusContacts: await scalar(sql`select count(*) as value from contacts where company_id = ${customerId}`),
    spaces: await scalar(sql`select count(*) as value from rate_spaces`),
    validToday: await scalar(
      sql`select count(*) as value from rates where status = 1 and sdate <= ${today} and edate >= ${today}`,
    ),
  };
}

/** The form a member would send again for `detail` (edit or copy): what bookingInput must accept. */
function formOf(detail: BookingDetail) {
  const line = (l: BookingDetail['cargo_items'][number]) => ({
    hs_code: l.hs_code,
    description: l.description,
    packages: l.packages,
    unit_id: l.unit_id,
    weight: l.weight,
    volume: l.volume,
  });
  return {
    container_mode: detail.container_mode,
    forwarder_id: detail.forwarder_id,
    shipper_id: detail.shipper_id,
    consignee_id: detail.consignee_id,
    cust_ref_no: detail.cust_ref_no,
    ready_date: detail.ready_date,
    incoterm: detail.incoterm,
    place_of_receipt: detail.place_of_receipt,
    pol_id: detail.pol_id,
    pod_id: detail.pod_id,
    to_id: detail.to_id,
    carrier_id: detail.carrier_id,
    remark: detail.remark,
    cargo_items: detail.cargo_items.map(line),
    containers: detail.containers.map((c) => ({
      ...line(c),
      container_id: c.container_id,
      container_no: c.container_no,
      seal_no: c.seal_no,
      quantity: c.quantity,
    })),
  };
}

/** What is wrong with a booking as the API shows it, against its stored row (empty: nothing). */
function bookingProblems(
  detail: BookingDetail,
  row: { status: number; totalWeight: string; totalVolume: string; totalPackages: number },
): string[] {
  const problems: string[] = [];
  const parsed = bookingDetail.safeParse(detail);
  if (!parsed.success) problems.push(`bookingDetail: ${parsed.error.issues[0]?.path.join('.')}`);
  const form = bookingInput.safeParse(formOf(detail), PARSE_OPTIONS);
  if (!form.success) problems.push(`bookingInput: ${form.error.issues[0]?.path.join('.')}`);
  if (!/^BK\d{12,}$/.test(detail.order_no)) problems.push(`order number ${detail.order_no}`);
  const t = detail.totals;
  if (
    t.weight !== fixed3(row.totalWeight) ||
    t.volume !== fixed3(row.totalVolume) ||
    t.packages !== row.totalPackages
  )
    problems.push('totals differ from the lines');
  const fcl = detail.container_mode === 1;
  if (fcl ? detail.containers.length === 0 || detail.cargo_items.length > 0 : detail.cargo_items.length === 0)
    problems.push('lines do not fit the mode');
  const history = detail.history;
  const first = history[0];
  if (first?.action !== 'create' || first.from_status !== null || first.to_status !== 0)
    problems.push('history does not start with create');
  history.slice(1).forEach((entry, i) => {
    const before = history[i]!;
    if (entry.from_status !== before.to_status || entry.create_time < before.create_time)
      problems.push(`history step ${entry.action} out of order`);
  });
  if (history.at(-1)?.to_status !== detail.status) problems.push('history ends elsewhere than the status');
  const released = history.some((entry) => entry.action === 'release');
  const s = detail.schedule;
  const scheduled = Boolean(s.so_no && s.vessel && s.voyage && s.etd && s.eta && s.eta >= s.etd);
  if (released !== scheduled) problems.push('schedule does not fit the status');
  if ((detail.status === 5) !== (s.bl_no !== '')) problems.push('B/L number does not fit the status');
  if ((detail.status === 40) !== (detail.cancelled_by !== null && detail.cancel_reason !== ''))
    problems.push('cancellation does not fit the status');
  if (detail.status !== row.status) problems.push('status differs');
  return problems.map((problem) => `booking ${detail.order_no}: ${problem}`);
}

/** Counts the bookings written and reads a sample through the service as both parties see them. */
export async function checkBookings(db: Db, customerId: number) {
  const scalar = async (query: SQL) =>
    Number((await rowsOf<{ value: string | number }>(db, query))[0]?.value ?? NaN);
  const byStatus = await rowsOf<{ status: number; value: number }>(
    db,
    sql`select status, count(*)::int as value from bookings group by status order by status`,
  );
  const sample = await db
    .select({
      id: bookings.id,
      companyId: bookings.companyId,
      forwarderId: bookings.forwarderId,
      status: bookings.status,
      totalWeight: bookings.totalWeight,
      totalVolume: bookings.totalVolume,
      totalPackages: bookings.totalPackages,
    })
    .from(bookings)
    .where(sql`${bookings.id} % 1999 = 0`);
  const problems: string[] = [];
  await underLoad({
    concurrency: 4,
    total: sample.length,
    task: async (i) => {
      const row = sample[i]!;
      const common = { db, locale: 'en-US' as const, id: row.id };
      const member = await getBookingDetail({ ...common, party: 'member', viewerCompanyId: row.companyId });
      problems.push(...bookingProblems(member, row));
      // A draft is its owner's alone: the forwarder is answered 404 for it, which the check expects.
      if (row.status === BOOKING_STATUS.draft) {
        const hidden = await getBookingDetail({
          ...common,
          party: 'forwarder',
          viewerCompanyId: row.forwarderId ?? 0,
        }).then(
          () => false,
          () => true,
        );
        if (!hidden) problems.push(`booking ${row.id}: the forwarder sees a draft`);
        return;
      }
      const forwarder = await getBookingDetail({
        ...common,
        party: 'forwarder',
        viewerCompanyId: row.forwarderId ?? 0,
      });
      if (forwarder.order_no !== member.order_no || forwarder.history.length !== member.history.length)
        problems.push(`booking ${row.id}: the forwarder sees another booking`);
    },
  });
  return {
    sampled: sample.length,
    problems,
    statuses: byStatus.map((r) => [r.status, Number(r.value)] as const),
    total: await scalar(sql`select count(*) as value from bookings`),
    fcl: await scalar(sql`select count(*) as value from bookings where container_mode = 1`),
    focus: await scalar(sql`select count(*) as value from bookings where company_id = ${customerId}`),
    lines: await scalar(sql`select count(*) as value from booking_lines`),
    history: await scalar(sql`select count(*) as value from booking_history`),
  };
}

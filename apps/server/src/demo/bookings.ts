import { releaseInput, shipInput } from '@freight/contract';
import {
  acceptBooking,
  cancelBookings,
  confirmShipment,
  createBooking,
  markShipped,
  releaseSpace,
  submitShipment,
  voidBooking,
} from '../modules/bookings/service.js';
import {
  bookingContents,
  type BookingContents,
  PLANNED,
  type PlannedBooking,
  STEPS,
} from './booking-plan.js';
import { uploadPdf } from './documents.js';
import { containerNumber, vesselOf } from './goods.js';
import type { Actor } from '../modules/activity/service.js';
import type { Reference } from './lookup.js';
import type { DemoMember, SeedDeps } from './members.js';
import { isoDay, type Random } from './random.js';
import type { RateRow } from './rates.js';

export type SeededRate = { id: number; row: RateRow };
export type BookingContext = {
  deps: SeedDeps;
  ref: Reference;
  random: Random;
  customer: DemoMember;
  forwarders: Map<string, DemoMember>;
  rates: Map<string, SeededRate[]>;
  contacts: Map<string, number>;
};

const LOCALE = 'zh-CN';
const VOYAGE_DIRECTION: Record<string, string> = {
  USWC: 'E',
  USEC: 'E',
  CA: 'E',
  LATW: 'E',
  JPK: 'N',
  SEA: 'S',
  ANZ: 'S',
};

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`demo data: no ${what}`);
  return value;
};

/** The demo's mails go to SILENT_MAILER: their links lead nowhere. */
const SILENT_LINKS = { publicUrl: 'http://localhost', unsubscribeKey: 'demo-seed-mails-are-never-sent' };
/** The form a member fills in for the planned booking. */
function bookingForm(ctx: BookingContext, plan: PlannedBooking, rate: SeededRate, c: BookingContents) {
  const { ref } = ctx;
  const quote = plan.fromQuote && plan.fcl;
  return {
    container_mode: plan.fcl ? 1 : 2,
    quote_id: quote ? rate.id : null,
    forwarder_id: quote ? null : need(ctx.forwarders.get(plan.forwarder), plan.forwarder).companyId,
    shipper_id: need(ctx.contacts.get(c.shipper), c.shipper),
    consignee_id: need(ctx.contacts.get(c.consignee), c.consignee),
    cust_ref_no: c.reference,
    ready_date: c.readyDate,
    incoterm: c.incoterm,
    place_of_receipt: c.placeOfReceipt,
    pol_id: ref.port(rate.row.pol),
    pod_id: ref.port(rate.row.pod),
    to_id: ref.port(rate.row.pod),
    carrier_id: ref.carrier(rate.row.carrier),
    remark: ctx.random.pick([
      '',
      '',
      '请安排直航船 / Direct vessel preferred',
      '货物需熏蒸 / Fumigation certificate needed',
    ]),
    containers: c.containers.map((line) => ({
      container_id: ref.container(line.type),
      hs_code: line.hs_code,
      description: line.description,
      packages: line.packages,
      unit_id: ref.unit(line.unit),
      weight: line.weight,
      volume: line.volume,
      quantity: line.quantity,
    })),
    cargo_items: c.cargo.map((item) => ({
      hs_code: item.hs_code,
      description: item.description,
      packages: item.packages,
      unit_id: ref.unit(item.unit),
      weight: item.weight,
      volume: item.volume,
    })),
  };
}

/** Where the empty boxes are picked up and the full ones returned, at the main ports of loading. */
const YARDS: Record<string, { depot: string; terminal: string }> = {
  CNSHA: { depot: 'WAIGAOQIAO CY, SHANGHAI', terminal: 'SHANGHAI EAST CONTAINER TERMINAL (SECT)' },
  CNNGB: { depot: 'BEILUN CY, NINGBO', terminal: 'NINGBO BEILUN SECOND CONTAINER TERMINAL (NBSCT)' },
  CNTAO: { depot: 'QIANWAN CY, QINGDAO', terminal: 'QINGDAO QIANWAN CONTAINER TERMINAL (QQCT)' },
  CNDLC: { depot: 'DAYAOWAN CY, DALIAN', terminal: 'DALIAN CONTAINER TERMINAL (DCT)' },
  CNTXG: { depot: 'TIANJIN PORT CY', terminal: 'TIANJIN PORT EURO-ASIA CONTAINER TERMINAL' },
  CNYTN: { depot: 'YANTIAN CY, SHENZHEN', terminal: 'YANTIAN INTERNATIONAL CONTAINER TERMINALS (YICT)' },
  CNSHK: { depot: 'SHEKOU CY, SHENZHEN', terminal: 'SHEKOU CONTAINER TERMINALS (SCT)' },
  CNXMN: { depot: 'HAICANG CY, XIAMEN', terminal: 'XIAMEN HAICANG INTERNATIONAL CONTAINER TERMINAL' },
};

/** The forwarder's release: the carrier's SO number, a vessel of its own, ETD and cut-offs before it. */
function schedule(random: Random, rate: RateRow, etdIn: number) {
  const letters = /^[A-Z]{4}$/.test(rate.carrier) ? rate.carrier : 'SO';
  const cutoff = (days: number, time: string) => `${isoDay(etdIn - days)} ${time}`;
  return releaseInput.parse({
    so_no: `${letters}${random.int(100_000_000, 999_999_999)}`,
    vessel: vesselOf(random, rate.carrier),
    voyage: `${random.int(101, 460)}${VOYAGE_DIRECTION[rate.route] ?? 'W'}`,
    etd: isoDay(etdIn),
    eta: isoDay(etdIn + rate.transitDays),
    si_cutoff: cutoff(2, '12:00'),
    cy_cutoff: cutoff(1, '17:00'),
    customs_cutoff: random.next() < 0.6 ? cutoff(1, '12:00') : '',
    vgm_cutoff: random.next() < 0.6 ? cutoff(1, '10:00') : '',
    pickup_depot: YARDS[rate.pol]?.depot ?? '',
    return_terminal: YARDS[rate.pol]?.terminal ?? '',
  });
}

/** The member's shipping instructions: FCL names every booked box, with a valid number and a seal. */
function instructions(ctx: BookingContext, rate: RateRow, c: BookingContents) {
  const { random, ref } = ctx;
  const goods = [...c.containers, ...c.cargo].map((line) => `${line.packages} ${line.description}`);
  return {
    notify_party: 'SAME AS CONSIGNEE',
    marks: random.next() < 0.5 ? 'N/M' : `${c.reference}\nMADE IN CHINA`,
    description: goods.join('\n'),
    bl_type: random.pick(['original', 'telex', 'seaway'] as const),
    freight_term: c.incoterm === 'CIF' || c.incoterm === 'CFR' ? ('prepaid' as const) : ('collect' as const),
    // Each container's share of its line, and a VGM of cargo plus a tare as the carrier prints it.
    containers: c.containers.flatMap((line) =>
      Array.from({ length: line.quantity }, () => {
        const weight = Number(line.weight) / line.quantity;
        const tare = line.type.startsWith('20') ? 2200 : 3800;
        return {
          container_id: ref.container(line.type),
          container_no: containerNumber(random, rate.carrier),
          seal_no: `${rate.carrier.slice(0, 2)}${random.int(1_000_000, 9_999_999)}`,
          packages: Math.max(1, Math.floor(line.packages / line.quantity)),
          weight: weight.toFixed(3),
          vgm: (weight + tare).toFixed(3),
        };
      }),
    ),
  };
}

/** Creates one planned booking and takes it along its steps; returns its id when it is to be cancelled. */
async function book(ctx: BookingContext, plan: PlannedBooking): Promise<number | null> {
  const { deps, random, customer } = ctx;
  const forwarder = need(ctx.forwarders.get(plan.forwarder), plan.forwarder);
  const rates = need(ctx.rates.get(plan.forwarder), `rates of ${plan.forwarder}`);
  const rate = need(plan.rate === null ? random.pick(rates) : rates[plan.rate], `rate ${plan.rate}`);
  const c = bookingContents(random, plan, rate.row);
  const common = { db: deps.db, links: SILENT_LINKS, locale: LOCALE } as const;
  const created = await createBooking({
    ...common,
    viewer: customer,
    actor: customer.actor,
    input: bookingForm(ctx, plan, rate, c),
    submit: plan.outcome !== 'draft',
  });
  const { id } = created;
  const side = { ...common, id, viewerCompanyId: forwarder.companyId, actor: forwarder.actor };
  // Documents on the demo forwarder's bookings and the shipped ones: each upload costs a start-up
  // a dozen milliseconds, and these are the bookings people open.
  const withDocuments = plan.forwarder === 'demo' || plan.outcome === 'shipped';
  const docs = async (uploader: Actor, type: Parameters<typeof uploadPdf>[1]['type'], lines: string[]) => {
    if (withDocuments)
      await uploadPdf(deps, {
        uploader,
        bookingId: id,
        orderNo: created.order_no,
        type,
        description: '',
        lines,
      });
  };
  for (const step of STEPS[plan.outcome]) {
    if (step === 'accept') await acceptBooking(side);
    if (step === 'release') {
      const input = schedule(
        random,
        rate.row,
        c.readyIn + (plan.outcome === 'shipped' ? 0 : random.int(2, 5)),
      );
      await releaseSpace({ ...side, input });
      await docs(forwarder.actor, 'booking_confirmation', [
        `SO NO. ${input.so_no}`,
        `VESSEL / VOYAGE: ${input.vessel} ${input.voyage}`,
        `ETD ${input.etd}   ETA ${input.eta}`,
        `CY CUT-OFF ${input.cy_cutoff ?? ''}`,
      ]);
    }
    if (step === 'si') {
      const si = instructions(ctx, rate.row, c);
      await submitShipment({
        ...common,
        viewerCompanyId: customer.companyId,
        actor: customer.actor,
        id,
        input: si,
      });
      if (plan.outcome === 'instructed-m')
        await docs(customer.actor, 'packing_list', si.description.split('\n'));
    }
    if (step === 'confirm') {
      await confirmShipment({ ...side, reason: '已收到邮件补料 / SI received by e-mail' });
      await docs(forwarder.actor, 'draft_bl', [`SHIPPER ${c.shipper}`, `CONSIGNEE ${c.consignee}`]);
    }
    if (step === 'ship') {
      const blNo = shipInput.parse({
        bl_no: `${rate.row.carrier.replace(/\d/g, '')}${random.int(100_000_000, 999_999_999)}`,
      }).bl_no;
      await markShipped({ ...side, blNo });
      await docs(forwarder.actor, 'bl', [
        `B/L NO. ${blNo}`,
        `SHIPPER ${c.shipper}`,
        `CONSIGNEE ${c.consignee}`,
      ]);
    }
    if (step === 'void')
      await voidBooking({ ...side, reason: '本航次舱位已满 / No space left on this sailing' });
    if (step === 'cancel') return id;
  }
  return null;
}

/**
 * The demo customer's bookings, through the bookings use cases in the order people would act:
 * the member books (from a quote or to a chosen forwarder) and submits, the forwarder accepts and
 * releases space, the member (or the forwarder for it) gives the shipping instructions, the
 * forwarder ships; documents are uploaded on the way. The bookings the member cancels are
 * cancelled together at the end, as the list's batch cancel does.
 */
export async function seedBookings(ctx: BookingContext): Promise<void> {
  const cancels: number[] = [];
  for (const plan of PLANNED) {
    const id = await book(ctx, plan);
    if (id !== null) cancels.push(id);
  }
  if (cancels.length > 0)
    await cancelBookings({
      db: ctx.deps.db,
      links: SILENT_LINKS,
      locale: LOCALE,
      viewerCompanyId: ctx.customer.companyId,
      actor: ctx.customer.actor,
      ids: cancels,
      reason: '买家取消订单 / The buyer cancelled the order',
    });
}

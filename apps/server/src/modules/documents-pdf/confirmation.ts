import { CUTOFF_FIELDS, formatDocumentDate, formatDocumentDateTime } from '@freight/contract';
import type { PdfWriter } from '../../platform/pdf/writer.js';
import { type Ctx, field, label, routeFields, sidesFields } from './common.js';

/**
 * 放舱通知: the space the forwarder released (SO number, vessel, voyage, ETD/ETA), the cut-offs,
 * where the empties are picked up and the laden containers returned, and what was booked.
 */
export function confirmation(w: PdfWriter, ctx: Ctx) {
  const d = ctx.detail;
  const s = d.schedule;
  w.section(label(ctx, 'parties'));
  w.fields(sidesFields(ctx));

  w.section(label(ctx, 'schedule'));
  w.fields([
    [field(ctx, 'so_no'), s.so_no],
    [field(ctx, 'carrier_id'), s.carrier_name],
    [field(ctx, 'vessel'), s.vessel],
    [field(ctx, 'voyage'), s.voyage],
    [field(ctx, 'etd'), formatDocumentDate(s.etd)],
    [field(ctx, 'eta'), formatDocumentDate(s.eta)],
    ...routeFields(ctx).filter(([name]) => name !== field(ctx, 'carrier_id')),
  ]);

  w.section(label(ctx, 'cutoffs'));
  w.fields(
    CUTOFF_FIELDS.map((name) => [field(ctx, name), formatDocumentDateTime(s[name])] as [string, string]),
  );

  w.section(label(ctx, 'release'));
  w.fields([
    [field(ctx, 'pickup_depot'), s.pickup_depot],
    [field(ctx, 'return_terminal'), s.return_terminal],
  ]);

  w.section(label(ctx, 'cargo'), 60);
  const t = d.totals;
  w.fields([
    [
      label(ctx, 'containerCount'),
      t.containers.map((c) => `${c.quantity} × ${c.container_name}`).join(', ') || d.container_mode_name,
    ],
    [field(ctx, 'packages'), String(t.packages)],
    [field(ctx, 'weight'), t.weight],
    [field(ctx, 'volume'), t.volume],
    [field(ctx, 'cust_ref_no'), d.cust_ref_no],
    [field(ctx, 'commodity_cn'), d.commodity_cn],
  ]);
}

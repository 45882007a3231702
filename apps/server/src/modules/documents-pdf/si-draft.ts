import { type ShipmentInstructions, sum3, translate } from '@freight/contract';
import type { PdfWriter } from '../../platform/pdf/writer.js';
import { bookingPartyText, type Ctx, field, label, notifyFields, routeFields } from './common.js';

/**
 * 补料 (SI draft): the bill of lading as the member asked for it: its parties (its own texts, else
 * the booking's), issuer, type, originals and freight term, the vessel, marks and description, and
 * each container with its seal, packages, weight and VGM.
 */
export function siDraft(w: PdfWriter, ctx: Ctx, si: ShipmentInstructions) {
  const d = ctx.detail;
  const { locale } = ctx;
  w.section(label(ctx, 'parties'));
  w.fields([
    [label(ctx, 'shipper'), si.bl_shipper || bookingPartyText(ctx, 'shipper')],
    [label(ctx, 'consignee'), si.bl_consignee || bookingPartyText(ctx, 'consignee')],
  ]);
  w.fields(si.notify_party ? [[label(ctx, 'notify'), si.notify_party]] : notifyFields(ctx), 1);

  w.section(label(ctx, 'bl'));
  w.fields([
    [field(ctx, 'bl_issuer'), translate(locale, `blIssuer.${si.bl_issuer}`)],
    [field(ctx, 'bl_type'), translate(locale, `blType.${si.bl_type}`)],
    [field(ctx, 'originals'), si.bl_type === 'original' ? String(si.originals) : '0'],
    [field(ctx, 'freight_term'), translate(locale, `freightTerm.${si.freight_term}`)],
    [field(ctx, 'so_no'), d.schedule.so_no],
    [field(ctx, 'bl_no'), d.schedule.bl_no],
    [field(ctx, 'vessel'), d.schedule.vessel],
    [field(ctx, 'voyage'), d.schedule.voyage],
    ...routeFields(ctx),
  ]);

  w.section(label(ctx, 'cargo'), 60);
  w.paragraph(field(ctx, 'marks'), si.marks);
  w.paragraph(field(ctx, 'description'), si.description);
  if (si.containers.length > 0) {
    const given = <T>(values: (T | null)[]) => values.filter((v): v is T => v !== null);
    const packages = given(si.containers.map((c) => c.packages));
    const weights = given(si.containers.map((c) => c.weight));
    const vgms = given(si.containers.map((c) => c.vgm));
    w.table(
      [
        { label: label(ctx, 'lineNo'), width: 5 },
        { label: field(ctx, 'container_id'), width: 9 },
        { label: field(ctx, 'container_no'), width: 16 },
        { label: field(ctx, 'seal_no'), width: 16 },
        { label: field(ctx, 'packages'), width: 10, align: 'right' },
        { label: field(ctx, 'weight'), width: 13, align: 'right' },
        { label: field(ctx, 'vgm'), width: 13, align: 'right' },
      ],
      si.containers.map((c, i) => [
        String(i + 1),
        c.container_name,
        c.container_no,
        c.seal_no,
        c.packages === null ? '' : String(c.packages),
        c.weight ?? '',
        c.vgm ?? '',
      ]),
      [
        label(ctx, 'total'),
        String(si.containers.length),
        '',
        '',
        packages.length > 0 ? String(packages.reduce((a, b) => a + b, 0)) : '',
        weights.length > 0 ? sum3(weights) : '',
        vgms.length > 0 ? sum3(vgms) : '',
      ],
    );
  }
  w.paragraph(field(ctx, 'remark'), si.remark);
  w.paragraph('', label(ctx, 'blNote'));
}

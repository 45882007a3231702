import {
  CONTAINER_MODES,
  formatDocumentDate,
  freightTermOf,
  incotermLabel,
  translate,
  hsCodesText,
} from '@freight/contract';
import type { PdfWriter } from '../../platform/pdf/writer.js';
import { bookingTermsSection, commercialTermsSection, specialCargoSection } from './booking-terms.js';
import {
  bookingPartyText,
  type Ctx,
  field,
  label,
  notifyFields,
  routeFields,
  sidesFields,
} from './common.js';

/**
 * 订舱委托书: the parties, route and terms (freight term defaulted from the Incoterm by the site's
 * freight_collect setting), the cargo lines with their totals, and the remarks.
 */
export function bookingNote(w: PdfWriter, ctx: Ctx, freightCollect: string) {
  const d = ctx.detail;
  const { locale } = ctx;
  const term = freightTermOf(d.incoterm, freightCollect, d.freight_term);
  w.section(label(ctx, 'parties'));
  w.fields(sidesFields(ctx));
  const later = label(ctx, 'partyLater');
  w.fields([
    [label(ctx, 'shipper'), bookingPartyText(ctx, 'shipper') || later],
    [label(ctx, 'consignee'), bookingPartyText(ctx, 'consignee') || later],
  ]);
  w.fields(notifyFields(ctx), 1);
  if (d.booking_contact)
    w.fields(
      [
        [
          field(ctx, 'booking_contact'),
          [d.booking_contact.name, d.booking_contact.phone, d.booking_contact.email]
            .filter(Boolean)
            .join('  '),
        ],
      ],
      1,
    );

  w.section(label(ctx, 'route'));
  w.fields([
    ...routeFields(ctx),
    [field(ctx, 'container_mode'), d.container_mode_name],
    [field(ctx, 'cust_ref_no'), d.cust_ref_no],
    [field(ctx, 'ready_date'), formatDocumentDate(d.ready_date)],
    [field(ctx, 'incoterm'), incotermLabel(d.incoterm, d.incoterm_name)],
    [field(ctx, 'freight_term'), translate(locale, `freightTerm.${term}`)],
    [field(ctx, 'commodity_cn'), d.commodity_cn],
  ]);

  bookingTermsSection(w, ctx);
  commercialTermsSection(w, ctx);

  w.section(label(ctx, 'cargo'), 60);
  const isFcl = d.container_mode === CONTAINER_MODES.fcl;
  const t = d.totals;
  const cargoColumns = [
    { label: label(ctx, 'lineNo'), width: 4 },
    ...(isFcl
      ? [
          { label: field(ctx, 'container_id'), width: 8 },
          { label: field(ctx, 'quantity'), width: 5, align: 'right' as const },
        ]
      : []),
    { label: field(ctx, 'hs_code'), width: 9 },
    { label: field(ctx, 'description'), width: isFcl ? 27 : 35 },
    { label: field(ctx, 'packages'), width: 10, align: 'right' as const },
    { label: field(ctx, 'weight'), width: 11, align: 'right' as const },
    { label: field(ctx, 'volume'), width: 10, align: 'right' as const },
  ];
  const figures = (line: { packages: number | null; unit_name: string; weight: string; volume: string }) => [
    line.packages === null ? '' : `${line.packages} ${line.unit_name}`,
    line.weight,
    line.volume,
  ];
  // An equipment group prints its type and count once, then a row per commodity it holds.
  const rows = isFcl
    ? d.containers.flatMap((line, i) =>
        line.commodities.map((c, j) => [
          j === 0 ? String(i + 1) : '',
          j === 0 ? line.container_name : '',
          j === 0 ? String(line.quantity) : '',
          hsCodesText(c.hs_codes),
          [
            c.description,
            c.commodity_cn,
            c.net_weight ? `${field(ctx, 'net_weight')} ${c.net_weight}` : '',
            j === 0 ? [line.container_no, line.seal_no].filter(Boolean).join(' / ') : '',
          ]
            .filter(Boolean)
            .join('\n'),
          ...figures(c),
        ]),
      )
    : d.cargo_items.map((line, i) => [String(i + 1), line.hs_code, line.description, ...figures(line)]);
  const totals = [
    label(ctx, 'total'),
    ...(isFcl ? ['', String(t.container_count)] : []),
    '',
    isFcl ? t.containers.map((c) => `${c.quantity} × ${c.container_name}`).join(', ') : '',
    String(t.packages),
    t.weight,
    t.volume,
  ];
  w.table(cargoColumns, rows, totals);
  specialCargoSection(w, ctx);

  w.section(label(ctx, 'remarks'));
  w.paragraph(field(ctx, 'remark'), d.remark);
}

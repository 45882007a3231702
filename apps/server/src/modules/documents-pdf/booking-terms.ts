import {
  dangerousGoodText,
  equipmentTermsText,
  formatDocumentDate,
  formatMoney,
  formatDocumentDateTime,
  serviceTermText,
  serviceTypesOf,
  translate,
} from '@freight/contract';
import type { PdfWriter } from '../../platform/pdf/writer.js';
import { type Ctx, field, label } from './common.js';

/**
 * The booking's terms as the booking note prints them: the 运输条款, the sailing asked for (only
 * what is given, so that a plain booking's note stays as short as before), where the trucker loads,
 * and the services asked for.
 */
export function bookingTermsSection(w: PdfWriter, ctx: Ctx) {
  const d = ctx.detail;
  const { locale } = ctx;
  const { receipt, delivery } = serviceTypesOf(d);
  const window =
    d.requested_arrival_from && d.requested_arrival_to
      ? `${formatDocumentDate(d.requested_arrival_from)} – ${formatDocumentDate(d.requested_arrival_to)}`
      : '';
  const vessel = [d.requested_vessel_name, d.requested_vessel_imo ? `IMO ${d.requested_vessel_imo}` : '']
    .filter(Boolean)
    .join(' · ');
  const service = [d.requested_service_code, d.requested_service_name].filter(Boolean).join(' ');
  const sailing: [string, string][] = [
    [field(ctx, 'requested_etd'), formatDocumentDate(d.requested_etd)],
    [label(ctx, 'arrivalWindow'), window],
    [field(ctx, 'requested_vessel_name'), vessel],
    [field(ctx, 'requested_voyage'), d.requested_voyage],
    [label(ctx, 'service'), service],
    [field(ctx, 'latest_shipment_date'), formatDocumentDate(d.latest_shipment_date)],
  ];
  const services = d.requested_services.map((name) =>
    translate(locale, `dictionary.requestedService.${name}`),
  );
  w.section(label(ctx, 'terms'));
  w.fields([
    [label(ctx, 'serviceTerm'), serviceTermText(receipt, delivery)],
    [
      field(ctx, 'export_customs_by'),
      d.export_customs_by ? translate(locale, `dictionary.customsBy.${d.export_customs_by}`) : '',
    ],
    ...sailing.filter(([, value]) => value !== ''),
    ...(services.length > 0
      ? ([[field(ctx, 'requested_services'), services.join(locale === 'zh-CN' ? '、' : ', ')]] as [
          string,
          string,
        ][])
      : []),
  ]);
  if (d.services_remark) w.fields([[field(ctx, 'services_remark'), d.services_remark]], 1);
  d.container_positionings.forEach((stop, i) => {
    const contact = [stop.contact_name, stop.phone].filter(Boolean).join('  ');
    w.fields(
      [
        [
          `${field(ctx, 'container_positionings')}${d.container_positionings.length > 1 ? ` ${i + 1}` : ''}`,
          [stop.location_name, stop.address, contact].filter(Boolean).join('\n'),
        ],
        [field(ctx, 'loading_time'), formatDocumentDateTime(stop.loading_time)],
      ],
      2,
    );
  });
}

/**
 * What the lines say beyond their cargo, line by line, only for lines that say something: the
 * equipment's terms (SOC, reefer settings, overhang) in the trade's abbreviations, then each
 * dangerous good with its emergency contact. A plain booking prints no such section.
 */
export function specialCargoSection(w: PdfWriter, ctx: Ctx) {
  const d = ctx.detail;
  const lines = [
    ...d.containers.map((line) => ({ type: line.container_name, terms: equipmentTermsText(line), line })),
    ...d.cargo_items.map((line) => ({ type: d.container_mode_name, terms: [] as string[], line })),
  ];
  const entries = lines.flatMap(({ type, terms, line }, i): (readonly [string, string])[] => {
    const goods = line.dangerous_goods.map((dg) =>
      [
        dangerousGoodText(dg),
        [dg.emergency_contact_name, dg.emergency_contact_phone].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(' · '),
    );
    const text = [...terms, ...goods].join('\n');
    const name = translate(ctx.locale, 'pdf.lineOf', { line: i + 1, type });
    return text ? [[name, text]] : [];
  });
  if (entries.length === 0) return;
  w.section(label(ctx, 'specialCargo'));
  w.fields(entries, 1);
}

/**
 * The commercial and B/L terms, only those the booking states: what the operator otherwise asks
 * before quoting the B/L (contract, who pays what where, which document, how many originals).
 */
export function commercialTermsSection(w: PdfWriter, ctx: Ctx) {
  const d = ctx.detail;
  const { locale } = ctx;
  const yes = translate(locale, 'dictionary.yesNo.yes');
  const paid = (term: typeof d.origin_charges_payment) =>
    term ? translate(locale, `freightTerm.${term}`) : '';
  const document = d.transport_document_type
    ? [
        translate(locale, `dictionary.transportDocumentType.${d.transport_document_type}`),
        d.number_of_originals === null ? '' : `${field(ctx, 'number_of_originals')} ${d.number_of_originals}`,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  const customs = d.customs_references.map(
    (ref) => `${ref.type} ${ref.country_code}: ${ref.values.join(', ')}`,
  );
  const pairs: [string, string][] = [
    [field(ctx, 'service_contract_reference'), d.service_contract_reference],
    [field(ctx, 'is_equipment_substitution_allowed'), d.is_equipment_substitution_allowed ? yes : ''],
    [field(ctx, 'is_partial_load_allowed'), d.is_partial_load_allowed ? yes : ''],
    [
      field(ctx, 'is_export_declaration_required'),
      d.is_export_declaration_required
        ? [yes, d.export_declaration_reference].filter(Boolean).join(' · ')
        : '',
    ],
    [field(ctx, 'declared_value'), formatMoney(d.declared_value, d.declared_value_currency)],
    [field(ctx, 'origin_charges_payment'), paid(d.origin_charges_payment)],
    [field(ctx, 'destination_charges_payment'), paid(d.destination_charges_payment)],
    [field(ctx, 'freight_payable_at'), d.freight_payable_at ?? ''],
    [field(ctx, 'bl_issue_place'), d.bl_issue_place ?? ''],
    [field(ctx, 'transport_document_type'), document],
    [field(ctx, 'purchase_order_reference'), d.purchase_order_reference],
    [field(ctx, 'export_license_reference'), d.export_license_reference],
    [field(ctx, 'customs_references'), customs.join('\n')],
  ];
  const given = pairs.filter(([, value]) => value !== '');
  if (given.length === 0) return;
  w.section(label(ctx, 'commercial'));
  w.fields(given);
}

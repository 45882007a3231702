import {
  formatDate,
  formatLocalDateTime,
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
      ? `${formatDate(d.requested_arrival_from, locale)} – ${formatDate(d.requested_arrival_to, locale)}`
      : '';
  const vessel = [d.requested_vessel_name, d.requested_vessel_imo ? `IMO ${d.requested_vessel_imo}` : '']
    .filter(Boolean)
    .join(' · ');
  const service = [d.requested_service_code, d.requested_service_name].filter(Boolean).join(' ');
  const sailing: [string, string][] = [
    [field(ctx, 'requested_etd'), formatDate(d.requested_etd, locale)],
    [label(ctx, 'arrivalWindow'), window],
    [field(ctx, 'requested_vessel_name'), vessel],
    [field(ctx, 'requested_voyage'), d.requested_voyage],
    [label(ctx, 'service'), service],
    [field(ctx, 'latest_shipment_date'), formatDate(d.latest_shipment_date, locale)],
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
        [field(ctx, 'loading_time'), formatLocalDateTime(stop.loading_time, locale)],
      ],
      2,
    );
  });
}

import {
  type BookingDetail,
  type BookingPartyInfo,
  fieldLabel,
  type Locale,
  type MessageKey,
  translate,
} from '@freight/contract';

/* What the three documents share: labels in the document's language and the parties' blocks. */

export type Ctx = { locale: Locale; detail: BookingDetail };

export const label = (ctx: Ctx, key: string) => translate(ctx.locale, `pdf.${key}` as MessageKey);
export const field = (ctx: Ctx, name: string) => fieldLabel(ctx.locale, name);

/** A party as an address block: company names, address, city and country, contact. */
export function partyText(party: BookingPartyInfo, locale: Locale): string {
  const names = locale === 'zh-CN' && party.company2 ? [party.company2, party.company1] : [party.company1];
  const place = [party.city, party.province, party.zip_code, party.country_name].filter(Boolean).join(', ');
  const contact = [party.linkman, party.phone, party.email].filter(Boolean).join('  ');
  return [...names, party.address1, party.address2, place, contact].filter(Boolean).join('\n');
}

/** The route: place of receipt, loading, discharge and delivery, with the carrier. */
export function routeFields(ctx: Ctx): [string, string][] {
  const d = ctx.detail;
  return [
    [field(ctx, 'place_of_receipt'), d.place_of_receipt],
    [field(ctx, 'pol_id'), d.pol_name],
    [field(ctx, 'pod_id'), d.pod_name],
    [field(ctx, 'to_id'), d.to_name],
    [field(ctx, 'carrier_id'), d.carrier_name],
  ];
}

/** The companies on either side of the booking. */
export function sidesFields(ctx: Ctx): [string, string][] {
  const d = ctx.detail;
  return [
    [label(ctx, 'customer'), d.customer_name],
    [
      label(ctx, 'forwarder'),
      d.forwarder_hidden ? translate(ctx.locale, 'booking.quoteForwarder') : d.forwarder_name,
    ],
  ];
}

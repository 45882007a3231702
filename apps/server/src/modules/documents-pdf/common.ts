import {
  type BookingDetail,
  type BookingPartyInfo,
  fieldLabel,
  partyBlText,
  placeOf,
  placeText,
  type Locale,
  type MessageKey,
  translate,
} from '@freight/contract';

/* What the three documents share: labels in the document's language and the parties' blocks. */

export type Ctx = { locale: Locale; detail: BookingDetail };

export const label = (ctx: Ctx, key: string) => translate(ctx.locale, `pdf.${key}` as MessageKey);
export const field = (ctx: Ctx, name: string) => fieldLabel(ctx.locale, name);

/** A party as an address block: company names, address, city and country, contact. */
function partyText(party: BookingPartyInfo, locale: Locale): string {
  const names = locale === 'zh-CN' && party.company2 ? [party.company2, party.company1] : [party.company1];
  const place = [party.city, party.province, party.zip_code, party.country_name].filter(Boolean).join(', ');
  const contact = [party.linkman, party.phone, party.email].filter(Boolean).join('  ');
  return [...names, party.address1, party.address2, place, contact].filter(Boolean).join('\n');
}

type DocumentPartyView = NonNullable<BookingDetail['shipper_party']>;

/** A document party as its B/L block prints it (the typed block, else its fields), with its contact. */
function documentPartyText(party: DocumentPartyView): string {
  const contact = [party.contact_name, party.email].filter(Boolean).join('  ');
  return [party.bl_text || partyBlText(party), contact].filter(Boolean).join('\n');
}

/**
 * The booking's shipper or consignee on a document: its document party (in Chinese with the
 * contact's Chinese name above it, when it was chosen from one), else the contact as it was kept
 * before parties were; '' when the booking leaves it for the shipping instructions.
 */
export function bookingPartyText(ctx: Ctx, side: 'shipper' | 'consignee'): string {
  const d = ctx.detail;
  const party = side === 'shipper' ? d.shipper_party : d.consignee_party;
  const contact = d[side];
  if (!party) return contact.company1 ? partyText(contact, ctx.locale) : '';
  const chinese = ctx.locale === 'zh-CN' && contact.company2 ? contact.company2 : '';
  return [chinese, documentPartyText(party)].filter(Boolean).join('\n');
}

/**
 * Whom to notify, as the booking says it: the notify parties in order, the consignee itself when
 * the booking says so, else the notify text of bookings made before; null when it says nothing
 * (it comes with the shipping instructions), never read as "same as consignee".
 */
export function notifyFields(ctx: Ctx): [string, string][] {
  const d = ctx.detail;
  const name = label(ctx, 'notify');
  if (d.notify_parties.length > 0)
    return d.notify_parties.map((party, i) => [
      d.notify_parties.length > 1 ? `${name} ${i + 1}` : name,
      documentPartyText(party),
    ]);
  if (d.consignee_is_notify) return [[name, label(ctx, 'noNotify')]];
  return [[name, d.notify_party || label(ctx, 'notifyLater')]];
}

/**
 * The route: place of receipt, loading, transshipment, discharge and delivery, with the carrier.
 * A place of delivery beyond the destination port is printed after it, the port then named as the
 * destination port; without one, the destination port is the place of delivery, as before.
 */
export function routeFields(ctx: Ctx): [string, string][] {
  const d = ctx.detail;
  const delivery = placeText(placeOf(d, 'place_of_delivery'));
  return [
    [field(ctx, 'place_of_receipt'), placeText(placeOf(d, 'place_of_receipt'))],
    [field(ctx, 'pol_id'), d.pol_name],
    ...(d.transshipment_name
      ? [
          [field(ctx, 'transshipment_port_id'), `${d.transshipment_name} (${d.transshipment_code})`] as [
            string,
            string,
          ],
        ]
      : []),
    [field(ctx, 'pod_id'), d.pod_name],
    ...(delivery
      ? ([
          [label(ctx, 'destinationPort'), d.to_name],
          [label(ctx, 'placeOfDelivery'), delivery],
        ] as [string, string][])
      : ([[field(ctx, 'to_id'), d.to_name]] as [string, string][])),
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

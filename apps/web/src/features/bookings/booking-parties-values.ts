import {
  bookingContactProblems,
  partiesProblems,
  toDocumentText,
  type BookingContact,
  type BookingForm,
  type BookingPartyInfo,
  type Contact,
  type DocumentParties,
  type DocumentParty,
  type RuleProblem,
} from '@freight/contract';

/*
 * The booking's parties (contract booking-parties.ts) as the form holds them and as the wire has
 * them. Shipper and consignee are each a contact chosen from the book (sent as its id, with no
 * party: the server takes the contact as it is then) or a party typed on the booking (sent as the
 * party, with no id: it is kept as typed and never written into the book); either may be left for
 * the shipping instructions. Then the notify parties, and whom the forwarder calls about the booking.
 */

/** The fields of a party as the documents print it, in the form's order. */
const PARTY_FIELDS = [
  'party_name',
  'street',
  'city',
  'post_code',
  'state_region',
  'country_code',
  'contact_name',
  'phone',
  'email',
  'bl_text',
] as const;
export type PartyField = (typeof PARTY_FIELDS)[number];

/** A party as the form holds it: the text typed in each field. */
export type PartyFormValues = Partial<Record<PartyField, string>>;

type BookingContactFormValues = { name?: string; phone?: string; email?: string };

export type PartiesFormValues = {
  shipper_id?: number | null;
  consignee_id?: number | null;
  /** the form's own: whether the party is typed rather than chosen (the typed one is kept meanwhile) */
  shipper_typed?: boolean;
  consignee_typed?: boolean;
  shipper_party?: PartyFormValues;
  consignee_party?: PartyFormValues;
  consignee_is_notify?: boolean;
  notify_parties?: PartyFormValues[];
  booking_contact?: BookingContactFormValues;
  /** the free-text notify party of bookings made before the notify parties: sent back as it was */
  notify_party?: string;
};

export type PartySide = 'shipper' | 'consignee';

/** A consignee made out to order: the name the TO ORDER button writes (TO ORDER OF <bank> is typed). */
export const TO_ORDER = 'TO ORDER';

export const emptyParty = (): PartyFormValues =>
  Object.fromEntries(PARTY_FIELDS.map((name) => [name, ''])) as PartyFormValues;

/** A party with nothing typed in it. */
export const isEmptyParty = (party: PartyFormValues | undefined) =>
  !party || PARTY_FIELDS.every((name) => !party[name]?.trim());

/** A party as sent: each field trimmed, the B/L text as typed (the contract trims its lines). */
export function toParty(party: PartyFormValues | undefined): DocumentParty {
  const value = (name: PartyField) =>
    name === 'bl_text' ? (party?.[name] ?? '') : (party?.[name]?.trim() ?? '');
  return Object.fromEntries(PARTY_FIELDS.map((name) => [name, value(name)])) as DocumentParty;
}

/** A reply's party as the form edits it. */
const fromView = (party: DocumentParty): PartyFormValues => ({ ...party });

/** A contact as a party, as the server reads a chosen contact into one (upper case, one street line). */
export function contactToParty(contact: Contact | BookingPartyInfo, countryCode: string): PartyFormValues {
  const upper = (text: string) => toDocumentText(text.trim());
  return {
    party_name: upper(contact.company1),
    street: upper(contact.address1.split(/\r?\n/).join(', ')),
    city: upper(contact.city),
    post_code: upper(contact.zip_code),
    state_region: upper(contact.province),
    country_code: countryCode,
    contact_name: upper(contact.linkman),
    phone: contact.phone.trim(),
    email: contact.email.trim(),
    bl_text: '',
  };
}

/** Whether a kept party reads as the snapshot of the contact (so it was chosen, not typed). */
function isContactCopy(party: DocumentParty, snapshot: BookingPartyInfo): boolean {
  const copy = contactToParty(snapshot, party.country_code);
  return party.bl_text === '' && PARTY_FIELDS.every((name) => name === 'email' || party[name] === copy[name]);
}

/**
 * One side as the form edits it. A party kept without a contact was typed (or its contact has since
 * been deleted): it is edited as typed, and so is the snapshot of an older booking whose contact
 * was deleted, so that a save keeps what it printed. A chosen contact's party is its copy, taken
 * anew on save; unless it differs from the contact, which only typing makes.
 */
function sideValues(id: number | null, party: DocumentParty | null, snapshot: BookingPartyInfo) {
  if (party && (id === null || !isContactCopy(party, snapshot)))
    return { typed: true, party: fromView(party) };
  if (id === null && snapshot.company1) return { typed: true, party: contactToParty(snapshot, '') };
  return { typed: false, party: emptyParty() };
}

/** A saved booking's parties as the form edits them (edit and copy alike: a copy ships for the same). */
export function toPartiesFormValues(booking: BookingForm): PartiesFormValues {
  const shipper = sideValues(booking.shipper_id, booking.shipper_party, booking.shipper);
  const consignee = sideValues(booking.consignee_id, booking.consignee_party, booking.consignee);
  return {
    shipper_id: booking.shipper_id,
    consignee_id: booking.consignee_id,
    shipper_typed: shipper.typed,
    consignee_typed: consignee.typed,
    shipper_party: shipper.party,
    consignee_party: consignee.party,
    consignee_is_notify: booking.consignee_is_notify,
    notify_parties: booking.notify_parties.map(fromView),
    booking_contact: { ...(booking.booking_contact ?? { name: '', phone: '', email: '' }) },
    notify_party: booking.notify_party,
  };
}

/** The booking contact as sent: null when nothing is typed. */
function toBookingContact(contact: BookingContactFormValues | undefined): BookingContact | null {
  const name = contact?.name?.trim() ?? '';
  const phone = contact?.phone?.trim() ?? '';
  const email = contact?.email?.trim() ?? '';
  return name || phone || email ? { name, phone, email } : null;
}

/** The parties of the payload of POST/PUT /order/booking; notify parties left empty are not sent. */
export function toPartiesInput(values: PartiesFormValues) {
  return {
    shipper_id: values.shipper_typed ? null : (values.shipper_id ?? null),
    consignee_id: values.consignee_typed ? null : (values.consignee_id ?? null),
    shipper_party: values.shipper_typed ? toParty(values.shipper_party) : null,
    consignee_party: values.consignee_typed ? toParty(values.consignee_party) : null,
    consignee_is_notify: values.consignee_is_notify ?? false,
    notify_parties: (values.notify_parties ?? []).filter((party) => !isEmptyParty(party)).map(toParty),
    booking_contact: toBookingContact(values.booking_contact),
    notify_party: values.notify_party?.trim() ?? '',
  };
}

/**
 * The parties the contract's rules read. A chosen contact stands as a party with nothing to check
 * (the server checks the contact itself), so that the consignee counts as given; the notify parties
 * keep their rows, so that a problem names the row the form shows (empty rows go before a check,
 * dropEmptyNotifyParties).
 */
function rulesParties(values: PartiesFormValues): DocumentParties {
  const side = (typed: boolean | undefined, id: number | null | undefined, party?: PartyFormValues) => {
    if (typed) return toParty(party);
    return typeof id === 'number' ? toParty(undefined) : null;
  };
  return {
    shipper: side(values.shipper_typed, values.shipper_id, values.shipper_party),
    consignee: side(values.consignee_typed, values.consignee_id, values.consignee_party),
    consignee_is_notify: values.consignee_is_notify ?? false,
    notify_parties: (values.notify_parties ?? []).map(toParty),
  };
}

/** Where the form shows a problem the rules name by the contract's party names. */
function formField(field: string): string {
  if (field === 'consignee') return 'consignee_id';
  return field.replace(/^(shipper|consignee)\./, '$1_party.');
}

/**
 * The problems of the parties and the booking contact (partiesProblems, bookingContactProblems),
 * each at the form field it is shown at: on submit all of them, for a draft the contradictions.
 */
export function partiesProblemsOf(values: PartiesFormValues, submit = true): RuleProblem[] {
  return [
    ...partiesProblems(rulesParties(values), { submit }),
    ...bookingContactProblems(toBookingContact(values.booking_contact), { submit }),
  ].map((problem) => ({ ...problem, field: formField(problem.field) }));
}

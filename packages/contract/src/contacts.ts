import { z } from 'zod';
import { rowActions } from './abilities.js';
import type { DocumentPartyInput } from './booking-parties.js';
import { idNumber, pageQuery, requiredId } from './common.js';
import { PARTY_LIMITS } from './party-limits.js';
import { documentTextField } from './validation.js';

/** Page sizes of the contact list. */
export const CONTACT_PAGE_SIZES = [10, 20, 30, 50] as const;
export const CONTACT_TYPES = ['shipper', 'consignee', 'both'] as const;
/** Country codes people write that are not ISO 3166: the United Kingdom is GB, often written UK. */
export const COUNTRY_CODE_ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };
type ContactType = (typeof CONTACT_TYPES)[number];

/** Import limits: the upload, the rows, and what an .xlsx (a zip) may expand to. */
export const IMPORT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 10_000,
  maxUncompressedBytes: 60 * 1024 * 1024,
} as const;
export const CONTACT_IMPORT_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;

/**
 * The contact fields that go onto shipping documents: upper-cased, RESTRICTED_TEXT (the forms convert
 * too). The post code is one of them: the B/L party's post code is document text.
 */
export const CONTACT_DOCUMENT_FIELDS = [
  'company1',
  'linkman',
  'address1',
  'city',
  'province',
  'zip_code',
] as const;

/* ---------- the B/L's lengths ---------- */

/**
 * The contact fields a booking's party takes from a contact chosen on it (contactAsParty), each with
 * the party field it fills and that field's length (DCSA's, PARTY_LIMITS). The contact book holds
 * them to these lengths, so that any contact it saves can be chosen on a booking. The Chinese name
 * and address (company2, address2) go on no B/L and keep lengths of their own.
 */
export const CONTACT_PARTY_FIELDS = {
  company1: { party: 'party_name', max: PARTY_LIMITS.name },
  address1: { party: 'street', max: PARTY_LIMITS.street },
  city: { party: 'city', max: PARTY_LIMITS.city },
  province: { party: 'state_region', max: PARTY_LIMITS.stateRegion },
  zip_code: { party: 'post_code', max: PARTY_LIMITS.postCode },
  linkman: { party: 'contact_name', max: PARTY_LIMITS.contactName },
  phone: { party: 'phone', max: PARTY_LIMITS.phone },
  email: { party: 'email', max: PARTY_LIMITS.email },
} as const satisfies Record<string, { party: keyof DocumentPartyInput; max: number }>;
export type ContactPartyField = keyof typeof CONTACT_PARTY_FIELDS;
export const CONTACT_PARTY_FIELD_NAMES = Object.keys(CONTACT_PARTY_FIELDS) as [
  ContactPartyField,
  ...ContactPartyField[],
];

/**
 * A party has one street line; a contact's address may run over several lines, which the party
 * joins with this (so each line break of the address takes these characters on the B/L).
 */
export const STREET_LINE_JOIN = ', ';

/** A contact's address as the party's one street line. */
export function contactStreet(address: string): string {
  return address.split(/\r?\n/).join(STREET_LINE_JOIN);
}

type ContactPartyValues = Record<ContactPartyField, string>;

/** A contact's field as the party has it (the address as one street line). */
const partyText = (contact: ContactPartyValues, field: ContactPartyField) =>
  field === 'address1' ? contactStreet(contact.address1) : contact[field];

/**
 * A contact as a booking's party, before the party's own checks (documentPartyInput): the English
 * name, the address as one street line, city, province, post code, the ISO country code it is given,
 * and the contact person with phone and e-mail.
 */
export function contactAsParty(contact: ContactPartyValues, countryCode: string): DocumentPartyInput {
  const party: Record<string, string> = { country_code: countryCode };
  for (const field of CONTACT_PARTY_FIELD_NAMES)
    party[CONTACT_PARTY_FIELDS[field].party] = partyText(contact, field);
  return party as DocumentPartyInput;
}

/**
 * The fields of a stored contact that are longer than the B/L takes (CONTACT_PARTY_FIELDS), with
 * their lengths; none for a contact saved since the book took these lengths. Characters are counted
 * as PostgreSQL's char_length counts them, so that the contact list's filter finds the same ones.
 */
export function contactTooLong(contact: ContactPartyValues): { field: ContactPartyField; max: number }[] {
  return CONTACT_PARTY_FIELD_NAMES.filter(
    (field) => Array.from(partyText(contact, field)).length > CONTACT_PARTY_FIELDS[field].max,
  ).map((field) => ({ field, max: CONTACT_PARTY_FIELDS[field].max }));
}

/* ---------- a contact ---------- */

/** The lengths of the Chinese name and address, which go on no B/L. */
export const CONTACT_CHINESE_LIMITS = { company2: 200, address2: 300 } as const;

const restricted = documentTextField;
const requiredRestricted = (max: number, lines = false) => restricted(max, lines).pipe(z.string().min(1));
const maxOf = (field: ContactPartyField) => CONTACT_PARTY_FIELDS[field].max;

/**
 * The address, whose lines the party joins into one street: the street it makes must fit too. An
 * address already longer than that is told so once, by its own length check.
 */
const address = requiredRestricted(maxOf('address1'), true).superRefine((value, ctx) => {
  const max = maxOf('address1');
  if (value.length <= max && Array.from(contactStreet(value)).length > max)
    ctx.addIssue({
      code: 'custom',
      message: 'contacts.streetTooLong',
      params: { max, join: STREET_LINE_JOIN },
    });
});

/**
 * A contact. CONTACT_DOCUMENT_FIELDS go onto shipping documents: upper-cased English
 * (RESTRICTED_TEXT; the address may take line breaks); the Chinese name and address do not. The
 * fields that go on the B/L take its lengths (CONTACT_PARTY_FIELDS).
 */
export const contactInput = z.strictObject({
  type: z.enum(CONTACT_TYPES).default('both'),
  company1: requiredRestricted(maxOf('company1')),
  company2: z.string().trim().max(CONTACT_CHINESE_LIMITS.company2).default(''),
  linkman: requiredRestricted(maxOf('linkman')),
  address1: address,
  address2: z.string().trim().max(CONTACT_CHINESE_LIMITS.address2).default(''),
  city: requiredRestricted(maxOf('city')),
  province: restricted(maxOf('province')).default(''),
  country_id: requiredId,
  zip_code: restricted(maxOf('zip_code')).default(''),
  phone: z
    .string()
    .trim()
    .min(1)
    .max(maxOf('phone'))
    // Empty is only "required" (min above), not also badly formed.
    .regex(/^(\+?[0-9()\- ]+)?$/, { error: 'contacts.phoneFormat' }),
  // The length before the format, so that an address too long is told so, not "invalid".
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(maxOf('email'))
    .pipe(z.union([z.literal(''), z.email()]))
    .default(''),
});
export type ContactInput = z.input<typeof contactInput>;

export const contact = z.object({
  id: z.number().int(),
  type: z.enum(CONTACT_TYPES),
  company1: z.string(),
  company2: z.string(),
  linkman: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  province: z.string(),
  country_id: z.number().int(),
  country_name: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type Contact = z.infer<typeof contact>;

/**
 * A contact as the contact book lists it, with what the reader may do with it and `too_long`: the
 * fields a B/L cannot take as they are (contactTooLong), empty for all but contacts saved before the
 * book took the B/L's lengths.
 */
export const contactRow = contact.extend({
  actions: rowActions,
  too_long: z.array(z.enum(CONTACT_PARTY_FIELD_NAMES)),
});
export type ContactRow = z.infer<typeof contactRow>;

/** GET /api/customer/contact: keyword over both company names, contact person, phone, e-mail and city. */
/** The contact types that can act as a booking's shipper or consignee: their own, or both. */
const CONTACT_PARTIES = ['shipper', 'consignee'] as const;
export type ContactParty = (typeof CONTACT_PARTIES)[number];
export function contactTypesFor(party: ContactParty): ContactType[] {
  return [party, 'both'];
}

export const contactQuery = pageQuery(10).extend({
  keyword: z.string().trim().max(100).optional(),
  type: z.enum(CONTACT_TYPES).optional(),
  /** only contacts that can act as this party of a booking (contactTypesFor): the booking's pickers */
  party: z.enum(CONTACT_PARTIES).optional(),
  /** `1`: only the contacts too long for a B/L (contactTooLong), which must be shortened */
  too_long: z.literal('1').optional(),
});
export type ContactQuery = z.infer<typeof contactQuery>;

/** DELETE /api/customer/contact: all or nothing. */
export const idListBody = z.strictObject({
  ids: z.array(idNumber).min(1).max(1000),
});

/**
 * One row the import refused. `row` is the spreadsheet's own row number (the header is row 1),
 * `column` the header as the member's template names it.
 */
export const importRowError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

/**
 * The import's answer. A contact that is already in the book — same type, English company name and
 * contact person, compared without regard to case and spacing — is updated, not added again.
 */
/** A finished import: rows created, and rows that matched an existing one and were updated (contacts). */
/**
 * An import's answer. `skipped`: rows identical to the template's example row (left in the file),
 * which are not imported; any other row is imported or refused, never dropped in silence.
 */
export const importResult = z.object({
  created: z.number().int(),
  updated: z.number().int().optional(),
  skipped: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

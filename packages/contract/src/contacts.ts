import { z } from 'zod';
import { rowActions } from './abilities.js';
import { idNumber, pageQuery, requiredId } from './common.js';
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

/** The contact fields that go onto shipping documents: upper-cased, RESTRICTED_TEXT (the forms convert too). */
export const CONTACT_DOCUMENT_FIELDS = ['company1', 'linkman', 'address1', 'city', 'province'] as const;

const restricted = documentTextField;
const requiredRestricted = (max: number, lines = false) => restricted(max, lines).pipe(z.string().min(1));

/**
 * A contact. CONTACT_DOCUMENT_FIELDS go onto shipping documents: upper-cased English
 * (RESTRICTED_TEXT; the address may take line breaks); the Chinese name and address do not.
 */
export const contactInput = z.strictObject({
  type: z.enum(CONTACT_TYPES).default('both'),
  company1: requiredRestricted(200),
  company2: z.string().trim().max(200).default(''),
  linkman: requiredRestricted(100),
  address1: requiredRestricted(300, true),
  address2: z.string().trim().max(300).default(''),
  city: requiredRestricted(100),
  province: restricted(100).default(''),
  country_id: requiredId,
  zip_code: z.string().trim().max(20).default(''),
  phone: z
    .string()
    .trim()
    .min(1)
    .max(40)
    // Empty is only "required" (min above), not also badly formed.
    .regex(/^(\+?[0-9()\- ]+)?$/, { error: 'contacts.phoneFormat' }),
  email: z.union([z.literal(''), z.string().trim().toLowerCase().max(254).pipe(z.email())]).default(''),
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

/** A contact as the contact book lists it, with what the reader may do with it. */
export const contactRow = contact.extend({ actions: rowActions });
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

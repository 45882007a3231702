import { z } from 'zod';
import { draftable, upperRestricted } from './booking-fields.js';
import { FREIGHT_TERMS } from './booking-shipment.js';
import { countryCode, currencyCode, unLocode } from './trade-codes.js';
import { problemAt, type RuleOptions, type RuleProblem } from './trade-rules.js';

/*
 * The commercial and B/L terms a booking states (DCSA's CreateBooking): the contract or quote it
 * is booked under, whether the carrier may substitute equipment or load partly, the export
 * declaration, the declared value, who pays the charges at each end and where, where the B/L is
 * issued, which transport document is wanted and how many originals, and the references the
 * shipper's customs and buyer quote.
 */

/** DCSA's lengths of the references. */
export const COMMERCIAL_LIMITS = {
  serviceContract: 30,
  reference: 35,
  customsType: 50,
  customsValue: 35,
  customsReferences: 10,
  customsValues: 5,
} as const;

/** The transport documents a booking may ask for: a bill of lading or a sea waybill (DCSA's codes). */
export const TRANSPORT_DOCUMENT_TYPES = ['BOL', 'SWB'] as const;
export type TransportDocumentType = (typeof TRANSPORT_DOCUMENT_TYPES)[number];

/** Originals of a B/L: a full set is three; 0 is a telex release, as a sea waybill always is. */
export const ORIGINALS_MAX = 3;

const paymentTerm = z.union([z.literal(''), z.enum(FREIGHT_TERMS)]).default('');

/** A declared value: an amount above 0 with at most 2 decimals, kept as text (numeric in the database). */
const amount = z
  .union([z.string().trim(), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .pipe(
    z
      .string()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'bookingTerms.amountFormat' })
      .refine((value) => Number(value) > 0, { error: 'bookingTerms.amountFormat' }),
  );

/** A customs reference (DCSA's `customsReferences`): its type (e.g. ACID), country and values. */
export const customsReferenceInput = z.strictObject({
  type: upperRestricted(COMMERCIAL_LIMITS.customsType).pipe(z.string().min(1)),
  country_code: countryCode,
  values: z
    .array(upperRestricted(COMMERCIAL_LIMITS.customsValue).pipe(z.string().min(1)))
    .min(1)
    .max(COMMERCIAL_LIMITS.customsValues),
});
export type CustomsReference = z.output<typeof customsReferenceInput>;

/**
 * The booking's commercial and B/L fields, each optional: '' or null is "not said", and the
 * booleans are DCSA's, false until the shipper allows it.
 */
export const commercialTermFields = {
  service_contract_reference: upperRestricted(COMMERCIAL_LIMITS.serviceContract).default(''),
  is_equipment_substitution_allowed: z.boolean().default(false),
  is_partial_load_allowed: z.boolean().default(false),
  is_export_declaration_required: z.boolean().default(false),
  export_declaration_reference: upperRestricted(COMMERCIAL_LIMITS.reference).default(''),
  declared_value: draftable(amount),
  declared_value_currency: draftable(currencyCode),
  origin_charges_payment: paymentTerm,
  destination_charges_payment: paymentTerm,
  freight_payable_at: draftable(unLocode),
  bl_issue_place: draftable(unLocode),
  transport_document_type: z.union([z.literal(''), z.enum(TRANSPORT_DOCUMENT_TYPES)]).default(''),
  number_of_originals: draftable(
    z.preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
      z.number().int().min(0).max(ORIGINALS_MAX),
    ),
  ),
  purchase_order_reference: upperRestricted(COMMERCIAL_LIMITS.reference).default(''),
  export_license_reference: upperRestricted(COMMERCIAL_LIMITS.reference).default(''),
  customs_references: z.array(customsReferenceInput).max(COMMERCIAL_LIMITS.customsReferences).default([]),
};

export type CommercialTerms = {
  quote_id: number | null;
  service_contract_reference: string;
  is_export_declaration_required: boolean;
  export_declaration_reference: string;
  declared_value: string | null;
  declared_value_currency: string | null;
  transport_document_type: TransportDocumentType | '';
  number_of_originals: number | null;
};

/**
 * The rules across them, all contradictions (refused in a draft too): a booking is made under a
 * service contract or from a quote, never both, since each sets the price; an export declaration's
 * reference only where one is required; a declared value with its currency and a currency with a
 * value; and a sea waybill or a telex release has no originals, so originals are asked only of a
 * bill of lading.
 */
export function commercialProblems(terms: CommercialTerms, options: RuleOptions = {}): RuleProblem[] {
  const at = options.at ?? [];
  const problems: RuleProblem[] = [];
  if (terms.quote_id !== null && terms.service_contract_reference !== '')
    problems.push(problemAt(at, 'service_contract_reference', 'bookingTerms.contractOrQuote'));
  if (!terms.is_export_declaration_required && terms.export_declaration_reference !== '')
    problems.push(problemAt(at, 'export_declaration_reference', 'bookingTerms.exportDeclarationNotRequired'));
  if (terms.declared_value !== null && terms.declared_value_currency === null)
    problems.push(problemAt(at, 'declared_value_currency', 'bookingTerms.currencyRequired'));
  if (terms.declared_value === null && terms.declared_value_currency !== null)
    problems.push(problemAt(at, 'declared_value', 'bookingTerms.valueRequired'));
  if (terms.transport_document_type === 'SWB' && (terms.number_of_originals ?? 0) > 0)
    problems.push(problemAt(at, 'number_of_originals', 'bookingTerms.waybillNoOriginals'));
  return problems;
}

import {
  type BookingForm,
  type CommercialTerms,
  type FreightTerm,
  type TransportDocumentType,
} from '@freight/contract';

/*
 * The booking's commercial and B/L terms (contract booking-commercial.ts) as the form holds them
 * and as the wire has them: the contract or quote it is booked under, what the carrier may do,
 * the export declaration, the declared value, who pays the charges at each end, the B/L asked for,
 * and the references of customs and buyer.
 */

/** A customs reference as the form holds it: its values are the tags of one select. */
export type CustomsReferenceFormLine = { type?: string; country_code?: string; values?: string[] };

/**
 * The commercial terms' form values. A choice not made ('' or null on the wire) is undefined, so
 * that its select shows its placeholder; the declared value is the text typed.
 */
export type CommercialFormValues = {
  service_contract_reference?: string;
  is_equipment_substitution_allowed?: boolean;
  is_partial_load_allowed?: boolean;
  is_export_declaration_required?: boolean;
  export_declaration_reference?: string;
  declared_value?: string;
  declared_value_currency?: string;
  origin_charges_payment?: FreightTerm;
  destination_charges_payment?: FreightTerm;
  freight_payable_at?: string;
  bl_issue_place?: string;
  transport_document_type?: TransportDocumentType;
  number_of_originals?: number | null;
  purchase_order_reference?: string;
  export_license_reference?: string;
  customs_references?: CustomsReferenceFormLine[];
};

/** The section's fields (their first path part), for the errors that unfold it. */
export const COMMERCIAL_FIELDS = [
  'service_contract_reference',
  'is_equipment_substitution_allowed',
  'is_partial_load_allowed',
  'is_export_declaration_required',
  'export_declaration_reference',
  'declared_value',
  'declared_value_currency',
  'origin_charges_payment',
  'destination_charges_payment',
  'freight_payable_at',
  'bl_issue_place',
  'transport_document_type',
  'number_of_originals',
  'purchase_order_reference',
  'export_license_reference',
  'customs_references',
] as const satisfies readonly (keyof CommercialFormValues)[];

export const emptyCustomsReference = (): CustomsReferenceFormLine => ({
  type: '',
  country_code: '',
  values: [],
});

/** A customs reference with nothing in it: a row added and not filled in, which is not sent. */
export const isEmptyCustomsReference = (line: CustomsReferenceFormLine | undefined) =>
  !line || (!line.type?.trim() && !line.country_code?.trim() && (line.values ?? []).every((v) => !v.trim()));

/**
 * The form field a refusal at `path` is shown at: a customs reference's values are one select, so
 * a refused value is shown on it.
 */
export function commercialFieldPath(path: (string | number)[]): (string | number)[] {
  return path[0] === 'customs_references' && path[2] === 'values' ? path.slice(0, 3) : path;
}

/**
 * A saved booking's commercial terms as the form edits them. A copy is another shipment: it keeps
 * the contract, the payments and the B/L asked for, not the purchase order or the export
 * declaration of the one copied (each names one shipment, as the customer reference does).
 */
export function toCommercialFormValues(booking: BookingForm, isCopy: boolean): CommercialFormValues {
  return {
    service_contract_reference: booking.service_contract_reference,
    is_equipment_substitution_allowed: booking.is_equipment_substitution_allowed,
    is_partial_load_allowed: booking.is_partial_load_allowed,
    is_export_declaration_required: booking.is_export_declaration_required,
    export_declaration_reference: isCopy ? '' : booking.export_declaration_reference,
    declared_value: booking.declared_value ?? '',
    declared_value_currency: booking.declared_value_currency ?? undefined,
    origin_charges_payment: booking.origin_charges_payment || undefined,
    destination_charges_payment: booking.destination_charges_payment || undefined,
    freight_payable_at: booking.freight_payable_at ?? '',
    bl_issue_place: booking.bl_issue_place ?? '',
    transport_document_type: booking.transport_document_type || undefined,
    number_of_originals: booking.number_of_originals,
    purchase_order_reference: isCopy ? '' : booking.purchase_order_reference,
    export_license_reference: booking.export_license_reference,
    customs_references: booking.customs_references.map((line) => ({ ...line, values: [...line.values] })),
  };
}

/** The commercial terms as sent (their part of contract bookingInput), typed as the form makes them. */
type CommercialInput = {
  service_contract_reference: string;
  is_equipment_substitution_allowed: boolean;
  is_partial_load_allowed: boolean;
  is_export_declaration_required: boolean;
  export_declaration_reference: string;
  declared_value: string | null;
  declared_value_currency: string | null;
  origin_charges_payment: FreightTerm | '';
  destination_charges_payment: FreightTerm | '';
  freight_payable_at: string | null;
  bl_issue_place: string | null;
  transport_document_type: TransportDocumentType | '';
  number_of_originals: number | null;
  purchase_order_reference: string;
  export_license_reference: string;
  customs_references: { type: string; country_code: string; values: string[] }[];
};

const text = (value: string | undefined) => value?.trim() ?? '';

/**
 * The commercial terms of the payload of POST/PUT /order/booking. A booking from a quote sends no
 * service contract (the quote sets the price, and the form does not offer the field then), and the
 * declaration's reference goes only with a declaration required, as the contract takes them: a
 * reference typed before the box was cleared is kept in the form, not sent.
 */
export function toCommercialInput(
  values: CommercialFormValues & { quote_id?: number | null },
): CommercialInput {
  const required = values.is_export_declaration_required ?? false;
  return {
    service_contract_reference: values.quote_id ? '' : text(values.service_contract_reference),
    is_equipment_substitution_allowed: values.is_equipment_substitution_allowed ?? false,
    is_partial_load_allowed: values.is_partial_load_allowed ?? false,
    is_export_declaration_required: required,
    export_declaration_reference: required ? text(values.export_declaration_reference) : '',
    declared_value: text(values.declared_value) || null,
    declared_value_currency: values.declared_value_currency ?? null,
    origin_charges_payment: values.origin_charges_payment ?? '',
    destination_charges_payment: values.destination_charges_payment ?? '',
    freight_payable_at: text(values.freight_payable_at) || null,
    bl_issue_place: text(values.bl_issue_place) || null,
    transport_document_type: values.transport_document_type ?? '',
    number_of_originals: values.number_of_originals ?? null,
    purchase_order_reference: text(values.purchase_order_reference),
    export_license_reference: text(values.export_license_reference),
    customs_references: (values.customs_references ?? [])
      .filter((line) => !isEmptyCustomsReference(line))
      .map((line) => ({
        type: text(line.type),
        country_code: text(line.country_code),
        values: (line.values ?? []).map((value) => value.trim()).filter(Boolean),
      })),
  };
}

/** The values commercialProblems reads, as they will be sent. */
export function toCommercialTerms(
  values: CommercialFormValues & { quote_id?: number | null },
): CommercialTerms {
  const input = toCommercialInput(values);
  return {
    quote_id: values.quote_id ?? null,
    service_contract_reference: input.service_contract_reference,
    is_export_declaration_required: input.is_export_declaration_required,
    export_declaration_reference: input.export_declaration_reference,
    declared_value: input.declared_value,
    declared_value_currency: input.declared_value_currency,
    transport_document_type: input.transport_document_type,
    number_of_originals: input.number_of_originals,
  };
}

/** Whether the booking states any commercial term (the form shows the section open then). */
export function hasCommercialTerms(values: CommercialFormValues): boolean {
  const input = toCommercialInput(values);
  return Object.values(input).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== null && value !== '' && value !== false,
  );
}

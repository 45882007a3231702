import {
  type BookingDraftValues,
  type BookingForm,
  type ContainerPositioning,
  CUSTOMS_BY,
  type CustomsBy,
  FREIGHT_TERMS,
  type FreightTerm,
  REQUESTED_SERVICES,
  type RequestedService,
  SERVICE_TYPES,
  serviceTermText,
  type ServiceType,
  serviceTypesOf,
  TRANSPORT_DOCUMENT_TYPES,
  type TransportDocumentType,
} from '@freight/contract';
import { PLACE_FIELDS, placesForm } from './booking-places.js';
import type { BookingRecord, BookingValues } from './repo.js';

/*
 * The booking's terms (service at each end, the sailing asked for, loading stops, services, the
 * places beyond the ports) between the API's names and the columns: one list, read both ways, so
 * that a field added to it is saved, read, copied and traced alike.
 */

/** Column → API name of every term. */
export const TERM_FIELDS = {
  receiptType: 'receipt_type',
  deliveryType: 'delivery_type',
  requestedEtd: 'requested_etd',
  requestedArrivalFrom: 'requested_arrival_from',
  requestedArrivalTo: 'requested_arrival_to',
  requestedVesselName: 'requested_vessel_name',
  requestedVesselImo: 'requested_vessel_imo',
  requestedVoyage: 'requested_voyage',
  requestedServiceCode: 'requested_service_code',
  requestedServiceName: 'requested_service_name',
  latestShipmentDate: 'latest_shipment_date',
  containerPositionings: 'container_positionings',
  exportCustomsBy: 'export_customs_by',
  requestedServices: 'requested_services',
  servicesRemark: 'services_remark',
  serviceContractReference: 'service_contract_reference',
  isEquipmentSubstitutionAllowed: 'is_equipment_substitution_allowed',
  isPartialLoadAllowed: 'is_partial_load_allowed',
  isExportDeclarationRequired: 'is_export_declaration_required',
  exportDeclarationReference: 'export_declaration_reference',
  declaredValue: 'declared_value',
  declaredValueCurrency: 'declared_value_currency',
  originChargesPayment: 'origin_charges_payment',
  destinationChargesPayment: 'destination_charges_payment',
  freightPayableAt: 'freight_payable_at',
  blIssuePlace: 'bl_issue_place',
  transportDocumentType: 'transport_document_type',
  numberOfOriginals: 'number_of_originals',
  purchaseOrderReference: 'purchase_order_reference',
  exportLicenseReference: 'export_license_reference',
  customsReferences: 'customs_references',
  ...PLACE_FIELDS,
} as const satisfies Partial<Record<keyof BookingValues, string>>;

type TermColumn = keyof typeof TERM_FIELDS;
export type TermValues = Pick<BookingRecord, TermColumn>;
type TermForm = Pick<BookingForm, (typeof TERM_FIELDS)[TermColumn]>;

/** The checked form's terms as columns. */
export function termValues(form: BookingDraftValues): TermValues {
  const values = Object.fromEntries(
    Object.entries(TERM_FIELDS).map(([column, name]) => [column, form[name]]),
  ) as TermValues;
  // As the column keeps it ("1200.50"), so that the trail does not see 1200.5 as a change.
  if (values.declaredValue !== null) values.declaredValue = Number(values.declaredValue).toFixed(2);
  return values;
}

/** The stored terms, as they are: what a copy takes over. */
export function termColumns(row: BookingRecord): TermValues {
  return Object.fromEntries(
    Object.keys(TERM_FIELDS).map((column) => [column, row[column as TermColumn]]),
  ) as TermValues;
}

const oneOf = <T extends string>(values: readonly T[], value: string): T | '' =>
  (values as readonly string[]).includes(value) ? (value as T) : '';

/** The stored terms by their API names; a value the contract no longer knows reads as not given. */
export function termForm(row: TermValues): TermForm {
  return {
    receipt_type: oneOf<ServiceType>(SERVICE_TYPES, row.receiptType),
    delivery_type: oneOf<ServiceType>(SERVICE_TYPES, row.deliveryType),
    requested_etd: row.requestedEtd,
    requested_arrival_from: row.requestedArrivalFrom,
    requested_arrival_to: row.requestedArrivalTo,
    requested_vessel_name: row.requestedVesselName,
    requested_vessel_imo: row.requestedVesselImo,
    requested_voyage: row.requestedVoyage,
    requested_service_code: row.requestedServiceCode,
    requested_service_name: row.requestedServiceName,
    latest_shipment_date: row.latestShipmentDate,
    container_positionings: row.containerPositionings.map((stop): ContainerPositioning => ({
      location_name: stop.location_name,
      address: stop.address,
      contact_name: stop.contact_name,
      phone: stop.phone,
      loading_time: stop.loading_time,
    })),
    export_customs_by: oneOf<CustomsBy>(CUSTOMS_BY, row.exportCustomsBy),
    requested_services: row.requestedServices.filter((service): service is RequestedService =>
      (REQUESTED_SERVICES as readonly string[]).includes(service),
    ),
    services_remark: row.servicesRemark,
    service_contract_reference: row.serviceContractReference,
    is_equipment_substitution_allowed: row.isEquipmentSubstitutionAllowed,
    is_partial_load_allowed: row.isPartialLoadAllowed,
    is_export_declaration_required: row.isExportDeclarationRequired,
    export_declaration_reference: row.exportDeclarationReference,
    declared_value: row.declaredValue,
    declared_value_currency: row.declaredValueCurrency,
    origin_charges_payment: oneOf<FreightTerm>(FREIGHT_TERMS, row.originChargesPayment),
    destination_charges_payment: oneOf<FreightTerm>(FREIGHT_TERMS, row.destinationChargesPayment),
    freight_payable_at: row.freightPayableAt,
    bl_issue_place: row.blIssuePlace,
    transport_document_type: oneOf<TransportDocumentType>(
      TRANSPORT_DOCUMENT_TYPES,
      row.transportDocumentType,
    ),
    number_of_originals: row.numberOfOriginals,
    purchase_order_reference: row.purchaseOrderReference,
    export_license_reference: row.exportLicenseReference,
    customs_references: row.customsReferences,
    ...placesForm(row),
  };
}

/** The 运输条款 of a stored booking, as documents print it: CY-CY, DOOR-CY … */
export function serviceTermOf(
  row: Pick<BookingRecord, 'containerMode' | 'receiptType' | 'deliveryType'>,
): string {
  const { receipt, delivery } = serviceTypesOf({
    container_mode: row.containerMode,
    receipt_type: oneOf<ServiceType>(SERVICE_TYPES, row.receiptType),
    delivery_type: oneOf<ServiceType>(SERVICE_TYPES, row.deliveryType),
  });
  return serviceTermText(receipt, delivery);
}

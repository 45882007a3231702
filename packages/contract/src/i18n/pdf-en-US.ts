import type { PdfMessages } from './types.js';

/** The PDF documents' labels in English: the same keys as pdf-zh-CN.ts (its type is derived from that file). */
export const enUSPdf: PdfMessages = {
  pdf: {
    title: {
      'booking-note': 'Booking Note',
      confirmation: 'Booking Confirmation',
      si: 'Shipping Instructions (B/L draft)',
    },
    subtitle: 'Order {{order_no}} · {{mode}} · Status: {{status}}',
    footer: 'Made by {{app}} at {{time}} ({{zone}})',
    parties: 'Parties',
    customer: 'Customer',
    forwarder: 'Forwarder',
    shipper: 'Shipper',
    consignee: 'Consignee',
    notify: 'Notify party',
    route: 'Route and terms',
    cargo: 'Cargo',
    total: 'Total',
    containerCount: 'Containers',
    lineNo: 'No.',
    remarks: 'Remarks',
    schedule: 'Vessel schedule',
    cutoffs: 'Cut-offs',
    release: 'Pick-up and return',
    bl: 'Bill of lading',
    blNote: 'A draft: the bill of lading issued by the carrier or forwarder prevails.',
    terms: 'Service terms and requests',
    serviceTerm: 'Service terms',
    arrivalWindow: 'Requested arrival',
    service: 'Service',
    noNotify: 'Same as consignee',
  },
};

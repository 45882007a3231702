import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bookings, ports } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';

/*
 * SQL of what a booking event tells its receivers without their fetching the booking: its status
 * and parties, service, sailing, special cargo, ports (by UN/LOCODE) and inland places.
 */

const pol = alias(ports, 'pol');
const pod = alias(ports, 'pod');
const via = alias(ports, 'via');

export function bookingFacts(db: Db, ids: number[]) {
  return db
    .select({
      id: bookings.id,
      orderNo: bookings.orderNo,
      status: bookings.status,
      companyId: bookings.companyId,
      forwarderId: bookings.forwarderId,
      containerMode: bookings.containerMode,
      receiptType: bookings.receiptType,
      deliveryType: bookings.deliveryType,
      requestedEtd: bookings.requestedEtd,
      specialCargo: bookings.specialCargo,
      serviceContractReference: bookings.serviceContractReference,
      transportDocumentType: bookings.transportDocumentType,
      polCode: pol.code,
      podCode: pod.code,
      transshipmentCode: via.code,
      placeOfReceipt: bookings.placeOfReceipt,
      placeOfReceiptCountry: bookings.placeOfReceiptCountry,
      placeOfReceiptCode: bookings.placeOfReceiptCode,
      placeOfDelivery: bookings.placeOfDelivery,
      placeOfDeliveryCountry: bookings.placeOfDeliveryCountry,
      placeOfDeliveryCode: bookings.placeOfDeliveryCode,
    })
    .from(bookings)
    .leftJoin(pol, eq(pol.id, bookings.polId))
    .leftJoin(pod, eq(pod.id, bookings.podId))
    .leftJoin(via, eq(via.id, bookings.transshipmentPortId))
    .where(inArray(bookings.id, ids))
    .orderBy(bookings.id);
}

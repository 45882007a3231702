import type { zhCNPlaces } from './places-zh-CN.js';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The English of places-zh-CN.ts, key for key. */
export const enUSPlaces: Widen<typeof zhCNPlaces> = {
  fields: {
    place_of_receipt_country: 'Place of receipt country',
    place_of_receipt_code: 'Place of receipt UN/LOCODE',
    place_of_delivery: 'Inland place of delivery',
    place_of_delivery_country: 'Inland place of delivery country',
    place_of_delivery_code: 'Inland place of delivery UN/LOCODE',
    transshipment_port_id: 'Transshipment port',
  },
  dictionary: {
    locationKind: { port: 'Port', inland: 'Inland point' },
  },
  bookingPlaces: {
    nameRequired: '{{field}} is required: a place with a country or UN/LOCODE needs its name',
    codeCountry:
      '{{field}} is not in the country given ({{country}}): a UN/LOCODE begins with its country code',
    transshipmentIsPol: '{{field}} cannot be the port of loading',
    transshipmentIsPod: '{{field}} cannot be the port of discharge',
  },
};

/**
 * The booking's places (booking-places.ts) and the location search (locations.ts) in Chinese:
 * field labels, the kinds of a location, and the rules' refusals. Spread into zh-CN.ts.
 */
export const zhCNPlaces = {
  fields: {
    place_of_receipt_country: '收货地国家',
    place_of_receipt_code: '收货地 UN/LOCODE',
    place_of_delivery: '内陆交货地',
    place_of_delivery_country: '内陆交货地国家',
    place_of_delivery_code: '内陆交货地 UN/LOCODE',
    transshipment_port_id: '中转港',
  },
  dictionary: {
    locationKind: { port: '港口', inland: '内陆点' },
  },
  bookingPlaces: {
    nameRequired: '请填写{{field}}：填了国家或 UN/LOCODE 的地点需要名称',
    codeCountry: '{{field}}不属于所填国家 {{country}}：UN/LOCODE 以其国家代码开头',
    transshipmentIsPol: '{{field}}不能是起运港',
    transshipmentIsPod: '{{field}}不能是卸货港',
  },
};

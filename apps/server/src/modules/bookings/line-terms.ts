import {
  bookingLineProblems,
  type BookingCargoItem,
  type BookingContainerLine,
  type CargoItem,
  type ContainerLine,
  fixed3,
  hasOverhang,
} from '@freight/contract';
import { type z } from 'zod';
import type { bookingLines } from '../../db/schema.js';
import { ruleIssues } from '../../platform/errors.js';
import type { LineValues } from './repo.js';

/*
 * A booking line's equipment terms and dangerous goods between the API's names and the columns:
 * read from the checked form, read back for the form and the detail, and compared by the trail.
 */

type LineRow = typeof bookingLines.$inferSelect;
type LineTermValues = Pick<
  LineValues,
  'isShipperOwned' | 'tareWeight' | 'isNonOperatingReefer' | 'reefer' | 'outOfGauge'
>;
type ContainerTerms = Pick<
  ContainerLine,
  | 'is_shipper_owned'
  | 'tare_weight'
  | 'is_non_operating_reefer'
  | 'reefer'
  | 'out_of_gauge'
  | 'dangerous_goods'
>;

/**
 * The checked line's terms as columns. An overhang that states nothing (every side empty or 0) is
 * kept as none, so that a form sending its empty inputs does not mark a line out of gauge.
 */
export function lineTermValues(line: BookingContainerLine | BookingCargoItem): LineTermValues {
  if (!('is_shipper_owned' in line)) return {};
  return {
    isShipperOwned: line.is_shipper_owned,
    tareWeight: line.tare_weight,
    isNonOperatingReefer: line.is_non_operating_reefer,
    reefer: line.reefer,
    outOfGauge: hasOverhang(line.out_of_gauge) ? line.out_of_gauge : null,
  };
}

/** A stored container line's terms by their API names. */
export function containerTermsOf(line: LineRow): ContainerTerms {
  return {
    is_shipper_owned: line.isShipperOwned,
    tare_weight: line.tareWeight === null ? null : fixed3(line.tareWeight),
    is_non_operating_reefer: line.isNonOperatingReefer,
    reefer: line.reefer,
    out_of_gauge: line.outOfGauge,
    dangerous_goods: line.dangerousGoods,
  };
}

/** A stored cargo line's dangerous goods by their API name. */
export const cargoTermsOf = (line: LineRow): Pick<CargoItem, 'dangerous_goods'> => ({
  dangerous_goods: line.dangerousGoods,
});

/** A line's terms as the trail compares them: decimals as numbers, no terms as their defaults. */
export function comparableTerms(line: LineValues) {
  return {
    isShipperOwned: line.isShipperOwned ?? false,
    tareWeight: line.tareWeight === null || line.tareWeight === undefined ? null : Number(line.tareWeight),
    isNonOperatingReefer: line.isNonOperatingReefer ?? false,
    reefer: line.reefer ?? null,
    outOfGauge: line.outOfGauge ?? null,
    // The commodities hold the dangerous goods; the line's column is only their union.
    commodities: line.commodities ?? [],
  };
}

/** The issues of the line rules that need each line's container type (bookingLineProblems). */
export function lineTermIssues(
  booking: Parameters<typeof bookingLineProblems>[0],
  containerCodes: ReadonlyMap<number, string>,
  submit: boolean,
): z.core.$ZodIssue[] {
  return ruleIssues(bookingLineProblems(booking, (id) => containerCodes.get(id) ?? null, { submit }));
}

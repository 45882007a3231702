import { Form } from 'antd';
import type { BookingFormValues, ContainerFormLine } from './booking-form-values';
import { hasLineTerms } from './booking-line-terms-values';

/** What the line editors show about each line besides its cells: none of it is a cell's text. */
export type LineFacts = {
  container_id: number | undefined;
  /** the line states details: special cargo (SOC, reefer, overhang, dangerous goods) or more commodities */
  isStated: boolean;
  isShipperOwned: boolean;
  isNonOperatingReefer: boolean;
};

const factsOf = (lines: readonly (Partial<ContainerFormLine> | undefined)[] | undefined): LineFacts[] =>
  (lines ?? []).map((line) => ({
    container_id: line?.container_id,
    isStated:
      hasLineTerms(line as ContainerFormLine | undefined) ||
      (line?.more_commodities?.length ?? 0) > 0 ||
      Boolean(line?.commodity_cn?.trim()) ||
      typeof line?.net_weight === 'number',
    isShipperOwned: Boolean(line?.is_shipper_owned),
    isNonOperatingReefer: Boolean(line?.is_non_operating_reefer),
  }));

/**
 * The facts of a line list, watched so that the editor renders again only when one of them changes.
 * Watching the lines themselves rendered every row of the table again on every key typed into any
 * cell: with fifty lines, a keystroke took longer than a frame on a slow phone. The form compares
 * what a watch selects by its JSON, so typing a description changes nothing here.
 */
export function useLineFacts(list: 'containers' | 'cargo_items'): LineFacts[] {
  const form = Form.useFormInstance<BookingFormValues>();
  const watched = Form.useWatch(
    (values: Partial<BookingFormValues>) => factsOf(values[list] as Partial<ContainerFormLine>[] | undefined),
    form,
  ) as LineFacts[] | undefined;
  // The first render has no watched value yet: the form's own, at once.
  return watched && watched.length > 0
    ? watched
    : factsOf(form.getFieldValue(list) as Partial<ContainerFormLine>[] | undefined);
}

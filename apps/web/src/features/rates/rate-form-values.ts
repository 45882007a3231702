import '../../i18n/dayjs-locale';
import { type Rate, type RateInput, WIRE_DATE } from '@freight/contract';
import dayjs, { type Dayjs } from 'dayjs';
import type { StringKey } from '../../i18n/keys';

/** One editable space line: a container type and its USD price (null while not filled in). */
export type SpaceLine = { container_id?: number; price?: number | null };

/** The rate modal's form: pickers hold dayjs values, the wire holds YYYY-MM-DD strings. */
export type RateFormValues = {
  carrier_id?: number;
  pol_id?: number;
  pod_id?: number;
  to_id?: number;
  validity?: [Dayjs, Dayjs] | null;
  transit_days?: number | null;
  etd?: Dayjs | null;
  eta?: Dayjs | null;
  remark?: string;
  spaces: SpaceLine[];
};

const toWire = (value: Dayjs | null | undefined) => (value ? value.format(WIRE_DATE) : null);
const fromWire = (value: string | null) => (value ? dayjs(value, WIRE_DATE) : null);

export function toFormValues(rate: Rate | undefined): RateFormValues {
  if (!rate) return { remark: '', spaces: [] };
  return {
    carrier_id: rate.carrier_id,
    pol_id: rate.pol_id,
    pod_id: rate.pod_id,
    to_id: rate.to_id,
    validity: [dayjs(rate.sdate, WIRE_DATE), dayjs(rate.edate, WIRE_DATE)],
    transit_days: rate.transit_days,
    etd: fromWire(rate.etd),
    eta: fromWire(rate.eta),
    remark: rate.remark,
    spaces: rate.spaces.map((s) => ({ container_id: s.container_id, price: Number(s.price) })),
  };
}

/** The payload of POST/PUT /rate: prices as decimal strings with two places (contract `price`). */
export function toRateInput(values: RateFormValues): RateInput {
  const [start, end] = values.validity ?? [];
  return {
    carrier_id: values.carrier_id,
    pol_id: values.pol_id,
    pod_id: values.pod_id,
    to_id: values.to_id,
    sdate: toWire(start) ?? '',
    edate: toWire(end) ?? '',
    transit_days: values.transit_days ?? null,
    etd: toWire(values.etd),
    eta: toWire(values.eta),
    remark: values.remark?.trim() ?? '',
    spaces: values.spaces.map((s) => ({
      container_id: s.container_id,
      price: Number(s.price ?? 0).toFixed(2),
    })),
  };
}

/**
 * The space lines' own rules: at least one line, each complete with a price above
 * 0, no container type twice. Answers the message key to show, or undefined when all is well.
 */
export function spaceLinesProblem(lines: SpaceLine[] | undefined): StringKey | undefined {
  if (!lines || lines.length === 0) return 'shared.rates.addSpace';
  if (lines.some((l) => !l.container_id || l.price === null || l.price === undefined || !(l.price > 0)))
    return 'shared.rates.completeSpace';
  const ids = lines.map((l) => l.container_id);
  if (new Set(ids).size !== ids.length) return 'shared.rates.duplicateContainer';
  return undefined;
}

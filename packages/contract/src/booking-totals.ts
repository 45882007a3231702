/**
 * Weights (KG) and volumes (CBM) carry three decimals and are summed as integer thousandths, so a
 * total never drifts (1.1 + 2.2 is 3.300, not 3.3000000000000003). One implementation for the
 * saved totals (server) and the live totals of the form (web).
 */

const SCALE = 3;

/** A decimal as the wire or a form gives it ("12.5", 12.5, '', null) in thousandths: 12500n. */
export function toThousandths(value: string | number | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(SCALE) : '0') : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return 0n;
  const [, sign, whole = '', frac = ''] = match;
  const units = BigInt(whole || '0') * 10n ** BigInt(SCALE) + BigInt((frac + '000').slice(0, SCALE) || '0');
  return sign ? -units : units;
}

/** 12500n → "12.500". */
export function fromThousandths(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const text = (units < 0n ? -units : units).toString().padStart(SCALE + 1, '0');
  return `${sign}${text.slice(0, -SCALE)}.${text.slice(-SCALE)}`;
}

/** A weight or volume with its three decimals: "12.5" → "12.500". */
export const fixed3 = (value: string | number | null | undefined) => fromThousandths(toThousandths(value));

/** The exact sum of weights or volumes, with three decimals. */
export const sum3 = (values: readonly (string | number | null | undefined)[]) =>
  fromThousandths(values.reduce<bigint>((sum, value) => sum + toThousandths(value), 0n));

/** A booking line as far as totals go; what the member has not typed yet counts as nothing. */
export type TotalsLine = {
  packages?: number | null;
  weight?: string | number | null;
  volume?: string | number | null;
  quantity?: number | null;
};

const count = (value: number | null | undefined) => (typeof value === 'number' ? value : 0);

/** Totals of weight, volume, packages and (FCL) containers of a booking's lines. */
export function lineTotals(lines: readonly TotalsLine[], isFcl: boolean) {
  return {
    weight: sum3(lines.map((line) => line.weight)),
    volume: sum3(lines.map((line) => line.volume)),
    packages: lines.reduce((sum, line) => sum + count(line.packages), 0),
    containers: isFcl ? lines.reduce((sum, line) => sum + count(line.quantity), 0) : 0,
  };
}

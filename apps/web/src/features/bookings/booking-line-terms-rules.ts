import {
  bookingLineProblems,
  type Commodity,
  CONTAINER_MODES,
  reeferSettingsProblems,
  type RuleProblem,
} from '@freight/contract';
import type { FormInstance, Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useReferenceList } from '../../api/reference';
import type {
  BookingFormValues,
  BookingMode,
  CommodityFormValues,
  ContainerFormLine,
} from './booking-form-values';
import {
  decimalOrNull,
  isEmptyDangerousGood,
  toDangerousGood,
  toLineTerms,
} from './booking-line-terms-values';

/*
 * The contract's rules of the booking's lines that need each line's container type
 * (bookingLineProblems: a reefer's set temperature, overhang only on an open-top or flat-rack, the
 * dangerous goods' rules), asked about the form's values as booking-terms-rules.ts asks the terms'.
 * No rule is written here.
 */

/**
 * The rules of a special-cargo field at `at` (its path in the form): its format's (`format`, from
 * the contract's schema) and the contract's line rules at that path, each opening the line's
 * details when it refuses a value.
 */
export type TermRules = (at: (string | number)[], format?: Rule[]) => Rule[];

/** The portal code of a container type (40RF), by its id; null while unknown. */
type TypeCodeOf = (containerId: number) => string | null;

/** The container types' codes from the reference list, which the contract's rules read the type by. */
export function useTypeCodeOf(enabled = true): TypeCodeOf {
  const containers = useReferenceList('container', { enabled });
  const items = containers.data?.lists;
  return useMemo(() => {
    const codes = new Map((items ?? []).map((item) => [item.id, item.code ?? null]));
    return (containerId: number) => codes.get(containerId) ?? null;
  }, [items]);
}

/**
 * The problems of the lines a submit would meet, each at its field's dotted path: the line rules,
 * and the rules across a reefer's own settings (its temperature range, a closed vent's air exchange).
 */
export function lineProblemsOf(mode: BookingMode, typeCodeOf: TypeCodeOf) {
  return (values: BookingFormValues): RuleProblem[] => {
    const containers =
      mode === 'fcl'
        ? (values.containers ?? []).map((line) => ({
            container_id: line.container_id ?? null,
            ...toLineTerms(line),
            commodities: [line, ...(line.more_commodities ?? [])].map(toRuleCommodity),
          }))
        : [];
    const booking = {
      container_mode: CONTAINER_MODES[mode],
      containers,
      cargo_items: (values.cargo_items ?? []).map((line) => ({
        dangerous_goods: (line.dangerous_goods ?? []).map(toDangerousGood),
      })),
    };
    const reefers = containers.flatMap((line, i) =>
      line.reefer ? reeferSettingsProblems(line.reefer, { at: ['containers', i, 'reefer'] }) : [],
    );
    return [...bookingLineProblems(booking, typeCodeOf, { submit: true }), ...reefers].map((problem) => ({
      ...problem,
      field: formField(problem.field),
    }));
  };
}

/**
 * Where the form holds a commodity's field: the first commodity is the line's own cells
 * (`containers.0.commodities.0.weight` is `containers.0.weight`), the others are
 * `more_commodities` (`…commodities.2.weight` is `containers.0.more_commodities.1.weight`), and
 * the HS codes are one text (`…hs_codes.1` is `…hs_code`). Other fields are where they are.
 */
export function formField(field: string): string {
  const match = /^containers\.(\d+)\.commodities(?:\.(\d+)(\..*)?)?$/.exec(field);
  if (!match) return field;
  const [, line, place, rest = ''] = match;
  if (place === undefined) return `containers.${line}.description`;
  const own = rest.replace(/^\.hs_codes(\.\d+)?$/, '.hs_code');
  const index = Number(place);
  return index === 0 ? `containers.${line}${own}` : `containers.${line}.more_commodities.${index - 1}${own}`;
}

/** A commodity of the form as the contract's rules read it: figures as sent, every dangerous good. */
function toRuleCommodity(c: CommodityFormValues): Commodity {
  return {
    description: c.description ?? '',
    hs_codes: [],
    commodity_cn: c.commodity_cn ?? '',
    packages: c.packages ?? null,
    unit_id: c.unit_id ?? null,
    weight: decimalOrNull(c.weight),
    net_weight: decimalOrNull(c.net_weight),
    volume: decimalOrNull(c.volume),
    dangerous_goods: (c.dangerous_goods ?? []).map(toDangerousGood),
  };
}

/**
 * Problems the line's type answers for (settings or overhang the type does not take): the form
 * shows them on the container type, which is what to change. Choosing a type clears what it does
 * not take, so they come only with a saved line whose type has since changed its kind.
 */
const TYPE_PROBLEM = /^containers\.\d+\.(reefer|is_non_operating_reefer|out_of_gauge)$/;

/** The form field a line problem is shown at: its own, or the line's type (typeProblem). */
export function shownAt(field: string): (string | number)[] {
  const own = formField(field);
  const shown = TYPE_PROBLEM.test(own) ? own.replace(/[^.]+$/, 'container_id') : own;
  return shown.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The problem line `index` has with its type, for the rule of its container type. */
export const typeProblem = (problems: readonly RuleProblem[], index: number) =>
  problems.find(
    (problem) => TYPE_PROBLEM.test(problem.field) && problem.field.startsWith(`containers.${index}.`),
  );

/**
 * Takes the dangerous goods left empty out of the form before it is checked and sent (as the
 * loading stops, dropEmptyStops): they are not sent, and a refusal names an entry by its place.
 */
export function dropEmptyGoods(form: FormInstance<BookingFormValues>): void {
  // Paths of the form's nested lists, which its typed names do not spell.
  const fields = form as unknown as FormInstance;
  for (const list of ['containers', 'cargo_items'] as const) {
    const lines = (form.getFieldValue(list) as ContainerFormLine[] | undefined) ?? [];
    lines.forEach((line, index) => {
      const more = line.more_commodities ?? [];
      const owners: [(string | number)[], CommodityFormValues][] = [
        [[list, index], line],
        ...more.map((c, j): [(string | number)[], CommodityFormValues] => [
          [list, index, 'more_commodities', j],
          c,
        ]),
      ];
      for (const [at, owner] of owners) {
        const goods = owner.dangerous_goods ?? [];
        const kept = goods.filter((dg) => !isEmptyDangerousGood(dg));
        if (kept.length !== goods.length) fields.setFieldValue([...at, 'dangerous_goods'], kept);
      }
    });
  }
}

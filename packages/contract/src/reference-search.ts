import type { Locale } from './language.js';

/** What a port or carrier is searched by: its code (UN/LOCODE, SCAC) and both of its names. */
export type SearchableReference = {
  code?: string | null;
  name_en?: string | null;
  name_zh?: string | null;
  /** The name in the reader's language, for items that have no separate names. */
  name?: string | null;
};

/**
 * Short names the trade types for carriers whose SCAC and name do not contain them (Maersk is
 * "MSK" on every booking sheet, Hapag-Lloyd "HPL"), keyed by SCAC. Matched like names.
 */
export const CARRIER_SHORT_NAMES: Readonly<Record<string, readonly string[]>> = {
  MAEU: ['MSK'],
  HLCU: ['HPL'],
  EGLV: ['EMC'],
  YMLU: ['YML'],
  CMDU: ['CMA'],
  MSCU: ['MSC'],
  ONEY: ['ONE'],
  COSU: ['COSCO'],
  OOLU: ['OOCL'],
  HDMU: ['HMM'],
  PCIU: ['PIL'],
  WHLC: ['WHL'],
  SUDU: ['HSD'],
  SEJJ: ['SEALAND'],
};

/** Lower case, without the spaces, dots, hyphens and brackets people type or leave out. */
const fold = (text: string) => text.toLocaleLowerCase('en-US').replace(/[\s.\-()（）·,]/g, '');

function termsOf(item: SearchableReference): string[] {
  const code = item.code ?? '';
  return [code, item.name_zh, item.name_en, item.name, ...(CARRIER_SHORT_NAMES[code] ?? [])]
    .filter((term): term is string => Boolean(term))
    .map(fold);
}

/**
 * How well a port or carrier matches what was typed: 0 when its code, a name or a short name
 * starts with it, 1 when one of them contains it, undefined when none does. Case does not matter,
 * nor spaces and punctuation; an empty search matches everything at rank 0. The web's dropdowns
 * filter and order with it, and the server's keyword search ranks the same way.
 */
export function referenceMatchRank(item: SearchableReference, typed: string): 0 | 1 | undefined {
  const wanted = fold(typed);
  if (!wanted) return 0;
  const terms = termsOf(item);
  if (terms.some((term) => term.startsWith(wanted))) return 0;
  if (terms.some((term) => term.includes(wanted))) return 1;
  return undefined;
}

/** Whether a port or carrier matches what was typed (see referenceMatchRank). */
export const matchesReference = (item: SearchableReference, typed: string) =>
  referenceMatchRank(item, typed) !== undefined;

/** Orders matches: those starting with what was typed first, each group in its given order. */
export function compareReferenceMatches(
  a: SearchableReference,
  b: SearchableReference,
  typed: string,
): number {
  return (referenceMatchRank(a, typed) ?? 2) - (referenceMatchRank(b, typed) ?? 2);
}

/**
 * A port or carrier as a dropdown shows it, so that same-named ports tell apart and the code people
 * type is in view: "汉堡 Hamburg · DEHAM · 德国" in Chinese, "Hamburg · DEHAM · Germany" in
 * English; a carrier has no country ("马士基 Maersk · MAEU").
 */
export function referenceOptionLabel(
  item: SearchableReference & { country_name?: string | null },
  locale: Locale,
): string {
  const zh = locale === 'zh-CN';
  const local = (zh ? item.name_zh : item.name_en) || item.name || '';
  const names = zh && item.name_en && item.name_en !== local ? `${local} ${item.name_en}` : local;
  return [names, item.code, item.country_name].filter(Boolean).join(' · ');
}

import { DEFAULT_LOCALE, type Locale, parseLocale } from '@freight/contract';
import type { FastifyRequest } from 'fastify';

/** The language of a request: the `Lang` header (cn | en, or a full tag), else Chinese. */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const header = request.headers.lang;
  return parseLocale(Array.isArray(header) ? header[0] : header) ?? DEFAULT_LOCALE;
}

/** The tags of an Accept-Language header, most wanted first (q=0 ones left out). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((item) => item.tag && item.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((item) => item.tag);
}

const collators = new Map<Locale, Intl.Collator>();

/** Compares names as readers of the language expect: Chinese by pinyin, English alphabetically. */
function nameCollator(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}

/** Sorts rows by their name in the language (`nameZh` for Chinese, `nameEn` otherwise), in place. */
export function sortByName<T extends { nameEn: string; nameZh: string }>(rows: T[], locale: Locale): T[] {
  const collator = nameCollator(locale);
  const name = locale === 'zh-CN' ? (row: T) => row.nameZh : (row: T) => row.nameEn;
  return rows.sort((a, b) => collator.compare(name(a), name(b)));
}

import type { Locale, Shipper } from '@freight/contract';

/**
 * A forwarder's names in the reader's order: a Chinese reader knows the company by its Chinese
 * name, the English legal name second; an English reader the other way round. A missing name
 * leaves the other alone.
 */
export function shipperNames(shipper: Pick<Shipper, 'company1' | 'company2'>, locale: Locale) {
  const [first, second] =
    locale === 'zh-CN' ? [shipper.company2, shipper.company1] : [shipper.company1, shipper.company2];
  return first ? { main: first, other: second } : { main: second, other: '' };
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/g;

/** Whether a paragraph is written in Chinese (most of its letters are Chinese characters). */
const isChinese = (text: string) => {
  const letters = text.replace(/[\s\d\p{P}\p{S}]/gu, '').length;
  return letters > 0 && (text.match(CJK)?.length ?? 0) * 2 >= letters;
};

/**
 * A profile's paragraphs, those in the reader's language first (companies write theirs in Chinese
 * and English, one after the other), otherwise in the order written.
 */
export function profileParagraphs(profile: string, locale: Locale): string[] {
  const paragraphs = profile
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const wantChinese = locale === 'zh-CN';
  const own = paragraphs.filter((part) => isChinese(part) === wantChinese);
  const others = paragraphs.filter((part) => isChinese(part) !== wantChinese);
  return [...own, ...others];
}

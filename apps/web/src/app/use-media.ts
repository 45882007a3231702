import { useSyncExternalStore } from 'react';

/** Phones and small tablets, up to 768 px wide: pages lay out as one column. */
export const MOBILE_QUERY = '(max-width: 768px)';

/*
 * Widths measured in Chromium at 14 px: a Latin character of the menu 7.0 px on average, a CJK
 * one 14 px; an item's padding and border 20 px (a little more of each is allowed). The title is
 * 16 px bold (×1.1). The rest of a tight row: its padding (48), two gaps (32), the language
 * switch, the bell and the sign-out door (~170), and room to spare. A roomy row adds the welcome
 * text and sign-out's words (~220).
 */
const WIDE_CHAR_PX = 14.5;
const NARROW_CHAR_PX = 7.1;
const ITEM_EXTRA_PX = 20.5;
const TITLE_SCALE = 1.1;
const TITLE_MAX_PX = 200;
const HEADER_REST_PX = 48 + 32 + 170 + 8;
/** What a roomy header adds: the welcome text (at most 200 px, ~145 for most names) and sign-out's words. */
export const HEADER_ROOMY_EXTRA_PX = 220;

const textWidth = (text: string) =>
  [...text].reduce((sum, char) => sum + (/[\u2e80-\uffff]/.test(char) ? WIDE_CHAR_PX : NARROW_CHAR_PX), 0);

/**
 * The narrowest window in which the header's menu of `labels` fits in one row beside `title`. Below
 * it the menu becomes the hamburger: rather than Ant Design's overflow "…", which hid items people
 * looked for, and rather than one fixed width, which gave a customer's six items the hamburger at
 * 1024 px with half the header empty. Never below the spec's 768 px.
 */
export function navCollapseWidth(labels: readonly string[], title: string): number {
  const menu = labels.reduce((sum, label) => sum + textWidth(label) + ITEM_EXTRA_PX, 0);
  const width = Math.ceil(menu + Math.min(textWidth(title) * TITLE_SCALE, TITLE_MAX_PX) + HEADER_REST_PX);
  return Math.max(width, 768);
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { FieldName, StringKey } from './keys';

/*
 * What this file proves is checked by `tsc -b`, which compiles it with the app: each line marked
 * `@ts-expect-error` must fail to compile, so a key the strings lack can never reach the screen.
 */
function asked(t: TFunction): string[] {
  const field: FieldName = 'company1';
  return [
    t('common.search'),
    t('bookings.filters'),
    t(`shared.fields.${field}`),
    // @ts-expect-error: no such key in the strings
    t('no.such.key'),
    // @ts-expect-error: a typo in a key that exists as `common.search`
    t('common.serach'),
    // @ts-expect-error: an area's key asked for without its area
    t('title'),
  ];
}

describe('typed string keys', () => {
  it('are checked where a key is kept in a value before it is shown', () => {
    const key: StringKey = 'common.search';
    // @ts-expect-error: not a key
    const wrong: StringKey = 'common.nothing';
    // @ts-expect-error: not a field of the shared catalog
    const noField: FieldName = 'no_such_field';
    expect([key, wrong, noField]).toHaveLength(3);
  });

  it('run through t as the app calls it', () => {
    const seen: unknown[] = [];
    const t = ((key: unknown) => {
      seen.push(key);
      return String(key);
    }) as unknown as TFunction;
    expect(asked(t)).toEqual([
      'common.search',
      'bookings.filters',
      'shared.fields.company1',
      'no.such.key',
      'common.serach',
      'title',
    ]);
    expect(seen).toHaveLength(6);
  });
});

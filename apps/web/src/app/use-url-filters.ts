import { readQueryParams, writeQueryParams } from '@freight/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type QuerySchema = Parameters<typeof readQueryParams>[0];
/** The list query values a schema reads from an address: every one optional. */
export type UrlValues<S extends QuerySchema> = ReturnType<typeof readQueryParams<S>>;

/**
 * A list page's filters, page, size and sort, kept in the page's address: a filtered view can be
 * shared or bookmarked, and it survives a reload and a language switch. The address is read with the
 * list's own query schema from the contract, so a wrong value in it is ignored, not a failed page.
 * `set` replaces every value the schema knows (what is absent from `next` is cleared) and keeps
 * other parameters of the address.
 */
export function useUrlFilters<S extends QuerySchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the text of the address is what counts
  const values = useMemo(() => readQueryParams(schema, params), [schema, key]);
  const set = useCallback(
    (next: UrlValues<S>) =>
      setParams((current) => {
        const out = new URLSearchParams();
        for (const [name, value] of current) if (!(name in schema.shape)) out.append(name, value);
        for (const [name, value] of Object.entries(writeQueryParams(next))) out.set(name, value);
        return out;
      }),
    [schema, setParams],
  );
  return [values, set] as const;
}

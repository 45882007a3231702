import type { TableProps } from 'antd';

type ListQuery = { isFetching: boolean; isPending: boolean };

/**
 * A table's loading props: the spinner while any page is fetched, and no "No data" under it while
 * the first page has not come yet (an empty-table message flashed before every first
 * load, so people read it as "you have nothing").
 */
export function tableLoading<T>(query: ListQuery): Pick<TableProps<T>, 'loading' | 'locale'> {
  return {
    loading: query.isFetching,
    locale: query.isPending ? { emptyText: <div style={{ minHeight: 120 }} /> } : undefined,
  };
}

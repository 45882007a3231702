import { theme } from 'antd';
import type { Key, ReactNode } from 'react';

type LineColumn<R> = {
  title: ReactNode;
  key: string;
  width?: number;
  /** Kept in view at the right edge while the table scrolls sideways (a row's actions). */
  pinned?: 'right';
  render: (value: unknown, record: R, index: number) => ReactNode;
};

/**
 * A plain table of editable lines (form list rows): semantic <table> with a caption and column
 * headers, scrolling sideways on narrow screens. Ant Design's Table (sorting, paging, selection)
 * would add 50 KB gzip to the booking form for none of that.
 */
export function LineTable<R extends { key: Key }>({
  caption,
  columns,
  rows,
  emptyText,
}: {
  caption: ReactNode;
  columns: LineColumn<R>[];
  rows: readonly R[];
  emptyText: ReactNode;
}) {
  const { token } = theme.useToken();
  const cell = { padding: '6px 8px', borderBottom: `1px solid ${token.colorBorderSecondary}` } as const;
  const minWidth = columns.reduce((sum, column) => sum + (column.width ?? 120), 0);
  const pin = (column: LineColumn<R>, background: string) =>
    column.pinned
      ? ({
          position: 'sticky',
          right: 0,
          zIndex: 1,
          background,
          boxShadow: `inset 1px 0 0 ${token.colorBorderSecondary}`,
        } as const)
      : {};
  // The header's fill is translucent: over the page's background it must hide what scrolls beneath.
  const headerFill = `linear-gradient(${token.colorFillAlter}, ${token.colorFillAlter}), ${token.colorBgContainer}`;
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', minWidth, borderCollapse: 'collapse', fontSize: token.fontSize }}>
        <caption style={{ textAlign: 'left', padding: '4px 0 8px', color: token.colorTextSecondary }}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                style={{
                  ...cell,
                  width: column.width,
                  textAlign: 'left',
                  fontWeight: 600,
                  background: token.colorFillAlter,
                  ...pin(column, headerFill),
                }}
              >
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td
                colSpan={columns.length}
                style={{ ...cell, textAlign: 'center', color: token.colorTextDescription }}
              >
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={row.key}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    style={{ ...cell, verticalAlign: 'top', ...pin(column, token.colorBgContainer) }}
                  >
                    {column.render(undefined, row, index)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

import {
  fieldLabel,
  type ImportRowError,
  isRateExpired,
  type Locale,
  PARSE_OPTIONS,
  RATE_IMPORT_LIMITS,
  RATE_SHEET_COLUMNS,
  type RateSheetColumn,
  rateInput,
  toFieldErrors,
  translate,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import type { RequestContext } from '../auth/context.js';
import { AppError } from '../../platform/errors.js';
import { openSheet, writeWorkbook } from '../../platform/spreadsheet.js';
import { holdPoint } from '../../platform/test-hold.js';
import { recordActivity } from '../activity/service.js';
import { importDictionaries, insertRates, rateValues, type RateValues } from './repo.js';
import type { BoardChanges } from './service.js';

/** Fixed columns of the rate sheet; after them, one price column per container type (headed by its code). */
const FIXED = RATE_SHEET_COLUMNS;
type Fixed = RateSheetColumn;
const NAMED: Partial<Record<Fixed, 'carriers' | 'ports'>> = {
  carrier_id: 'carriers',
  pol_id: 'ports',
  pod_id: 'ports',
  to_id: 'ports',
};

/** Headers of earlier templates, still read: 目的地 became 交货地 (place of delivery). */
const RENAMED_HEADERS: Record<string, Fixed> = { 目的地: 'to_id' };

type Named = { id: number; code: string; nameEn: string; nameZh: string };

function lookup(items: Named[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const item of items)
    for (const name of [item.code, item.nameEn, item.nameZh]) map.set(name.trim().toLowerCase(), item.id);
  return map;
}

/** Which sheet column an issue of the rate schema belongs to. */
function issueColumn(
  field: string,
  fixedColumn: Map<Fixed, string>,
  priceHeaders: string[],
  locale: Locale,
): string {
  const [first, index] = field.split('.');
  if (first === 'spaces')
    return index !== undefined
      ? (priceHeaders[Number(index)] ?? fieldLabel(locale, 'price'))
      : fieldLabel(locale, 'price');
  return fixedColumn.get(first as Fixed) ?? field;
}

/** The remark of the template's example row. */
const TEMPLATE_REMARK: Record<Locale, string> = {
  'zh-CN': '示例：每周二开船',
  'en-US': 'Example: sails every Tuesday',
};
/** The template's example row without its prices (its dates: the day of download and 30 days on). */
const exampleRow = (locale: Locale, today: string, until: string) =>
  ['MAEU', 'CNSHA', 'NLRTM', 'NLRTM', today, until, 28, '', '', TEMPLATE_REMARK[locale]] as const;
/** The example's prices: in the first price columns (the most used types lead the database's order). */
const EXAMPLE_PRICES = [1200, 2100, 2200] as const;
const EXAMPLE_DATES = new Set(['sdate', 'edate']);

/**
 * Whether a row is the template's example left in the file: every cell as the example has it (in
 * either language), its dates whatever they are (they follow the day of the download). A row copied
 * from the example and changed in any other cell is a rate, imported or refused, never skipped.
 */
function isExampleRow(
  cells: Map<string, string>,
  fixedColumn: Map<Fixed, string>,
  prices: string[],
): boolean {
  return (['zh-CN', 'en-US'] as const).some((locale) => {
    const example = exampleRow(locale, '', '').map(String);
    const fixedSame = FIXED.every(
      (column, i) =>
        EXAMPLE_DATES.has(column) || (cells.get(fixedColumn.get(column) ?? '') ?? '').trim() === example[i],
    );
    const givenPrices = prices.map((header) => (cells.get(header) ?? '').trim());
    while (givenPrices.at(-1) === '') givenPrices.pop();
    return fixedSame && givenPrices.join('|') === EXAMPLE_PRICES.join('|');
  });
}

/**
 * Imports a rate sheet in one transaction: one row per route, one price column per container type.
 * Carriers, ports and containers may be named by code (SCAC, UN/LOCODE, trade name) or by name in
 * either language. Any bad row refuses the file; every bad row is reported.
 */
export async function importRates(options: {
  db: Db;
  context: Pick<RequestContext, 'actor' | 'companyId' | 'locale'>;
  data: Buffer;
  fileName: string;
  board?: BoardChanges | undefined;
}): Promise<{ created: number; skipped: number }> {
  const { db } = options;
  const { locale } = options.context;
  const sheet = await openSheet(options.data, options.fileName, {
    accept: ['xlsx', 'xls', 'csv'],
    limits: RATE_IMPORT_LIMITS,
    locale,
  });
  try {
    const dict = await importDictionaries(db);
    const maps = { carriers: lookup(dict.carriers), ports: lookup(dict.ports) };
    const containers = lookup(dict.containers);

    const headerOf = new Map<string, Fixed>(Object.entries(RENAMED_HEADERS));
    for (const column of FIXED) {
      headerOf.set(column, column);
      for (const lang of ['zh-CN', 'en-US'] as const)
        headerOf.set(fieldLabel(lang, column).toLowerCase(), column);
    }
    const fixedColumn = new Map<Fixed, string>();
    const priceColumns: { header: string; containerId: number }[] = [];
    for (const header of sheet.headers) {
      const key = header.toLowerCase();
      const fixed = headerOf.get(key);
      const containerId = containers.get(key);
      if (fixed) fixedColumn.set(fixed, header);
      else if (containerId !== undefined) priceColumns.push({ header, containerId });
    }
    const missing = (['carrier_id', 'pol_id', 'pod_id', 'to_id', 'sdate', 'edate'] as const).filter(
      (c) => !fixedColumn.has(c),
    );
    if (missing.length > 0 || priceColumns.length === 0) {
      const names = missing.map((c) => fieldLabel(locale, c));
      if (priceColumns.length === 0) names.push(fieldLabel(locale, 'price'));
      throw new AppError(400, 'import.missingColumns', { columns: names.join(', ') }, [{ field: 'file' }]);
    }

    const errors: ImportRowError[] = [];
    const values: RateValues[] = [];
    // The template's example row, left in the file, is not a rate of the forwarder's: skipped, counted.
    let skipped = 0;
    const now = new Date();
    const priceHeaders = priceColumns.map((p) => p.header);
    for await (const { row, cells } of sheet.rows) {
      if (isExampleRow(cells, fixedColumn, priceHeaders)) {
        skipped += 1;
        continue;
      }
      const raw: Record<string, unknown> = {};
      const rowErrors: ImportRowError[] = [];
      for (const column of FIXED) {
        const header = fixedColumn.get(column);
        const text = header === undefined ? '' : (cells.get(header) ?? '');
        const dictionary = NAMED[column];
        if (dictionary) {
          const id = maps[dictionary].get(text.toLowerCase());
          if (text !== '' && id === undefined) {
            const message = translate(locale, 'rates.unknownName', {
              field: fieldLabel(locale, column),
              value: text,
            });
            rowErrors.push({ row, column: header ?? column, message });
          }
          // An unknown name is reported above; a placeholder lets the other cells be checked too.
          raw[column] = id ?? (text === '' ? '' : 1);
        } else if (text !== '' || column === 'remark') {
          raw[column] = column === 'transit_days' ? Number(text) : text;
        }
      }
      const filled = priceColumns
        .map((p) => ({
          header: p.header,
          container_id: p.containerId,
          price: (cells.get(p.header) ?? '').replace(/[,\s]|US\$|\$/g, ''),
        }))
        .filter((s) => s.price !== '');
      raw.spaces = filled.map(({ container_id, price }) => ({ container_id, price }));
      const parsed = rateInput.safeParse(raw, PARSE_OPTIONS);
      if (!parsed.success) {
        for (const issue of toFieldErrors(parsed.error, locale)) {
          const column = issueColumn(
            issue.field,
            fixedColumn,
            filled.map((s) => s.header),
            locale,
          );
          const message = issue.field === 'spaces' ? translate(locale, 'rates.noPrices') : issue.message;
          rowErrors.push({ row, column, message });
        }
      }
      // A rate whose validity already ended could never be booked: refused, not stored.
      const edate = parsed.success ? parsed.data.edate : undefined;
      if (edate !== undefined && isRateExpired(edate, now)) {
        rowErrors.push({
          row,
          column: fixedColumn.get('edate') ?? fieldLabel(locale, 'edate'),
          message: translate(locale, 'rates.expired'),
        });
      }
      if (rowErrors.length > 0 || !parsed.success) {
        errors.push(...rowErrors);
        continue;
      }
      values.push(rateValues(parsed.data));
    }
    if (errors.length === 0 && values.length === 0)
      throw new AppError(400, 'import.empty', {}, [{ field: 'file' }]);
    if (errors.length > 0) {
      throw new AppError(
        422,
        'import.rowsFailed',
        { count: new Set(errors.map((e) => e.row)).size },
        [],
        {},
        { rows: errors },
      );
    }
    const ids = await db.transaction(async (tx) => {
      await recordActivity(tx, options.context.actor, {
        kind: 'rate',
        action: 'import',
        label: options.fileName,
      });
      const inserted = await insertRates(tx, options.context.companyId, values);
      await holdPoint('rate-import', `${inserted.length} inserted`);
      return inserted;
    });
    await options.board?.changed();
    return { created: ids.length, skipped };
  } finally {
    await sheet.close();
  }
}

/** The rate template: headers in the member's language, an example row, and the valid names. */
export async function rateTemplate(options: { db: Db; locale: Locale }): Promise<Buffer> {
  const { locale } = options;
  const zh = locale === 'zh-CN';
  const dict = await importDictionaries(options.db);
  // One price column per container type the portal knows, in its order (not a fixed three).
  const codes = dict.containers.map((c) => c.code);
  const headers = [...FIXED.map((c) => fieldLabel(locale, c)), ...codes];
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const example = [...exampleRow(locale, day(0), day(30)), ...codes.map((_, i) => EXAMPLE_PRICES[i] ?? '')];
  const list = (items: Named[]) => [
    [zh ? '代码' : 'Code', zh ? '中文名称' : 'Chinese name', zh ? '英文名称' : 'English name'],
    ...items.map((i) => [i.code, i.nameZh, i.nameEn]),
  ];
  return writeWorkbook([
    { name: zh ? '运价' : 'Rates', rows: [headers, example] },
    { name: zh ? '船公司' : 'Carriers', rows: list(dict.carriers) },
    { name: zh ? '港口' : 'Ports', rows: list(dict.ports) },
    { name: zh ? '箱型' : 'Containers', rows: list(dict.containers) },
  ]);
}

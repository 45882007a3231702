import {
  CONTACT_TYPES,
  COUNTRY_CODE_ALIASES,
  contactInput,
  fieldLabel,
  IMPORT_LIMITS,
  type ImportResult,
  type ImportRowError,
  type Locale,
  PARSE_OPTIONS,
  toFieldErrors,
  translate,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import type { RequestContext } from '../auth/context.js';
import { AppError } from '../../platform/errors.js';
import { sortByName } from '../../platform/locale.js';
import { openSheet, writeWorkbook } from '../../platform/spreadsheet.js';
import { recordActivity } from '../activity/service.js';
import { allCountries, type ContactValues, upsertContacts } from './repo.js';
import { contactValues } from './service.js';

/*
 * The contact book as a spreadsheet: the import, one transaction for the whole
 * file, and the template it is read with.
 */

/** The columns of the import template, in order; headers are the field labels in the member's language. */
export const CONTACT_COLUMNS = [
  'type',
  'company1',
  'company2',
  'linkman',
  'address1',
  'address2',
  'city',
  'province',
  'country_id',
  'zip_code',
  'phone',
  'email',
] as const;

function headerNames(locale: Locale) {
  return CONTACT_COLUMNS.map((column) => fieldLabel(locale, column === 'type' ? 'contact_type' : column));
}

/**
 * Imports a contact sheet in one transaction. Headers may be in either language; the type may be
 * written in either language or as shipper/consignee/both; the country by ISO code or by name in
 * either language. Any bad row refuses the whole file and every bad row is reported.
 */
export async function importContacts(options: {
  db: Db;
  context: Pick<RequestContext, 'actor' | 'companyId' | 'locale'>;
  data: Buffer;
  fileName: string;
}): Promise<ImportResult> {
  const { db } = options;
  const { locale } = options.context;
  const sheet = await openSheet(options.data, options.fileName, {
    accept: ['xlsx', 'xls', 'csv'],
    limits: IMPORT_LIMITS,
    locale,
  });
  try {
    const headerOf = new Map<string, (typeof CONTACT_COLUMNS)[number]>();
    for (const lang of ['zh-CN', 'en-US'] as const)
      headerNames(lang).forEach((name, i) =>
        headerOf.set(name.toLowerCase(), CONTACT_COLUMNS[i] as (typeof CONTACT_COLUMNS)[number]),
      );
    CONTACT_COLUMNS.forEach((column) => headerOf.set(column, column));
    const columnOf = new Map<(typeof CONTACT_COLUMNS)[number], string>();
    for (const header of sheet.headers) {
      const column = headerOf.get(header.toLowerCase());
      if (column) columnOf.set(column, header);
    }
    const required = ['company1', 'linkman', 'address1', 'city', 'country_id', 'phone'] as const;
    const missing = required.filter((column) => !columnOf.has(column));
    if (missing.length > 0) {
      throw new AppError(
        400,
        'import.missingColumns',
        { columns: missing.map((c) => fieldLabel(locale, c)).join(', ') },
        [{ field: 'file' }],
      );
    }

    const countries = await allCountries(db);
    const countryIds = new Map<string, number>();
    for (const c of countries)
      for (const name of [c.code, c.code3, c.nameEn, c.nameZh]) countryIds.set(name.toLowerCase(), c.id);
    for (const [alias, code] of Object.entries(COUNTRY_CODE_ALIASES)) {
      const id = countryIds.get(code.toLowerCase());
      if (id !== undefined && !countryIds.has(alias.toLowerCase())) countryIds.set(alias.toLowerCase(), id);
    }
    const typeOf = new Map<string, string>();
    for (const type of CONTACT_TYPES) {
      typeOf.set(type, type);
      for (const lang of ['zh-CN', 'en-US'] as const)
        typeOf.set(translate(lang, `dictionary.contactType.${type}`).toLowerCase(), type);
    }

    const errors: ImportRowError[] = [];
    const byKey = new Map<string, ContactValues>();
    const columnName = (column: string) =>
      columnOf.get(column as (typeof CONTACT_COLUMNS)[number]) ?? fieldLabel(locale, column);
    // The template's example row, left in the file, is not a contact of the member's: skipped (every
    // cell as the example has it, in either language) and counted. A row copied from the example
    // and changed anywhere is a contact, imported or refused, never dropped in silence.
    const examples = (['zh-CN', 'en-US'] as const).map((lang) => exampleContact(lang));
    const isExample = (cells: Map<string, string>) =>
      examples.some((example) =>
        CONTACT_COLUMNS.every(
          (column, i) =>
            (cells.get(columnOf.get(column) ?? '') ?? '').trim().toUpperCase() ===
            String(example[i] ?? '').toUpperCase(),
        ),
      );
    let skipped = 0;
    for await (const { row, cells } of sheet.rows) {
      if (isExample(cells)) {
        skipped += 1;
        continue;
      }
      const raw: Record<string, unknown> = {};
      for (const column of CONTACT_COLUMNS) {
        const header = columnOf.get(column);
        if (header !== undefined) raw[column] = cells.get(header) ?? '';
      }
      const rowErrors: ImportRowError[] = [];
      const typeCell = String(raw.type ?? '').trim();
      const type = typeCell === '' ? 'both' : typeOf.get(typeCell.toLowerCase());
      if (type === undefined) {
        // Named with the values the sheet may use, in the member's language.
        const allowed = CONTACT_TYPES.map((t) => translate(locale, `dictionary.contactType.${t}`));
        rowErrors.push({
          row,
          column: columnName('type'),
          message: translate(locale, 'import.unknownType', {
            value: typeCell,
            allowed: allowed.join(locale === 'zh-CN' ? '、' : ', '),
          }),
        });
      }
      // An unknown type is reported above; a placeholder lets the other cells be checked too.
      raw.type = type ?? 'both';
      const countryText = String(raw.country_id ?? '');
      const countryId = countryIds.get(countryText.toLowerCase());
      if (countryText !== '' && countryId === undefined) {
        rowErrors.push({
          row,
          column: columnName('country_id'),
          message: translate(locale, 'import.unknownCountry', { value: countryText }),
        });
        raw.country_id = 1;
      } else {
        raw.country_id = countryId ?? '';
      }
      const parsed = contactInput.safeParse(raw, PARSE_OPTIONS);
      if (!parsed.success) {
        for (const issue of toFieldErrors(parsed.error, locale))
          rowErrors.push({ row, column: columnName(issue.field), message: issue.message });
      }
      if (rowErrors.length > 0 || !parsed.success) {
        errors.push(...rowErrors);
        continue;
      }
      const values = contactValues(parsed.data);
      byKey.set(values.dedupeKey, values);
    }
    if (errors.length === 0 && byKey.size === 0)
      throw new AppError(400, 'import.empty', {}, [{ field: 'file' }]);
    if (errors.length > 0) {
      const rows = new Set(errors.map((e) => e.row)).size;
      throw new AppError(422, 'import.rowsFailed', { count: rows }, [], {}, { rows: errors });
    }
    const values = [...byKey.values()];
    const created = await db.transaction(async (tx) => {
      await recordActivity(tx, options.context.actor, {
        kind: 'contact',
        action: 'import',
        label: options.fileName,
      });
      return upsertContacts(tx, options.context.companyId, values);
    });
    return { created, updated: values.length - created, skipped };
  } finally {
    await sheet.close();
  }
}

/** The template's example contact, in the order of CONTACT_COLUMNS. */
function exampleContact(locale: Locale): string[] {
  const zh = locale === 'zh-CN';
  return [
    translate(locale, 'dictionary.contactType.shipper'),
    'ACME TRADING CO., LTD',
    zh ? '艾克米贸易有限公司' : '',
    'LI MING',
    'NO. 100 CENTURY AVENUE',
    zh ? '上海市浦东新区世纪大道100号' : '',
    'SHANGHAI',
    'SHANGHAI',
    'CN',
    '200120',
    '+86 21 5000 0000',
    'li.ming@example.com',
  ];
}

/** The import template: headers in the member's language, an example row, and the country list. */
export async function contactTemplate(options: { db: Db; locale: Locale }): Promise<Buffer> {
  const { locale } = options;
  const zh = locale === 'zh-CN';
  const example = exampleContact(locale);
  const countries = await allCountries(options.db);
  return writeWorkbook([
    { name: zh ? '联系人' : 'Contacts', rows: [headerNames(locale), example] },
    {
      name: zh ? '国家' : 'Countries',
      rows: [
        [zh ? '代码' : 'Code', zh ? '名称' : 'Name'],
        ...sortByName(countries, locale).map((c) => [c.code, zh ? c.nameZh : c.nameEn]),
      ],
    },
  ]);
}

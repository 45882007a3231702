import {
  ACTIVITY_EXPORT_MAX_ROWS,
  type ActivityAction,
  type ActivityKind,
  type ActivityReply,
  type ActivityRow,
  type activityQuery,
  fieldLabel,
  formatDate,
  type Locale,
  translate,
} from '@freight/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { writeWorkbook } from '../../platform/spreadsheet.js';
import {
  activityPeople,
  type ActivityFilter,
  type ActivityListed,
  findActivityPage,
  insertActivity,
} from './repo.js';

/**
 * The company's activity trail (issue 18, part 5): who changed what, when, and for updates which
 * fields. Every service that changes a booking, document, contact, rate, the company profile, a
 * user or a role calls recordActivity inside the transaction of its change, so a change and its
 * trail commit or fail together. The trail is append-only.
 */

/** Who acts: their company, and the person (kept by name too, for when they are later removed). */
export type Actor = { companyId: number; personId: number | null; name: string };

/** The actor of a signed-in person (SessionUser: `id` is the company's). */
export function actorOf(user: { id: number; personId: number; name: string }): Actor {
  return { companyId: user.id, personId: user.personId, name: user.name };
}

export type ActivityEntry = {
  kind: ActivityKind;
  action: ActivityAction;
  objectId?: number | null | undefined;
  /** what the object is called for people: an order number, a company name, a route */
  label: string;
  /** for updates: the changed fields, by their API names */
  fields?: readonly string[] | undefined;
};

const LABEL_MAX = 200;
const NAME_MAX = 100;

/** Records `entries` for `actor`; call it with the transaction of the change. */
export async function recordActivity(tx: Db, actor: Actor, ...entries: ActivityEntry[]): Promise<void> {
  await insertActivity(
    tx,
    entries.map((entry) => ({
      companyId: actor.companyId,
      personId: actor.personId,
      personName: actor.name.slice(0, NAME_MAX),
      kind: entry.kind,
      action: entry.action,
      objectId: entry.objectId ?? null,
      label: entry.label.slice(0, LABEL_MAX),
      fields: [...(entry.fields ?? [])],
    })),
  );
}

/** A value in a form that compares equal whatever the order of an object's keys. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/**
 * The names of the fields whose value differs between `before` and `after`, in the order of
 * `names` (each key of the rows → its API name). Callers normalise values first where the
 * database writes them differently (decimals).
 */
export function changedFields<N extends Record<string, string>>(
  before: { [K in keyof N]?: unknown },
  after: { [K in keyof N]?: unknown },
  names: N,
): string[] {
  return Object.keys(names)
    .filter((key) => key in after && canonical(before[key]) !== canonical(after[key]))
    .map((key) => names[key] as string);
}

/* ---------- reading ---------- */

type Query = z.output<typeof activityQuery>;

function filterOf(companyId: number, query: Query): ActivityFilter {
  const day = 86_400_000;
  return {
    companyId,
    personId: query.person_id,
    kind: query.kind,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    before: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + day) : undefined,
  };
}

function present({ entry: row, bookingParty }: ActivityListed): ActivityRow {
  return {
    id: row.id,
    at: row.at.toISOString(),
    person_id: row.personId,
    person: row.personName,
    kind: row.kind as ActivityKind,
    action: row.action as ActivityAction,
    object_id: row.objectId,
    label: row.label,
    fields: row.fields,
    booking_party: bookingParty,
  };
}

/** GET /api/activity: a page of the company's trail, newest first, and the people in it. */
export async function listActivity(options: {
  db: Db;
  companyId: number;
  query: Query;
}): Promise<ActivityReply> {
  const { db, companyId, query } = options;
  const [{ rows, total }, people] = await Promise.all([
    findActivityPage(db, filterOf(companyId, query), query.page, query.page_size),
    activityPeople(db, companyId),
  ]);
  return { list: rows.map(present), total, people };
}

/** The instant in UTC as the language writes dates: 2026-11-25 13:05 or 11/25/2026 13:05. */
function sheetTime(at: Date, locale: Locale): string {
  const iso = at.toISOString();
  return `${formatDate(iso, locale)} ${iso.slice(11, 16)}`;
}

/** GET /api/activity/export: the filtered trail (newest first, capped) as .xlsx in the request's language. */
export async function exportActivity(options: {
  db: Db;
  companyId: number;
  query: Query;
  locale: Locale;
}): Promise<Buffer> {
  const { locale } = options;
  const { rows } = await findActivityPage(
    options.db,
    filterOf(options.companyId, options.query),
    1,
    ACTIVITY_EXPORT_MAX_ROWS,
  );
  const header = (['at', 'person', 'kind', 'action', 'object', 'fields'] as const).map((key) =>
    translate(locale, `activity.${key}`),
  );
  return writeWorkbook([
    {
      name: translate(locale, 'activity.sheet'),
      rows: [
        header,
        ...rows.map(({ entry: row }) => [
          sheetTime(row.at, locale),
          row.personName,
          translate(locale, `activity.kindName.${row.kind as ActivityKind}`),
          translate(locale, `activity.actionName.${row.action as ActivityAction}`),
          row.label,
          row.fields.map((field) => fieldLabel(locale, field)).join(locale === 'zh-CN' ? '、' : ', '),
        ]),
      ],
    },
  ]);
}

import {
  ACTIVITY_EXPORT_MAX_ROWS,
  type ActivityAction,
  type ActivityKind,
  type ActivityReply,
  type ActivityRow,
  type activityQuery,
  aside,
  fieldLabel,
  formatInstant,
  type Locale,
  nextDay,
  parseRole,
  type Role,
  startOfZonedDay,
  translate,
  zoneLabel,
} from '@freight/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { writeWorkbook } from '../../platform/spreadsheet.js';
import { portalTimeZone } from '../system/service.js';
import {
  activityPeople,
  type ActivityFilter,
  type ActivityListed,
  type ActivityRecord,
  findActivityPage,
  insertActivity,
} from './repo.js';

/**
 * The company's activity trail: who changed what, when, and for updates which
 * fields. Every service that changes a booking, document, contact, rate, the company profile, a
 * user or a role calls recordActivity inside the transaction of its change, so a change and its
 * trail commit or fail together. The trail is append-only.
 */

/** Who acts: their company, and the person (kept by name too, for when they are later removed). */
export type Actor = { companyId: number; personId: number | null; name: string };

/** The actor of a signed-in person. */
export function actorOf(user: { companyId: number; personId: number; name: string }): Actor {
  return { companyId: user.companyId, personId: user.personId, name: user.name };
}

export type ActivityEntry = {
  kind: ActivityKind;
  action: ActivityAction;
  objectId?: number | null | undefined;
  /** what the object is called for people: an order number, a company name, a route */
  label: string;
  /** for updates: the changed fields, by their API names */
  fields?: readonly string[] | undefined;
  /** for people: the role before and after (kept apart from the label, so that each language names it) */
  roleFrom?: Role | undefined;
  roleTo?: Role | undefined;
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
      roleFrom: entry.roleFrom ?? null,
      roleTo: entry.roleTo ?? null,
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

/** The days of the filter are days of the portal's zone, as the page shows the rows' times. */
function filterOf(companyId: number, query: Query, zone: string): ActivityFilter {
  return {
    companyId,
    personId: query.person_id,
    kind: query.kind,
    from: query.from ? startOfZonedDay(query.from, zone) : undefined,
    before: query.to ? startOfZonedDay(nextDay(query.to), zone) : undefined,
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
    role_from: parseRole(row.roleFrom) ?? null,
    role_to: parseRole(row.roleTo) ?? null,
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
  const zone = await portalTimeZone(db);
  const [{ rows, total }, people] = await Promise.all([
    findActivityPage(db, filterOf(companyId, query, zone), query.page, query.page_size),
    activityPeople(db, companyId),
  ]);
  return { list: rows.map(present), total, people };
}

/** The object as a person reads it: its label, and the roles in the reader's language. */
function objectText(row: ActivityRecord, locale: Locale): string {
  const role = (value: string | null) => {
    const parsed = parseRole(value);
    return parsed ? translate(locale, `company.role.${parsed}`) : '';
  };
  const from = role(row.roleFrom);
  const to = role(row.roleTo);
  const roles = from && to ? `${from} → ${to}` : from || to;
  return roles ? `${row.label}${aside(roles, locale)}` : row.label;
}

/** GET /api/activity/export: the filtered trail (newest first, capped) as .xlsx in the request's language. */
export async function exportActivity(options: {
  db: Db;
  companyId: number;
  query: Query;
  locale: Locale;
}): Promise<Buffer> {
  const { locale } = options;
  const zone = await portalTimeZone(options.db);
  const { rows } = await findActivityPage(
    options.db,
    filterOf(options.companyId, options.query, zone),
    1,
    ACTIVITY_EXPORT_MAX_ROWS,
  );
  const header = (['at', 'person', 'kind', 'action', 'object', 'fields'] as const).map((key) =>
    translate(locale, `activity.${key}`, { zone: zoneLabel(zone) }),
  );
  return writeWorkbook([
    {
      name: translate(locale, 'activity.sheet'),
      rows: [
        header,
        ...rows.map(({ entry: row }) => [
          formatInstant(row.at, locale, zone),
          row.personName,
          translate(locale, `activity.kindName.${row.kind as ActivityKind}`),
          translate(locale, `activity.actionName.${row.action as ActivityAction}`),
          objectText(row, locale),
          row.fields.map((field) => fieldLabel(locale, field)).join(locale === 'zh-CN' ? '、' : ', '),
        ]),
      ],
    },
  ]);
}

import { CUTOFF_FIELDS, DEFAULT_TIME_ZONE } from '@freight/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../platform/db.js';

/**
 * The SQL of database templates (see demo/template.ts): a template carries a mark saying when its
 * data was made, and a database copied from it moves every date and time by how long ago that was.
 */

/** The mark's table: in a template and in a copy not yet moved to its day; never in the schema. */
const MARK = 'database_template';

export type TemplateMark = { madeAt: Date; baseDay: string };

/** Marks a database as a template whose data was made at `madeAt`, its dates counted from `baseDay`. */
export async function markTemplate(db: Db, mark: TemplateMark): Promise<void> {
  await db.execute(
    sql`create table ${sql.identifier(MARK)} (made_at timestamptz not null, base_day date not null)`,
  );
  await db.execute(
    sql`insert into ${sql.identifier(MARK)} values (${mark.madeAt.toISOString()}, ${mark.baseDay})`,
  );
}

/** The mark of a template copy that has not been moved to its day yet; none on any other database. */
export async function templateMark(db: Db): Promise<TemplateMark | undefined> {
  const [table] = await rowsOf<{ found: string | null }>(db, sql`select to_regclass(${MARK})::text as found`);
  if (!table?.found) return undefined;
  const [row] = await rowsOf<{ made_at: string; base_day: string }>(
    db,
    sql`select made_at::text as made_at, base_day::text as base_day from ${sql.identifier(MARK)}`,
  );
  if (!row) return undefined;
  return { madeAt: new Date(row.made_at), baseDay: row.base_day };
}

/**
 * Instants that are deadlines on a port's wall clock (a booking's cut-offs): they move by whole days
 * on that clock, as a date does, so that "17:00 at Rotterdam" stays 17:00 across a daylight-saving
 * change. By table: the zone (an expression over the table's row) and the columns.
 */
const PORT_CLOCK: Record<string, { zone: SQL; columns: readonly string[] }> = {
  bookings: {
    zone: sql`coalesce((select p.time_zone from ports p where p.id = bookings.pol_id), ${DEFAULT_TIME_ZONE})`,
    columns: CUTOFF_FIELDS,
  },
};

/**
 * Moves every date and time of every table in one pass, driven by the catalogue, so that a column
 * added later moves too: calendar dates and wall-clock times (`date`, `timestamp`) by whole days,
 * deadlines on a port's clock (PORT_CLOCK: cut-offs) by whole days on that clock, other instants
 * (`timestamptz`: when something was created or happened) by the exact interval. Then removes the
 * mark. Run it in the transaction that makes the copy the database's own.
 */
export async function moveToDay(tx: Db, shift: { days: number; ms: number }): Promise<void> {
  const columns = await rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    tx,
    sql`select c.table_name, c.column_name, c.data_type
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name <> ${MARK}
           and c.data_type in ('date', 'timestamp without time zone', 'timestamp with time zone')
         order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, typeof columns>();
  for (const column of columns)
    byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);
  for (const [table, list] of byTable) {
    const sets = list.map(({ column_name: name, data_type: type }) => {
      const column = sql.identifier(name);
      const clock = PORT_CLOCK[table];
      if (clock?.columns.includes(name)) {
        const wall = sql`(${column} at time zone ${clock.zone})`;
        return sql`${column} = (${wall} + make_interval(days => ${shift.days})) at time zone ${clock.zone}`;
      }
      const by =
        type === 'timestamp with time zone'
          ? sql`make_interval(secs => ${shift.ms / 1000})`
          : sql`make_interval(days => ${shift.days})`;
      // date + interval is a timestamp: cast back to the column's type.
      return type === 'date'
        ? sql`${column} = (${column} + ${by})::date`
        : sql`${column} = ${column} + ${by}`;
    });
    await tx.execute(sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)}`);
  }
  await tx.execute(sql`drop table ${sql.identifier(MARK)}`);
}

/**
 * Rows of the tables that hold secrets or short-lived state (sessions, invitations, captchas,
 * throttles, reset codes): a template must have none, since every copy would share them.
 */
export async function secretRows(db: Db): Promise<Record<string, number>> {
  const [row] = await rowsOf<{ sessions: number; invitations: number; kv_entries: number }>(
    db,
    sql`select (select count(*)::int from sessions) as sessions,
               (select count(*)::int from invitations) as invitations,
               (select count(*)::int from kv_entries) as kv_entries`,
  );
  return row ?? {};
}

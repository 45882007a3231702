import {
  type ListData,
  PARSE_OPTIONS,
  type Rate,
  rateInput,
  type RateQuery,
  type RateRow,
  rowActionsOf,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import type { RequestContext } from '../auth/context.js';
import { deleteAllOrNothing } from '../../platform/batch.js';
import { AppError, RequestValidationError } from '../../platform/errors.js';
import { changedFields, recordActivity } from '../activity/service.js';
import {
  deleteRates,
  findRate,
  findRatePage,
  importDictionaries,
  insertRates,
  lockRate,
  rateLabels,
  rateValues,
  type RateValues,
  spacesOf,
  updateRate,
} from './repo.js';

type Row = NonNullable<Awaited<ReturnType<typeof findRate>>>;
type SpaceRow = Awaited<ReturnType<typeof spacesOf>>[number];

/** Money leaves the server as it is stored: a decimal string with two places. */
const money = (value: string) => Number(value).toFixed(2);

export function presentRate(row: Row, spaces: SpaceRow[]): Rate {
  return {
    id: row.id,
    carrier_id: row.carrierId,
    carrier_name: row.carrierName,
    pol_id: row.polId,
    pol_name: row.polName,
    pod_id: row.podId,
    pod_name: row.podName,
    to_id: row.toId,
    to_name: row.toName,
    sdate: row.sdate,
    edate: row.edate,
    transit_days: row.transitDays,
    etd: row.etd,
    eta: row.eta,
    remark: row.remark,
    spaces: spaces
      .filter((s) => s.rateId === row.id)
      .map((s) => ({
        id: s.id,
        container_id: s.containerId,
        container_name: s.containerName,
        price: money(s.price),
      })),
    create_time: row.createdAt.toISOString(),
    update_time: row.updatedAt.toISOString(),
  };
}

/** Checks a rate against its rules and that every id names a real carrier, port and container. */
async function toRateValues(db: Db, input: unknown): Promise<RateValues> {
  const parsed = rateInput.safeParse(input, PARSE_OPTIONS);
  if (!parsed.success) throw new RequestValidationError(parsed.error);
  const v = parsed.data;
  const dict = await importDictionaries(db);
  const bad: { field: string }[] = [];
  if (!dict.carriers.some((c) => c.id === v.carrier_id)) bad.push({ field: 'carrier_id' });
  for (const field of ['pol_id', 'pod_id', 'to_id'] as const)
    if (!dict.ports.some((p) => p.id === v[field])) bad.push({ field });
  v.spaces.forEach((s, i) => {
    if (!dict.containers.some((c) => c.id === s.container_id))
      bad.push({ field: `spaces.${i}.container_id` });
  });
  if (bad.length > 0) throw new AppError(400, 'validation.invalidValue', {}, bad);
  return rateValues(v);
}

export async function listRates(options: {
  db: Db;
  context: Pick<RequestContext, 'companyId' | 'locale' | 'role'>;
  query: RateQuery;
}): Promise<ListData<RateRow>> {
  const { rows, total } = await findRatePage(
    options.db,
    options.context.companyId,
    options.query,
    options.context.locale === 'zh-CN',
  );
  const spaces = await spacesOf(
    options.db,
    rows.map((r) => r.id),
  );
  const actions = rowActionsOf(options.context.role);
  return { lists: rows.map((row) => ({ ...presentRate(row, spaces), actions })), total };
}

/** A forwarder's own rate; anyone else's answers 404. */
export async function getRate(options: {
  db: Db;
  context: Pick<RequestContext, 'companyId' | 'locale'>;
  id: number;
}): Promise<Rate> {
  const row = await findRate(
    options.db,
    options.id,
    options.context.locale === 'zh-CN',
    options.context.companyId,
  );
  if (!row) throw new AppError(404, 'errors.notFound');
  return presentRate(row, await spacesOf(options.db, [row.id]));
}

/**
 * Told after a rate write committed, before it answers: the quote board's pages in use are
 * recomputed and every instance's become stale (board-cache.ts). Absent where no board is served
 * (the demo seed runs before the app).
 */
export type BoardChanges = { changed(): Promise<void> };

/** A rate's fields by their API names, for the activity trail; prices compared as numbers, in container order. */
const RATE_FIELDS = {
  carrierId: 'carrier_id',
  polId: 'pol_id',
  podId: 'pod_id',
  toId: 'to_id',
  sdate: 'sdate',
  edate: 'edate',
  transitDays: 'transit_days',
  etd: 'etd',
  eta: 'eta',
  remark: 'remark',
  spaces: 'spaces',
} as const satisfies Record<keyof RateValues, string>;

function comparableRate(rate: RateValues): RateValues {
  const spaces = rate.spaces
    .map((s) => ({ containerId: s.containerId, price: Number(s.price).toFixed(2) }))
    .sort((a, b) => a.containerId - b.containerId);
  return { ...rate, spaces };
}

export async function createRate(options: {
  db: Db;
  context: Pick<RequestContext, 'actor' | 'companyId' | 'locale'>;
  input: unknown;
  board?: BoardChanges | undefined;
}): Promise<Rate> {
  const values = await toRateValues(options.db, options.input);
  const id = await options.db.transaction(async (tx) => {
    const [inserted] = await insertRates(tx, options.context.companyId, [values]);
    if (inserted === undefined) throw new Error('rate not created');
    const labels = await rateLabels(tx, options.context.companyId, [inserted]);
    await recordActivity(tx, options.context.actor, {
      kind: 'rate',
      action: 'create',
      objectId: inserted,
      label: labels.get(inserted) ?? '',
    });
    return inserted;
  });
  await options.board?.changed();
  return getRate({ ...options, id });
}

export async function changeRate(options: {
  db: Db;
  context: Pick<RequestContext, 'actor' | 'companyId' | 'locale'>;
  id: number;
  input: unknown;
  board?: BoardChanges | undefined;
}): Promise<Rate> {
  const values = await toRateValues(options.db, options.input);
  await options.db.transaction(async (tx) => {
    const before = await lockRate(tx, options.context.companyId, options.id);
    if (!before || !(await updateRate(tx, options.context.companyId, options.id, values)))
      throw new AppError(404, 'errors.notFound');
    const fields = changedFields(comparableRate(before), comparableRate(values), RATE_FIELDS);
    if (fields.length === 0) return;
    const labels = await rateLabels(tx, options.context.companyId, [options.id]);
    await recordActivity(tx, options.context.actor, {
      kind: 'rate',
      action: 'update',
      objectId: options.id,
      label: labels.get(options.id) ?? '',
      fields,
    });
  });
  await options.board?.changed();
  return getRate(options);
}

/** All or nothing: one id that is not the forwarder's refuses the batch. */
export async function removeRates(options: {
  db: Db;
  context: Pick<RequestContext, 'actor' | 'companyId'>;
  ids: number[];
  board?: BoardChanges | undefined;
}): Promise<{ deleted: number }> {
  const result = await deleteAllOrNothing({
    db: options.db,
    ids: options.ids,
    // Recorded before the batch is judged: a refused batch rolls the trail back with the deletes.
    remove: async (tx, ids) => {
      const labels = await rateLabels(tx, options.context.companyId, ids);
      const deleted = await deleteRates(tx, options.context.companyId, ids);
      await recordActivity(
        tx,
        options.context.actor,
        ...[...labels].map(([id, label]) => ({
          kind: 'rate' as const,
          action: 'delete' as const,
          objectId: id,
          label,
        })),
      );
      return deleted;
    },
    refusedKey: 'rates.notAllYours',
  });
  await options.board?.changed();
  return result;
}

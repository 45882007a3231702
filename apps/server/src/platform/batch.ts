import type { MessageKey } from '@freight/contract';
import type { Db } from './db.js';
import { AppError } from './errors.js';
import { holdPoint } from './test-hold.js';

/**
 * Deletes a member's rows in one transaction, all or nothing: if any id is missing or someone
 * else's, nothing is deleted and the answer is 404 with `refusedKey`.
 */
export async function deleteAllOrNothing(options: {
  db: Db;
  ids: number[];
  remove: (tx: Db, ids: number[]) => Promise<number>;
  refusedKey: MessageKey;
}): Promise<{ deleted: number }> {
  const ids = [...new Set(options.ids)];
  return options.db.transaction(async (tx) => {
    const deleted = await options.remove(tx, ids);
    if (deleted !== ids.length) throw new AppError(404, options.refusedKey);
    await holdPoint('batch-delete', `${deleted} deleted`);
    return { deleted };
  });
}

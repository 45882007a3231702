import type { Db } from '../../platform/db.js';
import { notifyContactsTooLong } from '../notifications/service.js';
import { countTooLongByOwner, takeTask } from './repo.js';

/*
 * The one-time report of contacts too long for a B/L. The contact book took the B/L's lengths
 * (DCSA's) after members had saved longer contacts, which a booking then refuses; those contacts are
 * kept whole, and each company that holds any is told once, in the notification centre (each reader
 * sees it in their own language), how many, with a link to its contact book showing only them.
 *
 * It runs at start-up (main.ts), not in the migration's SQL: "too long" is the contract's rule
 * (CONTACT_PARTY_FIELDS), which a migration would write a second time. Migration 0030 leaves the
 * task to do in contact_book_tasks; the start that takes it marks it done in the transaction that
 * writes the notifications, so it runs once whatever the restarts and instances, and a start that
 * fails before the commit leaves it to the next.
 */

/** The task's name in contact_book_tasks, as migration 0030 wrote it. */
export const LIMITS_REPORT_TASK = 'party-limits-report';

/** Tells each company holding contacts too long for a B/L, if not done before; how many were told. */
export async function reportContactsTooLong(db: Db): Promise<{ companies: number }> {
  return db.transaction(async (tx) => {
    if (!(await takeTask(tx, LIMITS_REPORT_TASK))) return { companies: 0 };
    const owners = await countTooLongByOwner(tx);
    for (const owner of owners)
      await notifyContactsTooLong(tx, { companyId: owner.companyId, count: owner.count });
    return { companies: owners.length };
  });
}

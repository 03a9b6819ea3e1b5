import type { Queryable } from '../../db/database';
import { deleteSettledMail } from './mail-outbox-repository';

/**
 * How long the outbox keeps a message once it is settled. A sent one (by then only kind, recipient,
 * subject and times) is deleted 30 days after it was sent; a given-up one 90 days after, so that an
 * operator has longer to see what never arrived and why. Both are far past the one day the daily mail
 * caps count back.
 */
export const SENT_MAIL_RETENTION_DAYS = 30;
export const FAILED_MAIL_RETENTION_DAYS = 90;

const DAY_MS = 86_400_000;
/** Deleted per statement, so a large backlog never holds one long lock. */
const PRUNE_BATCH = 1_000;

/** Deletes every settled message past its retention at `now`; answers how many. */
export async function pruneMailOutbox(db: Queryable, now = new Date()): Promise<number> {
  const cutoff = {
    sentBefore: new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * DAY_MS),
    deadBefore: new Date(now.getTime() - FAILED_MAIL_RETENTION_DAYS * DAY_MS),
  };
  let total = 0;
  for (;;) {
    const deleted = await deleteSettledMail(db, cutoff, PRUNE_BATCH);
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
  }
}

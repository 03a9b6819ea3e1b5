import type { Queryable } from '../../db/database';
import { deleteExpiredEmailChanges } from './email-changes-repository';
import { deleteExpiredPasswordResets } from './password-resets-repository';

/**
 * Password-reset and email-change links nobody opened in time: an expired link is refused anyway, so its
 * row (a hash, a user, a new address) is only kept data with no use. Deleted at `now`; answers how many.
 */
export async function pruneExpiredLinks(db: Queryable, now = new Date()): Promise<{ passwordResets: number; emailChanges: number }> {
  return {
    passwordResets: await deleteExpiredPasswordResets(db, now),
    emailChanges: await deleteExpiredEmailChanges(db, now),
  };
}

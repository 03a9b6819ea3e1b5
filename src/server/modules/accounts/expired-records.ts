import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import { pruneIdleCounters } from '../auth';
import { pruneEndedSessions } from '../members';
import { deleteExpiredEmailChanges } from './email-changes-repository';
import { deleteExpiredPasswordResets } from './password-resets-repository';

/** How many rows of each kind one prune deleted. */
export interface PrunedRecords {
  sessions: number;
  passwordResets: number;
  emailChanges: number;
  throttleCounters: number;
}

/**
 * What the accounts leave behind that can no longer do anything: sessions that would not load any more,
 * password-reset and email-change links past their time (refused anyway), sign-in and sign-up counters
 * that count like none. Each is only kept data (a user, an address, a device) with no use. Deleted at
 * `now`; answers how many of each.
 */
export async function pruneExpiredRecords(db: Queryable, config: AppConfig, now = new Date()): Promise<PrunedRecords> {
  return {
    sessions: await pruneEndedSessions(db, config, now),
    passwordResets: await deleteExpiredPasswordResets(db, now),
    emailChanges: await deleteExpiredEmailChanges(db, now),
    throttleCounters: await pruneIdleCounters(db, now),
  };
}

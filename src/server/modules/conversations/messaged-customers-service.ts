import type { Queryable } from '../../db/database';
import { countCustomersMessagedSince as countMessaged } from './messaged-customers-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Customers sent a template in the moving 24 hours Meta's messaging limit counts (a broadcast's limit check). */
export function customersMessagedInLastDay(db: Queryable, organizationId: string, now = new Date()): Promise<number> {
  return countMessaged(db, organizationId, new Date(now.getTime() - DAY_MS));
}

import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { pendingStatuses } from '../../db/schema';

/**
 * The pending_statuses table's one writer and reader (Drizzle only): delivery statuses reported for a
 * wamid no stored message has yet, parked until the message gets it.
 */

export interface ParkedStatus {
  wamid: string;
  status: string;
  occurredAt: Date;
  errorCode?: number | null;
  errorMessage?: string | null;
}

/** Parks statuses; one already parked (same wamid and status) is kept as it was. */
export async function parkStatuses(db: Queryable, organizationId: string, statuses: ParkedStatus[]): Promise<void> {
  if (statuses.length === 0) return;
  await db
    .insert(pendingStatuses)
    .values(statuses.map((status) => ({ organizationId, ...status })))
    .onConflictDoNothing();
}

/** Removes and answers the statuses parked for a wamid. */
export function takeParkedStatuses(db: Queryable, organizationId: string, wamid: string): Promise<ParkedStatus[]> {
  return takeParkedStatusesOf(db, organizationId, [wamid]);
}

/** Removes and answers the statuses parked for any of these wamids. */
export async function takeParkedStatusesOf(db: Queryable, organizationId: string, wamids: string[]): Promise<ParkedStatus[]> {
  if (wamids.length === 0) return [];
  return db
    .delete(pendingStatuses)
    .where(and(eq(pendingStatuses.organizationId, organizationId), inArray(pendingStatuses.wamid, wamids)))
    .returning({
      wamid: pendingStatuses.wamid,
      status: pendingStatuses.status,
      occurredAt: pendingStatuses.occurredAt,
      errorCode: pendingStatuses.errorCode,
      errorMessage: pendingStatuses.errorMessage,
    });
}

/** Forgets statuses parked before `receivedBefore`; answers how many. */
export async function deleteParkedBefore(db: Queryable, receivedBefore: Date): Promise<number> {
  const removed = await db.delete(pendingStatuses).where(lt(pendingStatuses.receivedAt, receivedBefore)).returning({ id: pendingStatuses.id });
  return removed.length;
}

import { sql, type SQL } from 'drizzle-orm';
import { MESSAGE_STATUS_RANK } from '@shared/api/conversations';

/** The statuses Meta reports for a sent message. */
export const DELIVERY_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One status report for a message, by its wamid (Meta's message id). */
export interface StatusUpdate {
  wamid: string;
  status: DeliveryStatus;
  occurredAt: Date;
  errorCode: number | undefined;
  errorMessage: string | undefined;
}

/**
 * A message's delivery statuses merge by rank (the one the browser uses too), so any order and any
 * number of repeats give the same final state: sending < sent < failed < delivered < read. `failed`
 * beats `sent` but not `delivered` or `read`, because a recipient with several devices can report both.
 */
export const DELIVERY_RANK = MESSAGE_STATUS_RANK;

/** The rank of a stored status column, in SQL (built from DELIVERY_RANK, so the two cannot disagree). */
export function rankOfColumn(column: string): SQL {
  const cases = Object.entries(DELIVERY_RANK).map(([status, rank]) => `when '${status}' then ${rank}`);
  return sql.raw(`(case ${column} ${cases.join(' ')} else 0 end)`);
}

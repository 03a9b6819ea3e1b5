import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { rowsOf } from '../../../db/rows-of';
import { messages } from '../../../db/schema';
import { advanceCounters } from '../conversations-repository';
import type { MessageStatus } from '@shared/api/conversations';
import { DELIVERY_RANK, rankOfColumn } from '../delivery-status';

/** One message's statuses, already folded: the status to reach, the earliest times, the first failure. */
export interface StatusMerge {
  wamid: string;
  status: MessageStatus;
  deliveredAt: Date | null;
  readAt: Date | null;
  errorCode: number | null;
  errorMessage: string | null;
}

/**
 * Merges folded statuses into the stored messages in one statement: a status only ever moves up in
 * rank, times keep the earliest report and errors the first. Only a message whose shown state (status,
 * error) changes takes its conversation's next counter value, so a repeated or out-of-order report that
 * changes nothing the inbox shows never reaches the poll again. The conversations must be locked by the
 * caller. Answers the wamids that exist.
 */
export async function mergeStatuses(db: Queryable, organizationId: string, folded: StatusMerge[]): Promise<Set<string>> {
  // The batch travels as one JSON parameter: building a statement with thousands of parameters costs more than applying it.
  const rows = JSON.stringify(folded.map((f) => ({ ...f, rank: DELIVERY_RANK[f.status] })));
  const result = rowsOf<{ wamid: string }>(
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${rows}::jsonb)
          as v(wamid text, status text, rank int, "deliveredAt" timestamptz, "readAt" timestamptz, "errorCode" int, "errorMessage" text)
      ), merged as (
        select m.id, m.conversation_id, m.seq, m.wamid, m.status as old_status, m.delivered_at as old_delivered_at,
          m.read_at as old_read_at, m.error_code as old_error_code, m.error_message as old_error_message,
          case when ${rankOfColumn('m.status')} < v.rank then v.status else m.status end as status,
          least(m.delivered_at, v."deliveredAt") as delivered_at,
          least(m.read_at, v."readAt") as read_at,
          coalesce(m.error_code, v."errorCode") as error_code,
          coalesce(m.error_message, v."errorMessage") as error_message
        from ${messages} m join v on m.wamid = v.wamid
        where m.organization_id = ${organizationId}::uuid
      ), changed as (
        select merged.*,
          (status, error_code, error_message) is distinct from (old_status, old_error_code, old_error_message) as shown
        from merged
        where (status, delivered_at, read_at, error_code, error_message)
          is distinct from (old_status, old_delivered_at, old_read_at, old_error_code, old_error_message)
      ), numbered as (
        select id, conversation_id, row_number() over (partition by conversation_id order by seq) as k from changed where shown
      ), counted as (
        select conversation_id, count(*)::int as n from numbered group by conversation_id
      ), bumped as (${advanceCounters(organizationId, 'counted')}), applied as (
        update ${messages} as m set
          status = changed.status, delivered_at = changed.delivered_at, read_at = changed.read_at,
          error_code = changed.error_code, error_message = changed.error_message,
          change_seq = coalesce(bumped.base + numbered.k, m.change_seq)
        from changed
          left join numbered on numbered.id = changed.id
          left join bumped on bumped.id = changed.conversation_id
        where m.id = changed.id
        returning m.id
      )
      select wamid from merged`),
  );
  return new Set(result.map((row) => row.wamid));
}

/**
 * Transaction-scoped advisory locks on the organization's wamids, taken in sorted order so two
 * transactions locking overlapping sets cannot deadlock.
 */
export async function lockWamids(db: Queryable, organizationId: string, wamids: string[]): Promise<void> {
  const keys = JSON.stringify([...new Set(wamids)].map((wamid) => `${organizationId}|${wamid}`));
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from jsonb_array_elements_text(${keys}::jsonb) as t(k) order by k`);
}

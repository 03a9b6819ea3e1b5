import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { broadcastRecipients } from '../../db/schema';
import { messageDelivered, messageRead, REPLIED_AT } from '../broadcast-summary';
import { recipientsOf } from './broadcast-analytics-repository';

/**
 * A broadcast's figures counted from scratch over every recipient, its messages, the replies and the
 * presses, the way analytics counted them before broadcasts kept a summary: what tests hold the kept
 * figures to.
 */

export interface RecipientFigures {
  total: number;
  attempted: number;
  sent: number;
  failed: number;
  pending: number;
  unknown: number;
  delivered: number;
  read: number;
  replied: number;
  clicked: number;
  /** Replied or pressed a button. */
  engaged: number;
  /** Percentages of the delivered, one decimal. */
  clickThroughRate: number;
  engagementRate: number;
  /** From the send to the first reply, in minutes with one decimal; 0 with no reply. */
  avgResponseTimeMinutes: number;
}

/** Every per-recipient figure of a broadcast in one pass over its recipients. */
export async function recipientFigures(db: Queryable, organizationId: string, broadcastId: string): Promise<RecipientFigures> {
  const [row] = rowsOf<Record<keyof RecipientFigures, number | string | null>>(
    await db.execute(sql`
      with d as (
        select r.state, ${messageDelivered('m')} as delivered, ${messageRead('m')} as read,
          coalesce(cl.clicked, false) as clicked, m.sent_at, ${REPLIED_AT} as replied_at
        from ${recipientsOf(organizationId, broadcastId)}
      ), f as (
        select count(*)::int as total,
          count(*) filter (where state in ('sending', 'sent', 'failed', 'ambiguous'))::int as attempted,
          count(*) filter (where state = 'sent')::int as sent,
          count(*) filter (where state = 'failed')::int as failed,
          count(*) filter (where state in ('pending', 'sending'))::int as pending,
          count(*) filter (where state = 'ambiguous')::int as unknown,
          count(*) filter (where delivered)::int as delivered,
          count(*) filter (where read)::int as read,
          count(*) filter (where replied_at is not null)::int as replied,
          count(*) filter (where clicked)::int as clicked,
          count(*) filter (where clicked or replied_at is not null)::int as engaged,
          avg(greatest(0, extract(epoch from replied_at - sent_at))) filter (where replied_at is not null) as response_seconds
        from d
      )
      select total, attempted, sent, failed, pending, unknown, delivered, read, replied, clicked, engaged,
        case when delivered = 0 then 0 else round(least(100, 100.0 * clicked / delivered), 1) end as "clickThroughRate",
        case when delivered = 0 then 0 else round(least(100, 100.0 * engaged / delivered), 1) end as "engagementRate",
        coalesce(round((response_seconds / 60)::numeric, 1), 0) as "avgResponseTimeMinutes"
      from f`),
  );
  const figures = {} as RecipientFigures;
  for (const key of Object.keys(row) as (keyof RecipientFigures)[]) figures[key] = Number(row[key] ?? 0);
  return figures;
}

/** The failed recipients grouped by Meta's code and reason, the most common first. */
export async function failureReasons(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
): Promise<Array<{ errorCode: number | null; errorMessage: string | null; count: number }>> {
  const rows = rowsOf<{ error_code: number | null; error_message: string | null; n: number }>(
    await db.execute(sql`
      select r.error_code, r.error_message, count(*)::int as n
      from ${broadcastRecipients} r
      where r.organization_id = ${organizationId}::uuid and r.broadcast_id = ${broadcastId}::uuid and r.state = 'failed'
      group by r.error_code, r.error_message
      order by n desc, r.error_code nulls last, r.error_message nulls last`),
  );
  return rows.map((row) => ({
    errorCode: row.error_code === null ? null : Number(row.error_code),
    errorMessage: row.error_message,
    count: Number(row.n),
  }));
}


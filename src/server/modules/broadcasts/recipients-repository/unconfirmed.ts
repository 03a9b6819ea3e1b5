import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { rowsOf } from '../../../db/rows-of';
import { broadcastRecipients } from '../../../db/schema';

/**
 * Unknown recipients past the grace period: interrupted mid-send and still without any report from
 * WhatsApp `graceMinutes` after their send's slot (a report settles the row, so an `ambiguous` one has
 * had none). Over `r`, a broadcast_recipients row. A row from before slots were kept counts from its last change.
 */
export function leftUnconfirmed(graceMinutes: number): SQL {
  return sql`(r.state = 'ambiguous' and coalesce(r.slot_at, r.updated_at) < now() - make_interval(secs => ${graceMinutes * 60}::float8))`;
}

/** How many of the broadcast's recipients are unconfirmed (the state index finds its few unknown rows). */
export async function countUnconfirmed(db: Queryable, organizationId: string, broadcastId: string, graceMinutes: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from ${broadcastRecipients} r
      where r.organization_id = ${organizationId}::uuid and r.broadcast_id = ${broadcastId}::uuid and ${leftUnconfirmed(graceMinutes)}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * "Send again": the broadcast's unconfirmed recipients go back in the queue, due now, their last
 * attempt's slot and lease cleared; each keeps its message, which the next claim sends under the same
 * id. Answers their ids.
 */
export async function requeueUnconfirmedRecipients(db: Queryable, organizationId: string, broadcastId: string, graceMinutes: number): Promise<string[]> {
  const requeued = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${broadcastRecipients} r
      set state = 'pending', next_attempt_at = now(), locked_until = null, attempt_id = null, slot_at = null,
        error_code = null, error_message = null, updated_at = now()
      where r.organization_id = ${organizationId}::uuid and r.broadcast_id = ${broadcastId}::uuid and ${leftUnconfirmed(graceMinutes)}
      returning r.id`),
  );
  return requeued.map((row) => row.id);
}

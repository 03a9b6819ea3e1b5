import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { rowsOf } from '../../../db/rows-of';
import { broadcastRecipients, contacts, messages } from '../../../db/schema';
import { messageDelivered, messageRead } from '../../broadcast-summary';
import { carriesAnyTag } from '../../tags';

/** Recipients as the broadcasts API sees them: an audience written as recipients, listed, read and cancelled. */

/** Who a broadcast goes to: the contacts carrying any of these tags, or these contacts. */
export type Audience = { tagIds: readonly string[] } | { contactIds: readonly string[] };

/**
 * The audience's distinct live contacts, as a query of `contact_id`: a contact in two tags is one
 * recipient, and a deleted contact is none. The count before sending and the recipients a broadcast
 * gets both come from this one query.
 */
export function audienceContacts(organizationId: string, audience: Audience): SQL {
  const chosen = 'tagIds' in audience
    ? carriesAnyTag(audience.tagIds)
    : inArray(contacts.id, [...audience.contactIds]);
  return sql`select ${contacts.id} as contact_id from ${contacts}
    where ${contacts.organizationId} = ${organizationId}::uuid and ${contacts.deletedAt} is null and ${chosen}`;
}

export async function countAudience(db: Queryable, organizationId: string, audience: Audience): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${audienceContacts(organizationId, audience)}) audience`),
  );
  return Number(row?.n ?? 0);
}

/**
 * A UUIDv7 made by the database (the version and variant bits over a random UUID, with the clock's
 * milliseconds in front), so a set-based insert gives its rows time-ordered ids like the application does.
 */
const SQL_UUIDV7 = sql.raw(`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing
  substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`);

/**
 * Queues one `pending` recipient per contact of the audience in ONE statement (no row-by-row loop, so
 * 100,000 recipients are one insert); answers how many were queued.
 */
export async function insertAudienceRecipients(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
  audience: Audience,
): Promise<number> {
  const inserted = rowsOf<{ n: number }>(
    await db.execute(sql`
      with queued as (
        insert into ${broadcastRecipients} (id, organization_id, broadcast_id, contact_id)
        select ${SQL_UUIDV7}, ${organizationId}::uuid, ${broadcastId}::uuid, audience.contact_id
        from (${audienceContacts(organizationId, audience)}) audience
        returning 1
      )
      select count(*)::int as n from queued`),
  );
  return Number(inserted[0]?.n ?? 0);
}

/** The organization's contacts (deleted or not) among these ids; other ids are simply missing. */
export async function contactsAmong(db: Queryable, organizationId: string, contactIds: readonly string[]): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.id, [...contactIds])));
  return rows.map((row) => row.id);
}

// The rules a recipient's figures follow live with the broadcast summary, which keeps them.
export { messageDelivered, messageRead };

/** Cancels the broadcast's queued recipients (rows already `sending` are with Meta and stay); answers how many. */
export async function cancelPendingRecipients(db: Queryable, organizationId: string, broadcastId: string): Promise<{ messageIds: string[] }> {
  const cancelled = await db
    .update(broadcastRecipients)
    .set({ state: 'cancelled', lockedUntil: null })
    .where(and(
      eq(broadcastRecipients.organizationId, organizationId),
      eq(broadcastRecipients.broadcastId, broadcastId),
      eq(broadcastRecipients.state, 'pending'),
    ))
    .returning({ messageId: broadcastRecipients.messageId });
  return { messageIds: cancelled.flatMap((row) => (row.messageId ? [row.messageId] : [])) };
}

/** Locks every recipient row of the broadcast for the rest of the transaction. */
export async function lockRecipientsOf(db: Queryable, organizationId: string, broadcastId: string): Promise<void> {
  await db
    .select({ id: broadcastRecipients.id })
    .from(broadcastRecipients)
    .where(and(eq(broadcastRecipients.organizationId, organizationId), eq(broadcastRecipients.broadcastId, broadcastId)))
    .for('update');
}

/**
 * "Retry failed": the failed recipients whose message was never delivered and that were never retried
 * go back in the queue once (`retried`), due now, with their error cleared; answers their ids.
 */
export async function requeueFailedRecipients(db: Queryable, organizationId: string, broadcastId: string): Promise<string[]> {
  const requeued = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${broadcastRecipients} r
      set state = 'pending', retried = true, next_attempt_at = now(), locked_until = null, attempt_id = null,
        error_code = null, error_message = null, updated_at = now()
      where r.organization_id = ${organizationId}::uuid and r.broadcast_id = ${broadcastId}::uuid
        and r.state = 'failed' and not r.retried
        and not exists (
          select 1 from ${messages} m
          where m.organization_id = r.organization_id and m.id = r.message_id and ${messageDelivered('m')}
        )
      returning r.id`),
  );
  return requeued.map((row) => row.id);
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RecipientState } from '@shared/api/broadcasts';
import { messageDelivered } from './audience-and-listing';
import type { Queryable } from '../../../db/database';
import { rowsOf } from '../../../db/rows-of';
import { broadcastRecipients, broadcasts, contacts, dispatchAttempts, messages } from '../../../db/schema';
import { contactOptedOut, isMarketingBroadcast, OPTED_OUT_CODE, OPTED_OUT_REASON } from './opt-out';

/** Recipients as the dispatcher moves them: claimed, settled, and moved between states. */

/** A recipient the dispatcher claimed: `failed` already when its contact was deleted or, for marketing, opted out (never sent). */
export interface ClaimedRecipient {
  id: string;
  broadcastId: string;
  contactId: string;
  /** The recipient's broadcast message: one of `messageIds`, or the message of an earlier attempt (null for a deleted contact). */
  messageId: string | null;
  /** Whether the message is an earlier attempt's (a retry), not one to store now. */
  messageExists: boolean;
  state: 'sending' | 'failed';
  /** This one included. */
  attempts: number;
  /** E.164, e.g. +971501234567. */
  phoneE164: string;
  /** The contact's name and WhatsApp profile name, which personal parameters carry. */
  name: string | null;
  profileName: string | null;
}

export const CONTACT_DELETED_REASON = 'Contact was deleted';

/**
 * Claims up to `limit` due recipients of the organization's pending or processing broadcasts (a paused
 * one waits) with FOR UPDATE SKIP LOCKED, so several dispatchers never take the same row: each becomes
 * `sending` with this attempt's id and a lease, its attempt counted, and (on its first attempt) takes
 * one of `messageIds` (at least `limit` of them) as its message's id. A recipient whose contact was
 * deleted meanwhile becomes `failed` instead and is never sent. The caller commits before any send.
 */
export async function claimDueRecipients(
  db: Queryable,
  organizationId: string,
  claim: { attemptId: string; limit: number; leaseSeconds: number; messageIds: string[] },
): Promise<ClaimedRecipient[]> {
  // Sent only to a live contact, and for a MARKETING broadcast only to one not opted out now: checked
  // at the claim, so a contact who opts out mid-broadcast is not sent to.
  const sendable = sql`(c.deleted_at is null and not (${contactOptedOut('c')} and ${isMarketingBroadcast(sql`r.broadcast_id`)}))`;
  const rows = rowsOf<{
    id: string; broadcast_id: string; contact_id: string; message_id: string | null; previous_message_id: string | null;
    state: 'sending' | 'failed'; attempts: number; phone_e164: string; name: string | null; profile_name: string | null;
  }>(
    await db.execute(sql`
      with due as (
        select r.id, r.message_id from ${broadcastRecipients} r
        where r.organization_id = ${organizationId}::uuid and r.state = 'pending' and r.next_attempt_at <= now()
          and r.broadcast_id in (
            select b.id from ${broadcasts} b where b.organization_id = ${organizationId}::uuid and b.status in ('pending', 'processing')
          )
        order by r.next_attempt_at
        limit ${claim.limit}
        for update of r skip locked
      ), numbered as (
        select due.id, due.message_id, row_number() over () as k from due
      )
      update ${broadcastRecipients} r set
        state = case when ${sendable} then 'sending' else 'failed' end,
        message_id = case
          when ${sendable} then coalesce(numbered.message_id, (${JSON.stringify(claim.messageIds)}::jsonb ->> (numbered.k - 1)::int)::uuid)
          else numbered.message_id
        end,
        attempt_id = ${claim.attemptId}::uuid,
        attempts = r.attempts + 1,
        locked_until = case when ${sendable} then now() + make_interval(secs => ${claim.leaseSeconds}::float8) end,
        wamid = null, sent_at = null, slot_at = null,
        error_code = case when ${sendable} or c.deleted_at is not null then null else ${OPTED_OUT_CODE}::int end,
        error_message = case when ${sendable} then null when c.deleted_at is not null then ${CONTACT_DELETED_REASON} else ${OPTED_OUT_REASON} end,
        updated_at = now()
      from numbered, ${contacts} c
      where r.id = numbered.id and c.organization_id = r.organization_id and c.id = r.contact_id
      returning r.id, r.broadcast_id, r.contact_id, r.message_id, numbered.message_id as previous_message_id, r.state, r.attempts, c.phone_e164, c.name, c.profile_name`),
  );
  return rows.map((row) => ({
    id: row.id,
    broadcastId: row.broadcast_id,
    contactId: row.contact_id,
    messageId: row.message_id,
    messageExists: row.previous_message_id !== null,
    state: row.state,
    attempts: Number(row.attempts),
    phoneE164: row.phone_e164,
    name: row.name,
    profileName: row.profile_name,
  }));
}

/** What Meta's answer to one send does to its recipient. */
export type SendSettlement =
  | { id: string; state: 'sent'; wamid: string }
  | { id: string; state: 'failed'; code: number | null; message: string }
  /** Back in the queue in `retryInMs`; `refund`: Meta refused it unsent (throttling), so the attempt does not count. */
  | { id: string; state: 'pending'; retryInMs: number; refund: boolean; code: number | null; message: string | null };

/**
 * Settles one attempt's recipients from Meta's answers, in one statement. Only rows still carrying this
 * attempt and still `sending` (or `ambiguous`, if the lease ran out while the answer was on its way)
 * change: a status webhook may have settled a row first, and a cancelled or deleted broadcast's rows
 * may be gone. Answers the broadcasts whose rows changed.
 */
export async function settleAttempt(
  db: Queryable,
  organizationId: string,
  attemptId: string,
  settlements: SendSettlement[],
): Promise<string[]> {
  if (settlements.length === 0) return [];
  const rows = rowsOf<{ broadcast_id: string }>(
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(settlements)}::jsonb)
          as v(id uuid, state text, wamid text, code int, message text, "retryInMs" float8, refund boolean)
      )
      update ${broadcastRecipients} r set
        state = v.state,
        wamid = case when v.state = 'sent' then v.wamid else r.wamid end,
        sent_at = case when v.state = 'sent' then now() else r.sent_at end,
        error_code = case when v.state = 'sent' then null else v.code end,
        error_message = case when v.state = 'sent' then null else v.message end,
        attempts = r.attempts - case when v.refund then 1 else 0 end,
        next_attempt_at = case when v.state = 'pending' then now() + make_interval(secs => v."retryInMs" / 1000) else r.next_attempt_at end,
        locked_until = null,
        updated_at = now()
      from v
      where r.organization_id = ${organizationId}::uuid and r.id = v.id and r.attempt_id = ${attemptId}::uuid
        and r.state in ('sending', 'ambiguous')
      returning r.broadcast_id`),
  );
  return [...new Set(rows.map((row) => row.broadcast_id))];
}

/** One send of a claimed batch, named for its fence. */
export interface FencedSend {
  organizationId: string;
  attemptId: string;
  recipientId: string;
}

/** Gives these sends (of any batches) the slot `at`, in one statement: their fence, committed before their calls. */
export async function stampSlots(db: Queryable, sends: readonly FencedSend[], at: Date): Promise<void> {
  if (sends.length === 0) return;
  await db.execute(sql`
    update ${broadcastRecipients} r set slot_at = ${at.toISOString()}::timestamptz
    from unnest(
      ${sql.param(sends.map((send) => send.organizationId))}::uuid[],
      ${sql.param(sends.map((send) => send.attemptId))}::uuid[],
      ${sql.param(sends.map((send) => send.recipientId))}::uuid[]
    ) as v(organization_id, attempt_id, id)
    where r.organization_id = v.organization_id and r.id = v.id and r.attempt_id = v.attempt_id`);
}

/**
 * Rows still `sending` after their lease ran out were interrupted (the process died or lost the
 * database). The rule, decided here:
 * - its message has a wamid → `sent`;
 * - no wamid, and provably never handed to Meta → back to `pending`, due now, the attempt refunded
 *   (its message is kept: the next claim sends it under the same id). Provably: its attempt has no
 *   attempt row, or the row has no slot, or its slot lies beyond the attempt's `send_through` — a
 *   call starts only once its slot is committed at or before `send_through`. A missing attempt row is safe
 *   only because the dispatcher writes it and commits BEFORE the batch's first
 *   send, and the stale-attempt sweep never deletes one that still has a `sending` row;
 * - any other row may have reached the customer → `ambiguous` ("unknown"), never sent again, until a
 *   status webhook names it.
 * Takes up to `limit` rows (skipping rows another process is settling); answers how many changed,
 * their broadcasts, and the rows.
 */
export async function expireLeases(
  db: Queryable,
  limit: number,
): Promise<{ count: number; broadcastIds: string[]; recipients: Array<{ organizationId: string; broadcastId: string; recipientId: string }> }> {
  const rows = rowsOf<{ id: string; organization_id: string; broadcast_id: string }>(
    await db.execute(sql`
      with expired as (
        select r.id, m.wamid as message_wamid, m.sent_at as message_sent_at,
          (m.wamid is null and (a.attempt_id is null or r.slot_at is null or r.slot_at > a.send_through)) as never_sent
        from ${broadcastRecipients} r
        left join ${messages} m on m.organization_id = r.organization_id and m.id = r.message_id
        left join ${dispatchAttempts} a on a.attempt_id = r.attempt_id
        where r.state = 'sending' and r.locked_until < now()
        order by r.locked_until
        limit ${limit}
        for update of r skip locked
      )
      update ${broadcastRecipients} r set
        state = case when expired.message_wamid is not null then 'sent' when expired.never_sent then 'pending' else 'ambiguous' end,
        wamid = coalesce(r.wamid, expired.message_wamid),
        sent_at = case when expired.message_wamid is null then r.sent_at else coalesce(r.sent_at, expired.message_sent_at) end,
        attempts = case when expired.never_sent then greatest(r.attempts - 1, 0) else r.attempts end,
        next_attempt_at = case when expired.never_sent then now() else r.next_attempt_at end,
        slot_at = case when expired.never_sent then null else r.slot_at end,
        locked_until = null,
        updated_at = now()
      from expired
      where r.id = expired.id
      returning r.id, r.organization_id, r.broadcast_id`),
  );
  return {
    count: rows.length,
    broadcastIds: [...new Set(rows.map((row) => row.broadcast_id))],
    recipients: rows.map((row) => ({ organizationId: row.organization_id, broadcastId: row.broadcast_id, recipientId: row.id })),
  };
}

/** What a status webhook carrying a recipient id (biz_opaque_callback_data) reports for it. */
export interface RecipientReport {
  id: string;
  outcome: 'sent' | 'failed';
  wamid: string;
  code: number | null;
  message: string | null;
  at: Date;
}

/** The organization's recipients among these ids, with their state and broadcast message (other ids are missing). */
export async function findRecipientStates(
  db: Queryable,
  organizationId: string,
  ids: string[],
): Promise<Array<{ id: string; state: RecipientState; wamid: string | null; messageId: string | null }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: broadcastRecipients.id, state: broadcastRecipients.state, wamid: broadcastRecipients.wamid, messageId: broadcastRecipients.messageId })
    .from(broadcastRecipients)
    .where(and(eq(broadcastRecipients.organizationId, organizationId), inArray(broadcastRecipients.id, ids)));
}

/**
 * Locks the rows among `ids` still queued (`pending`) that no other transaction holds (a claim takes
 * its rows the same way), skipping the others; answers the ids locked.
 */
export async function lockQueuedRecipients(db: Queryable, organizationId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: broadcastRecipients.id })
    .from(broadcastRecipients)
    .where(and(eq(broadcastRecipients.organizationId, organizationId), inArray(broadcastRecipients.id, ids), eq(broadcastRecipients.state, 'pending')))
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/**
 * Applies status webhooks to the recipients they name, in one statement: a `sending` or `ambiguous`
 * row becomes `sent` (or `failed` with Meta's code and reason); a `pending` row whose message never
 * got a wamid (its last send was never answered, and Send again queued it) becomes `sent` when Meta
 * reports that send accepted (the caller locked it first); a `sent` row becomes `failed` when
 * Meta later reports its message failed, unless it was delivered (a failure beats `sent` but not
 * `delivered`, as for the message). Nothing else moves (no state goes backwards). Answers the rows
 * that changed, with their message and the reported wamid.
 */
export async function applyRecipientReports(
  db: Queryable,
  organizationId: string,
  reports: RecipientReport[],
): Promise<Array<{ id: string; broadcastId: string; messageId: string | null; wamid: string }>> {
  if (reports.length === 0) return [];
  const rows = rowsOf<{ id: string; broadcast_id: string; message_id: string | null; wamid: string }>(
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(reports)}::jsonb)
          as v(id uuid, outcome text, wamid text, code int, message text, at timestamptz)
      )
      update ${broadcastRecipients} r set
        state = v.outcome,
        wamid = coalesce(r.wamid, v.wamid),
        sent_at = coalesce(r.sent_at, v.at),
        error_code = case when v.outcome = 'failed' then v.code else r.error_code end,
        error_message = case when v.outcome = 'failed' then coalesce(v.message, 'Message failed') else r.error_message end,
        locked_until = null,
        updated_at = now()
      from v
      where r.organization_id = ${organizationId}::uuid and r.id = v.id and (
        r.state in ('sending', 'ambiguous')
        or (r.state = 'pending' and v.outcome = 'sent' and exists (
          select 1 from ${messages} m where m.organization_id = r.organization_id and m.id = r.message_id and m.wamid is null
        ))
        or (r.state = 'sent' and v.outcome = 'failed' and (r.wamid is null or r.wamid = v.wamid) and not exists (
          select 1 from ${messages} m where m.organization_id = r.organization_id and m.id = r.message_id and ${messageDelivered('m')}
        ))
      )
      returning r.id, r.broadcast_id, r.message_id, v.wamid`),
  );
  return rows.map((row) => ({ id: row.id, broadcastId: row.broadcast_id, messageId: row.message_id, wamid: row.wamid }));
}

export type { Queryable };

import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { RecipientState } from '@shared/api/broadcasts';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { broadcastRecipients, broadcasts, contacts, dispatchAttempts, messages } from '../../db/schema';
import { carriesAnyTag } from '../tags';

/*
 * Shared by two areas: the broadcasts API (create, list, read, cancel) and the dispatcher (claim, settle,
 * status transitions). Each keeps its functions in its own section below.
 */

// ── API ──────────────────────────────────────────────────────────────────────────────────────────────

/** Who a broadcast goes to: the contacts carrying any of these tags, or these contacts. */
export type Audience = { tagIds: readonly string[] } | { contactIds: readonly string[] };

/**
 * The audience's distinct live contacts, as a query of `contact_id`: a contact in two tags is one
 * recipient, and a deleted contact is none. The count before sending and the recipients a broadcast
 * gets both come from this one query.
 */
function audienceContacts(organizationId: string, audience: Audience): SQL {
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

/** A recipient's message counts as delivered once Meta reported it delivered or read (`m` is the messages row). */
export const messageDelivered = (m: string): SQL => sql.raw(`(${m}.status in ('delivered', 'read') or ${m}.delivered_at is not null)`);
/** A recipient's message counts as read once Meta reported it read. */
export const messageRead = (m: string): SQL => sql.raw(`(${m}.status = 'read' or ${m}.read_at is not null)`);

/** A broadcast's figures, derived from its recipients' states and their messages' statuses. */
export interface RecipientCounts {
  sent: number;
  failed: number;
  pending: number;
  unknown: number;
  delivered: number;
  read: number;
}

export const NO_RECIPIENT_COUNTS: RecipientCounts = { sent: 0, failed: 0, pending: 0, unknown: 0, delivered: 0, read: 0 };

/**
 * The counts of several broadcasts in one grouped query (a list page is one query, not one per row),
 * counted by the database from the recipients (the broadcast/state index) and their messages.
 */
export async function recipientCounts(
  db: Queryable,
  organizationId: string,
  broadcastIds: readonly string[],
): Promise<Map<string, RecipientCounts>> {
  if (broadcastIds.length === 0) return new Map();
  const rows = rowsOf<RecipientCounts & { broadcast_id: string }>(
    await db.execute(sql`
      select r.broadcast_id,
        count(*) filter (where r.state = 'sent')::int as sent,
        count(*) filter (where r.state = 'failed')::int as failed,
        count(*) filter (where r.state in ('pending', 'sending'))::int as pending,
        count(*) filter (where r.state = 'ambiguous')::int as unknown,
        count(*) filter (where ${messageDelivered('m')})::int as delivered,
        count(*) filter (where ${messageRead('m')})::int as read
      from ${broadcastRecipients} r
      left join ${messages} m on m.organization_id = r.organization_id and m.id = r.message_id
      where r.organization_id = ${organizationId}::uuid and r.broadcast_id in (${sql.join(broadcastIds.map((id) => sql`${id}::uuid`), sql`, `)})
      group by r.broadcast_id`),
  );
  return new Map(rows.map(({ broadcast_id: id, ...counts }) => [id, {
    sent: Number(counts.sent),
    failed: Number(counts.failed),
    pending: Number(counts.pending),
    unknown: Number(counts.unknown),
    delivered: Number(counts.delivered),
    read: Number(counts.read),
  }]));
}

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

/**
 * "Retry failed": the failed recipients whose message was never delivered and that were never retried
 * go back in the queue once (`retried`), due now, with their error cleared; answers how many.
 */
export async function requeueFailedRecipients(db: Queryable, organizationId: string, broadcastId: string): Promise<number> {
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
  return requeued.length;
}

// ── Dispatch ─────────────────────────────────────────────────────────────────────────────────────────

/** A recipient the dispatcher claimed: `failed` already when its contact was deleted (never sent). */
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
  const rows = rowsOf<{
    id: string; broadcast_id: string; contact_id: string; message_id: string | null; previous_message_id: string | null;
    state: 'sending' | 'failed'; attempts: number; phone_e164: string;
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
        state = case when c.deleted_at is null then 'sending' else 'failed' end,
        message_id = case
          when c.deleted_at is null then coalesce(numbered.message_id, (${JSON.stringify(claim.messageIds)}::jsonb ->> (numbered.k - 1)::int)::uuid)
          else numbered.message_id
        end,
        attempt_id = ${claim.attemptId}::uuid,
        attempts = r.attempts + 1,
        locked_until = case when c.deleted_at is null then now() + make_interval(secs => ${claim.leaseSeconds}::float8) end,
        wamid = null, sent_at = null, error_code = null, slot_at = null,
        error_message = case when c.deleted_at is null then null else ${CONTACT_DELETED_REASON} end,
        updated_at = now()
      from numbered, ${contacts} c
      where r.id = numbered.id and c.organization_id = r.organization_id and c.id = r.contact_id
      returning r.id, r.broadcast_id, r.contact_id, r.message_id, numbered.message_id as previous_message_id, r.state, r.attempts, c.phone_e164`),
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

/**
 * Gives each of an attempt's rows the wall-clock time its call may start (`slotAt[i]` is `ids[i]`'s),
 * in one statement; written with the attempt's watermark, before the batch's first send.
 */
export async function assignSlots(
  db: Queryable,
  organizationId: string,
  attemptId: string,
  slots: { ids: string[]; slotAt: Date[] },
): Promise<void> {
  if (slots.ids.length === 0) return;
  await db.execute(sql`
    update ${broadcastRecipients} r set slot_at = v.slot_at
    from unnest(${sql.param(slots.ids)}::uuid[], ${sql.param(slots.slotAt.map((at) => at.toISOString()))}::timestamptz[])
      as v(id, slot_at)
    where r.organization_id = ${organizationId}::uuid and r.id = v.id and r.attempt_id = ${attemptId}::uuid`);
}

/**
 * Rows still `sending` after their lease ran out were interrupted (the process died or lost the
 * database). The rule, decided here:
 * - its message has a wamid → `sent`;
 * - no wamid, and provably never handed to Meta → back to `pending`, due now, the attempt refunded
 *   (its message is kept: the next claim sends it under the same id). Provably: its attempt has no
 *   watermark row, or the row has no slot, or its slot lies beyond the attempt's `send_through` — a
 *   call starts only once its slot is within the committed watermark. A missing attempt row is safe
 *   only because the dispatcher writes it (with the slots) and commits BEFORE the batch's first
 *   send, and the stale-attempt sweep never deletes one that still has a `sending` row;
 * - any other row may have reached the customer → `ambiguous` ("unknown"), never sent again, until a
 *   status webhook names it.
 * Takes up to `limit` rows (skipping rows another process is settling); answers how many changed,
 * and their broadcasts.
 */
export async function expireLeases(db: Queryable, limit: number): Promise<{ count: number; broadcastIds: string[] }> {
  const rows = rowsOf<{ broadcast_id: string }>(
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
      returning r.broadcast_id`),
  );
  return { count: rows.length, broadcastIds: [...new Set(rows.map((row) => row.broadcast_id))] };
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
 * Applies status webhooks to the recipients they name, in one statement: a `sending` or `ambiguous`
 * row becomes `sent` (or `failed` with Meta's code and reason); a `sent` row becomes `failed` when
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
        or (r.state = 'sent' and v.outcome = 'failed' and (r.wamid is null or r.wamid = v.wamid) and not exists (
          select 1 from ${messages} m where m.organization_id = r.organization_id and m.id = r.message_id and ${messageDelivered('m')}
        ))
      )
      returning r.id, r.broadcast_id, r.message_id, v.wamid`),
  );
  return rows.map((row) => ({ id: row.id, broadcastId: row.broadcast_id, messageId: row.message_id, wamid: row.wamid }));
}

export type { Queryable };

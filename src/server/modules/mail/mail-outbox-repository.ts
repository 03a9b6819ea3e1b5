import { and, asc, count, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { mailOutbox } from '../../db/schema';

/** The mail_outbox table's one writer and reader (Drizzle only). */

export interface NewOutboxMail {
  id: string;
  organizationId: string;
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  secret: string | null;
  messageId: string;
}

export interface ClaimedMail {
  id: string;
  organizationId: string;
  recipient: string;
  subject: string;
  textBody: string | null;
  htmlBody: string | null;
  secret: string | null;
  messageId: string;
  /** Including the one just claimed. */
  attempts: number;
}

export async function insertOutboxMail(db: Queryable, mail: NewOutboxMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

/** Mail of one kind queued in the last day: for one organization, and for one address (any organization). */
export async function countMailSince(
  db: Queryable,
  kind: string,
  since: Date,
  scope: { organizationId: string } | { recipient: string },
): Promise<number> {
  const who = 'organizationId' in scope
    ? eq(mailOutbox.organizationId, scope.organizationId)
    : eq(mailOutbox.recipient, scope.recipient);
  const [{ total }] = await db
    .select({ total: count() })
    .from(mailOutbox)
    .where(and(who, eq(mailOutbox.kind, kind), gt(mailOutbox.createdAt, since)));
  return Number(total);
}

/**
 * Claims one due message: the claim counts an attempt and hides the message from every sender for
 * `leaseSeconds` (FOR UPDATE SKIP LOCKED, so processes sharing the database never claim the same one;
 * if a sender dies mid-send, the message comes back when the lease ends).
 */
export async function claimDueMail(db: Queryable, leaseSeconds: number): Promise<ClaimedMail | null> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.deadAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      organizationId: mailOutbox.organizationId,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      htmlBody: mailOutbox.htmlBody,
      secret: mailOutbox.secret,
      messageId: mailOutbox.messageId,
      attempts: mailOutbox.attempts,
    });
  return claimed ?? null;
}

/** The message left: its bodies and its link are deleted, what was sent to whom and when stays. */
export async function markMailSent(db: Queryable, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, textBody: null, htmlBody: null, secret: null, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/**
 * A failed attempt: retried after `retryInSeconds`, or, when null, given up (its bodies and link
 * deleted like a sent one's).
 */
export async function markMailFailed(db: Queryable, id: string, error: string, retryInSeconds: number | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInSeconds === null
        ? { deadAt: sql`now()`, lastError: error, textBody: null, htmlBody: null, secret: null }
        : { nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`, lastError: error },
    )
    .where(eq(mailOutbox.id, id));
}

/**
 * Deletes up to `limit` messages sent before `sentBefore` or given up before `deadBefore` (never one
 * still waiting to leave); answers how many.
 */
export async function deleteSettledMail(db: Queryable, cutoff: { sentBefore: Date; deadBefore: Date }, limit: number): Promise<number> {
  const settled = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(or(lt(mailOutbox.sentAt, cutoff.sentBefore), lt(mailOutbox.deadAt, cutoff.deadBefore)))
    .limit(limit);
  const deleted = await db.delete(mailOutbox).where(inArray(mailOutbox.id, settled)).returning({ id: mailOutbox.id });
  return deleted.length;
}

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TEMPLATE_FIXTURES } from '@sandbox/fixtures';
import type { BroadcastStatus } from '@shared/api/broadcasts';
import type { TemplateComponent } from '@shared/api/templates';
import type { Database, Queryable } from '../../db/database';
import { uuidv7 } from '../../lib/ids';
import { broadcastRecipients, broadcasts, dispatchAttempts, sendBuckets } from '../../db/schema';
import { ensureContactForCustomer } from '../contacts/contact-intake-service';
import { storeOutboundBatch } from '../conversations/message-delivery-service';
import { kitWithAdminForFile } from '../../testing/whatsapp-test-kit';
import { toTemplateComponents } from '../templates/template-components';
import { findBroadcastSends } from './broadcasts-repository';
import type { ClaimedBatch } from './dispatch-service';
import { prepareSend } from './dispatch-template';

/** Test helpers for the dispatcher: broadcasts and their queued recipients, written as a create would write them. */

/** A sandbox template's components as a broadcast snapshots them. */
export function sandboxTemplateComponents(name: string): TemplateComponent[] {
  const template = TEMPLATE_FIXTURES.find((t) => t.name === name);
  if (!template) throw new Error(`no sandbox template ${name}`);
  return toTemplateComponents(template.components);
}

let counter = 0;

/** A customer number in the UAE (+971 52 1xx xxxx), unique in the test file; `suffix` replaces its last digits. */
export function broadcastCustomer(suffix = ''): string {
  counter += 1;
  const digits = `971521${String(counter).padStart(6, '0')}`;
  return suffix ? `97153${String(counter).padStart(7 - suffix.length, '0')}${suffix}` : digits;
}

export interface QueuedRecipient {
  id: string;
  contactId: string;
  waId: string;
}

export interface QueuedBroadcast {
  broadcastId: string;
  recipients: QueuedRecipient[];
}

/**
 * A broadcast of a sandbox template to new contacts (one per number), its recipients `pending`, as
 * POST /broadcast leaves them. `components` overrides the template snapshot (to make Meta refuse it).
 */
export async function queueBroadcast(
  db: Database,
  organizationId: string,
  options: {
    waIds: string[];
    templateName?: string;
    language?: string;
    components?: TemplateComponent[];
    parameters?: string[];
    status?: BroadcastStatus;
  },
): Promise<QueuedBroadcast> {
  const templateName = options.templateName ?? 'order_confirmation';
  const components = options.components ?? sandboxTemplateComponents(templateName);
  const [{ id: broadcastId }] = await db
    .insert(broadcasts)
    .values({
      organizationId,
      templateId: randomUUID(),
      templateName,
      templateLanguage: options.language ?? 'en_US',
      templateComponents: components,
      parameters: options.parameters ?? ['Layla', 'DR-10293', '12 December'],
      status: options.status ?? 'pending',
      totalCount: options.waIds.length,
    })
    .returning({ id: broadcasts.id });
  const contacts: Array<{ contactId: string; waId: string }> = [];
  for (const waId of options.waIds) contacts.push({ contactId: await ensureContactForCustomer(db, organizationId, waId, undefined), waId });
  const rows = await db
    .insert(broadcastRecipients)
    .values(contacts.map(({ contactId }) => ({ organizationId, broadcastId, contactId })))
    .returning({ id: broadcastRecipients.id, contactId: broadcastRecipients.contactId });
  const waIdOf = new Map(contacts.map((c) => [c.contactId, c.waId]));
  return { broadcastId, recipients: rows.map((row) => ({ ...row, waId: waIdOf.get(row.contactId) ?? '' })) };
}

/** The broadcast's recipients as stored, in the order they were queued. */
export async function recipientRows(db: Database, organizationId: string, broadcastId: string) {
  return db
    .select()
    .from(broadcastRecipients)
    .where(and(eq(broadcastRecipients.organizationId, organizationId), eq(broadcastRecipients.broadcastId, broadcastId)))
    .orderBy(broadcastRecipients.id);
}

export async function broadcastRow(db: Database, broadcastId: string) {
  const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
  return row;
}

/** Makes the broadcast's waiting retries due now, as if their backoff had passed. */
export async function makeRetriesDue(db: Database, broadcastId: string): Promise<void> {
  await db
    .update(broadcastRecipients)
    .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
    .where(and(eq(broadcastRecipients.broadcastId, broadcastId), eq(broadcastRecipients.state, 'pending')));
}

/**
 * Where the killed process was with the batch: `in-call` (every slot within send_through: each row
 * may have been handed to Meta), `before-slot` (the attempt row written, every slot beyond its send_through: nothing
 * was handed to Meta), or `before-attempt` (claimed, the process died before writing the attempt row).
 */
export type CrashPoint = 'in-call' | 'before-slot' | 'before-attempt';

/**
 * The state a process killed mid-send leaves: the recipients claimed (`sending`, this attempt, a
 * lease ending in `leaseSeconds`) with their messages stored, and, per `crashPoint`, the batch's
 * attempt row and slots. Answers the batch as the dispatcher held it. Claims directly, not through the
 * queue, so no running dispatcher can take the rows first.
 */
export async function interruptedSends(
  db: Database,
  organizationId: string,
  queued: QueuedBroadcast,
  leaseSeconds = -1,
  crashPoint: CrashPoint = 'in-call',
): Promise<ClaimedBatch> {
  const attemptId = randomUUID();
  const [send] = await findBroadcastSends(db, organizationId, [queued.broadcastId]);
  const prepared = prepareSend(send, { name: null, profileName: null, phoneNumber: '' });
  const messageIds = queued.recipients.map(() => uuidv7());
  await db.transaction(async (tx) => {
    await storeOutboundBatch(tx, organizationId, {
      create: queued.recipients.map((r, index) => ({
        id: messageIds[index], contactId: r.contactId, messageType: 'template', content: prepared.content, broadcastId: queued.broadcastId,
      })),
      resend: [],
    });
    const sendThrough = Date.now();
    if (crashPoint !== 'before-attempt') await tx.insert(dispatchAttempts).values({ attemptId, sendThrough: new Date(sendThrough) });
    for (const [index, r] of queued.recipients.entries()) {
      const slotAt = crashPoint === 'before-attempt' ? null : new Date(sendThrough + (crashPoint === 'in-call' ? -1_000 : 1_000) + index);
      await tx
        .update(broadcastRecipients)
        .set({ state: 'sending', attemptId, attempts: 1, lockedUntil: new Date(Date.now() + leaseSeconds * 1000), messageId: messageIds[index], slotAt })
        .where(eq(broadcastRecipients.id, r.id));
    }
  });
  return {
    organizationId,
    attemptId,
    items: queued.recipients.map((r, index) => ({
      recipientId: r.id, broadcastId: queued.broadcastId, messageId: messageIds[index], to: `+${r.waId}`, attempts: 1, send: prepared,
    })),
    sends: new Map([[queued.broadcastId, { templateName: send.templateName }]]),
    broadcastIds: [queued.broadcastId],
  };
}

export async function setBroadcastStatus(db: Database, broadcastId: string, status: BroadcastStatus): Promise<void> {
  await db.update(broadcasts).set({ status }).where(eq(broadcasts.id, broadcastId));
}

/**
 * A dispatch test file's kit (the app, a sandbox, an Admin) and what its tests do between steps:
 * `settle` lets status callbacks arrive and be processed, `dispatch` sends what is due and then settles.
 * The app's dispatcher sends only when a test drains it or a route wakes it (a broadcast queued): tests
 * stage rows by hand (queued, claimed, leases run out) and its poll could otherwise claim or sweep them
 * halfway through.
 */
export function dispatchSuite() {
  const suite = kitWithAdminForFile({ broadcastDispatchPollMs: Number.POSITIVE_INFINITY });
  const app = () => suite.kit.t.app;
  const sandbox = () => suite.kit.sandbox;
  const settle = async () => {
    await sandbox().settle();
    await app().webhookInbox.drain();
  };
  return {
    suite,
    db: () => suite.kit.t.database.db,
    app,
    sandbox,
    settle,
    dispatch: async () => {
      await app().broadcastDispatch.drain();
      await settle();
    },
    sendsTo: (waId: string) => sandbox().world.sends.countFor(waId),
    customers: (n: number) => Array.from({ length: n }, () => broadcastCustomer()),
  };
}

/** A number's send bucket, or null before its first send. */
export async function findBucket(db: Queryable, phoneNumberId: string): Promise<typeof sendBuckets.$inferSelect | null> {
  const [row] = await db.select().from(sendBuckets).where(eq(sendBuckets.phoneNumberId, phoneNumberId));
  return row ?? null;
}

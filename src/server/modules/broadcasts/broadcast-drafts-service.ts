import { BROADCAST_DRAFT_TEXTS, UNSENT_STATUSES } from '@shared/api/broadcast-drafts';
import { BROADCAST_TEXTS, type Broadcast, type BroadcastStatus } from '@shared/api/broadcasts';
import type { UpdateBroadcastInput } from '@shared/validation/broadcasts';
import type { Database, Queryable } from '../../db/database';
import { conflict, invalidInput, notFound } from '../../lib/domain-error';
import { listAutomationRules, replaceRules } from '../automation';
import { storedAudience } from './broadcast-audience';
import { checkComposition } from './broadcast-composition';
import { claimDueScheduledBroadcast, lockBroadcast, updateBroadcastRow, type BroadcastRow } from './broadcasts-repository';
import { getBroadcast, insertRecipientsNow } from './broadcasts-service';
import { countQueuedRecipients } from '../broadcast-summary';
import { insertAudienceRecipients } from './recipients-repository';

/**
 * Drafts and scheduled broadcasts: changing one, sending or scheduling it, cancelling a scheduled one,
 * and starting those whose time has come. Until it starts a broadcast has no recipients, only its
 * saved audience, which is resolved into recipients (in one transaction with the status change) when
 * it starts; after that it is the dispatcher's like any other.
 */

const isUnsent = (status: BroadcastStatus) => (UNSENT_STATUSES as readonly BroadcastStatus[]).includes(status);

/** The organization's broadcast, locked; 404 for none (another organization's id too). */
async function lockExisting(db: Queryable, organizationId: string, broadcastId: string): Promise<BroadcastRow> {
  const row = await lockBroadcast(db, organizationId, broadcastId);
  if (!row) throw notFound(BROADCAST_TEXTS.notFound);
  return row;
}

/** 409 once the broadcast has started: only drafts and scheduled ones change. */
function checkUnsent(row: BroadcastRow): void {
  if (!isUnsent(row.status)) throw conflict(BROADCAST_DRAFT_TEXTS.notUnsent);
}

async function lockUnsent(db: Queryable, organizationId: string, broadcastId: string): Promise<BroadcastRow> {
  const row = await lockExisting(db, organizationId, broadcastId);
  checkUnsent(row);
  return row;
}

/** PUT /broadcast/{id}: a draft or scheduled broadcast composed anew (its name, and its rules, kept when none are given). */
export async function updateUnsentBroadcast(
  db: Database,
  organizationId: string,
  broadcastId: string,
  input: UpdateBroadcastInput,
): Promise<Broadcast> {
  await db.transaction(async (tx) => {
    // The broadcast first (another organization's id is not found, whatever the body says), then the
    // body (another organization's tag is refused as unknown), then whether it may still change.
    const row = await lockExisting(tx, organizationId, broadcastId);
    // Without rules in the request the broadcast keeps its own, checked against the template it now has.
    const requestedRules = input.rules ?? (await listAutomationRules(tx, organizationId, broadcastId)).rules;
    const { values, rules } = await checkComposition(tx, organizationId, { ...input, rules: requestedRules });
    checkUnsent(row);
    if (input.scheduledAt !== undefined && row.status === 'draft') throw invalidInput(BROADCAST_DRAFT_TEXTS.scheduleDraftThroughSend);
    await updateBroadcastRow(tx, organizationId, broadcastId, {
      ...values,
      name: input.name || row.name,
      ...(input.scheduledAt === undefined ? {} : { scheduledAt: new Date(input.scheduledAt) }),
    });
    await replaceRules(tx, organizationId, broadcastId, rules);
  });
  return getBroadcast(db, organizationId, broadcastId);
}

/**
 * POST /broadcast/{id}/send: with `scheduledAt` a draft (or a scheduled one) starts then; without it,
 * now: its audience becomes its recipients, and an audience that reaches no one is refused.
 */
export async function sendUnsentBroadcast(
  db: Database,
  organizationId: string,
  broadcastId: string,
  { scheduledAt }: { scheduledAt?: string },
): Promise<Broadcast> {
  await db.transaction(async (tx) => {
    const row = await lockUnsent(tx, organizationId, broadcastId);
    if (scheduledAt !== undefined) {
      await updateBroadcastRow(tx, organizationId, broadcastId, { status: 'scheduled', scheduledAt: new Date(scheduledAt) });
      return;
    }
    const totalCount = await insertRecipientsNow(tx, organizationId, broadcastId, storedAudience(row.audience) ?? { contactIds: [] });
    await updateBroadcastRow(tx, organizationId, broadcastId, { status: 'pending', totalCount, scheduledAt: new Date() });
  });
  return getBroadcast(db, organizationId, broadcastId);
}

/** POST /broadcast/{id}/cancel: a scheduled broadcast is called off; it stays in the list as `cancelled`. */
export async function cancelScheduledBroadcast(db: Database, organizationId: string, broadcastId: string): Promise<Broadcast> {
  if (!(await updateBroadcastRow(db, organizationId, broadcastId, { status: 'cancelled' }, ['scheduled']))) {
    await getBroadcast(db, organizationId, broadcastId);
    throw conflict(BROADCAST_DRAFT_TEXTS.notScheduled);
  }
  return getBroadcast(db, organizationId, broadcastId);
}

/**
 * Starts one scheduled broadcast whose time has come, if any (answers whether it did). The row is
 * claimed with FOR UPDATE SKIP LOCKED and leaves `scheduled` in the same transaction that queues its
 * recipients, so however many processes look, each broadcast starts exactly once, and one whose time
 * passed while no process ran starts when one does. An audience that reaches no one fails it, with the reason.
 */
export async function startDueScheduledBroadcast(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await claimDueScheduledBroadcast(tx);
    if (!row) return false;
    const { organizationId, id } = row;
    const totalCount = await insertAudienceRecipients(tx, organizationId, id, storedAudience(row.audience) ?? { contactIds: [] });
    await countQueuedRecipients(tx, organizationId, id, totalCount);
    await updateBroadcastRow(
      tx,
      organizationId,
      id,
      totalCount === 0
        ? { status: 'failed', statusReason: BROADCAST_TEXTS.noRecipients, completedAt: new Date() }
        : { status: 'pending', totalCount },
    );
    return true;
  });
}

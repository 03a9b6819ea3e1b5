import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { updateTemplateStatus } from '../templates';
import { findNumberOwner, findOrganizationsByBusinessAccount } from '../whatsapp-settings';
import { applyButtonPresses, buttonPressOf } from '../automation';
import { storeInboundMessages, type InboundMessage, applyStatuses } from '../conversations';
import { reconcileRecipients } from '../broadcasts';
import {
  changesOf, inboundMessagesOf, statusesOf, templateStatusOf, type StatusReport, type WebhookChange,
} from './webhook-payload';
import { applyInboundOptOuts, applyMetaOptOuts } from './opt-out-processing';
import { marketingPreferencesOf, marketingRefusalsOf } from './opt-out-signals';

export interface ProcessResult {
  inbound: number;
  /** New inbound messages with a file to download. */
  media: number;
  statuses: number;
}

/**
 * Processes stored webhook events together: each change goes to the organization that owns its phone
 * number id (or, for account-level changes without one, its WABA id). A change for a number no
 * organization has is logged and skipped — never routed to a default organization, which would hand
 * one tenant's customers to another. The inbound messages of all the events are stored first, one
 * batch per organization, then their button presses are applied, then template reviews, then the
 * statuses, again one batch per organization (a status merge is order-independent, so statuses from
 * several events fold into one statement). Meta delivers at least once, so everything here is
 * idempotent and a redelivered or retried event is safe.
 */
export async function processWebhookEvents(db: Database, payloads: readonly unknown[], log: FastifyBaseLogger): Promise<ProcessResult> {
  const result: ProcessResult = { inbound: 0, media: 0, statuses: 0 };
  const changes = payloads.flatMap(changesOf);
  const owners = new Map<string, Promise<string | undefined>>();
  const ownerOf = (change: WebhookChange) => {
    const key = change.phoneNumberId ?? '';
    if (!owners.has(key)) owners.set(key, organizationForNumber(db, change, log));
    return owners.get(key) as Promise<string | undefined>;
  };

  const inbound = new Map<string, InboundMessage[]>();
  for (const change of changes) {
    if (!change.value.messages) continue;
    const organizationId = await ownerOf(change);
    if (organizationId) append(inbound, organizationId, inboundMessagesOf(change));
  }
  for (const [organizationId, messages] of inbound) {
    const stored = await storeInboundMessages(db, organizationId, messages);
    result.inbound += stored.length;
    result.media += stored.filter((message) => message.media).length;
    // Every press in the events, not only the new messages: if applying one failed before, the retried
    // event finds its message stored but the press not yet recorded. Recording is idempotent.
    await applyButtonPresses(db, organizationId, messages.flatMap((message) => buttonPressOf(message) ?? []));
    await applyInboundOptOuts(db, organizationId, messages);
  }

  for (const change of changes) {
    const preferences = marketingPreferencesOf(change);
    const refused = marketingRefusalsOf(change);
    if (preferences.stopped.length + preferences.resumed.length + refused.length === 0) continue;
    const organizationId = await ownerOf(change);
    if (organizationId) await applyMetaOptOuts(db, organizationId, preferences, refused);
  }

  const statuses = new Map<string, StatusReport[]>();
  for (const change of changes) {
    const templateUpdate = templateStatusOf(change);
    if (templateUpdate) {
      // Template reviews (approved, rejected, paused…) come on the account-level webhook; the local copy
      // follows at once, so a broadcast never offers a template that just stopped being sendable.
      const organizationIds = change.wabaId ? await findOrganizationsByBusinessAccount(db, change.wabaId) : [];
      await updateTemplateStatus(db, organizationIds, templateUpdate);
      continue;
    }
    const reports = statusesOf(change);
    const errors = Array.isArray(change.value.errors) ? change.value.errors : [];
    if (reports.length === 0 && errors.length === 0) continue;
    const organizationId = await ownerOf(change);
    if (!organizationId) continue;
    if (errors.length > 0) log.warn({ organizationId, errors }, 'WhatsApp reported an account-level error');
    append(statuses, organizationId, reports);
  }
  for (const [organizationId, reports] of statuses) {
    // Broadcast recipients named by the callback data first: an interrupted send's message gets its wamid here.
    await reconcileRecipients(db, organizationId, reports);
    await applyStatuses(db, organizationId, reports);
    result.statuses += reports.length;
  }
  return result;
}

function append<T>(map: Map<string, T[]>, key: string, items: readonly T[]): void {
  const list = map.get(key);
  if (list) list.push(...items);
  else map.set(key, [...items]);
}

async function organizationForNumber(db: Database, change: WebhookChange, log: FastifyBaseLogger): Promise<string | undefined> {
  if (!change.phoneNumberId) return undefined;
  const owner = await findNumberOwner(db, change.phoneNumberId);
  if (!owner) {
    log.warn({ phoneNumberId: change.phoneNumberId, wabaId: change.wabaId }, 'webhook for a phone number no organization has; skipped');
    return undefined;
  }
  if (change.wabaId && change.wabaId !== owner.businessAccountId) {
    log.warn({ phoneNumberId: change.phoneNumberId, wabaId: change.wabaId }, 'webhook WABA id differs from the configured one');
  }
  return owner.organizationId;
}

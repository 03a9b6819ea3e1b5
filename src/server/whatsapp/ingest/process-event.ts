import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { whatsappConfigs } from '../../db/schema';
import { storeInboundMessages } from './inbound-message';
import { applyStatuses } from './message-status';
import { applyTemplateStatus } from './template-status';
import { changesOf, inboundMessagesOf, statusesOf, templateStatusOf, type WebhookChange } from './webhook-payload';

export interface ProcessResult {
  inbound: number;
  /** New inbound messages with a file to download. */
  media: number;
  statuses: number;
}

/**
 * Processes one stored webhook event: each change goes to the organization that owns its phone number
 * id (or, for account-level changes without one, its WABA id). A change for a number no organization
 * has is logged and skipped — never routed to a default organization (SECURITY.md WH-06). Inbound
 * messages are handled before statuses. Everything here is idempotent, so a retried event is safe.
 */
export async function processWebhookEvent(db: Database, payload: unknown, log: FastifyBaseLogger): Promise<ProcessResult> {
  const result: ProcessResult = { inbound: 0, media: 0, statuses: 0 };
  const changes = changesOf(payload);
  const owners = new Map<string, Promise<string | undefined>>();
  const ownerOf = (change: WebhookChange) => {
    const key = change.phoneNumberId ?? '';
    if (!owners.has(key)) owners.set(key, organizationForNumber(db, change, log));
    return owners.get(key) as Promise<string | undefined>;
  };

  for (const change of changes) {
    if (!change.value.messages) continue;
    const organizationId = await ownerOf(change);
    if (!organizationId) continue;
    const stored = await storeInboundMessages(db, organizationId, inboundMessagesOf(change));
    result.inbound += stored.length;
    result.media += stored.filter((message) => message.media).length;
  }
  for (const change of changes) {
    const templateUpdate = templateStatusOf(change);
    if (templateUpdate) {
      await applyTemplateStatus(db, await organizationsForWaba(db, change.wabaId), templateUpdate);
      continue;
    }
    const statuses = statusesOf(change);
    const errors = Array.isArray(change.value.errors) ? change.value.errors : [];
    if (statuses.length === 0 && errors.length === 0) continue;
    const organizationId = await ownerOf(change);
    if (!organizationId) continue;
    if (errors.length > 0) log.warn({ organizationId, errors }, 'WhatsApp reported an account-level error');
    await applyStatuses(db, organizationId, statuses);
    result.statuses += statuses.length;
  }
  return result;
}

async function organizationForNumber(db: Database, change: WebhookChange, log: FastifyBaseLogger): Promise<string | undefined> {
  if (!change.phoneNumberId) return undefined;
  const [config] = await db
    .select({ organizationId: whatsappConfigs.organizationId, wabaId: whatsappConfigs.businessAccountId })
    .from(whatsappConfigs)
    .where(eq(whatsappConfigs.phoneNumberId, change.phoneNumberId));
  if (!config) {
    log.warn({ phoneNumberId: change.phoneNumberId, wabaId: change.wabaId }, 'webhook for a phone number no organization has; skipped');
    return undefined;
  }
  if (change.wabaId && change.wabaId !== config.wabaId) {
    log.warn({ phoneNumberId: change.phoneNumberId, wabaId: change.wabaId }, 'webhook WABA id differs from the configured one');
  }
  return config.organizationId;
}

async function organizationsForWaba(db: Database, wabaId: string): Promise<string[]> {
  if (!wabaId) return [];
  const rows = await db
    .select({ organizationId: whatsappConfigs.organizationId })
    .from(whatsappConfigs)
    .where(eq(whatsappConfigs.businessAccountId, wabaId));
  return rows.map((row) => row.organizationId);
}

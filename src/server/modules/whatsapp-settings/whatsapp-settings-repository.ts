import { and, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { whatsappConfigs } from '../../db/schema';

/** The whatsapp_configs table's one writer and reader (Drizzle only). The token stays encrypted here. */

export type WhatsAppConfigRow = typeof whatsappConfigs.$inferSelect;

export interface StoredConfig {
  phoneNumberId: string;
  businessAccountId: string;
  webhookVerifyToken: string;
  isActive: boolean;
  /** Undefined keeps the stored pace (or the default, for a new configuration). */
  messagesPerSecond?: number;
}

export async function findConfig(db: Queryable, organizationId: string): Promise<WhatsAppConfigRow | undefined> {
  const [row] = await db.select().from(whatsappConfigs).where(eq(whatsappConfigs.organizationId, organizationId));
  return row;
}

/** Whether another organization has connected this phone number id. */
export async function isNumberUsedElsewhere(db: Queryable, phoneNumberId: string, organizationId: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: whatsappConfigs.organizationId })
    .from(whatsappConfigs)
    .where(and(eq(whatsappConfigs.phoneNumberId, phoneNumberId), ne(whatsappConfigs.organizationId, organizationId)));
  return taken !== undefined;
}

/** Creates or replaces the organization's configuration, token included. */
export async function upsertConfig(db: Queryable, organizationId: string, config: StoredConfig & { accessTokenEncrypted: string }): Promise<void> {
  await db
    .insert(whatsappConfigs)
    .values({ organizationId, ...config })
    .onConflictDoUpdate({ target: whatsappConfigs.organizationId, set: config });
}

/** Changes the configuration but keeps its token; false when the organization has none. */
export async function updateConfigKeepingToken(db: Queryable, organizationId: string, config: StoredConfig): Promise<boolean> {
  const updated = await db
    .update(whatsappConfigs)
    .set(config)
    .where(eq(whatsappConfigs.organizationId, organizationId))
    .returning({ id: whatsappConfigs.organizationId });
  return updated.length > 0;
}

export async function deleteConfig(db: Queryable, organizationId: string): Promise<boolean> {
  const deleted = await db
    .delete(whatsappConfigs)
    .where(eq(whatsappConfigs.organizationId, organizationId))
    .returning({ id: whatsappConfigs.organizationId });
  return deleted.length > 0;
}

export async function setConfigActive(db: Queryable, organizationId: string, isActive: boolean): Promise<void> {
  await db.update(whatsappConfigs).set({ isActive }).where(eq(whatsappConfigs.organizationId, organizationId));
}

/** A stored verify token equal to `token`, if any organization has one. */
export async function findVerifyToken(db: Queryable, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ token: whatsappConfigs.webhookVerifyToken })
    .from(whatsappConfigs)
    .where(eq(whatsappConfigs.webhookVerifyToken, token))
    .limit(1);
  return row?.token;
}

/** The organization that connected a phone number id, and the business account it configured with it. */
export async function findNumberOwner(
  db: Queryable,
  phoneNumberId: string,
): Promise<{ organizationId: string; businessAccountId: string } | undefined> {
  const [row] = await db
    .select({ organizationId: whatsappConfigs.organizationId, businessAccountId: whatsappConfigs.businessAccountId })
    .from(whatsappConfigs)
    .where(eq(whatsappConfigs.phoneNumberId, phoneNumberId));
  return row;
}

/** The organizations configured with a WhatsApp Business Account id. */
export async function findOrganizationsByBusinessAccount(db: Queryable, businessAccountId: string): Promise<string[]> {
  const rows = await db
    .select({ organizationId: whatsappConfigs.organizationId })
    .from(whatsappConfigs)
    .where(eq(whatsappConfigs.businessAccountId, businessAccountId));
  return rows.map((row) => row.organizationId);
}

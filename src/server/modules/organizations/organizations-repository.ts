import { count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { organizations } from '../../db/schema';

/** The organizations table's one writer and reader (Drizzle only). */

/** Stores a new organization; answers its id. */
export async function insertOrganization(db: Queryable, name: string): Promise<string> {
  const [organization] = await db.insert(organizations).values({ name }).returning({ id: organizations.id });
  return organization.id;
}

/** When the organization last synced its message templates from WhatsApp, if ever. */
export async function findTemplateSyncAt(db: Queryable, organizationId: string): Promise<Date | null> {
  const [row] = await db.select({ at: organizations.lastTemplateSyncAt }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.at ?? null;
}

export async function recordTemplateSync(db: Queryable, organizationId: string, syncedAt: Date): Promise<void> {
  await db.update(organizations).set({ lastTemplateSyncAt: syncedAt }).where(eq(organizations.id, organizationId));
}

/** Whether any organization exists yet (an empty database gets the demo organization at start-up). */
export async function hasOrganizations(db: Queryable): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(organizations);
  return Number(n) > 0;
}

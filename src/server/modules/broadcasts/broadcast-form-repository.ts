import { and, eq, inArray } from 'drizzle-orm';
import type { AudienceContact } from '@shared/api/broadcast-detail';
import type { TemplateComponent } from '@shared/api/templates';
import type { Queryable } from '../../db/database';
import { broadcasts, contacts } from '../../db/schema';

/** Reads what a broadcast's form is composed from again: the saved composition and the contacts it names. */

export interface StoredComposition {
  templateId: string;
  templateComponents: TemplateComponent[];
  headerMediaId: string | null;
  headerLink: string | null;
  audience: unknown;
}

/** The broadcast's template, header and saved audience; null when it is not the organization's. */
export async function findStoredComposition(db: Queryable, organizationId: string, broadcastId: string): Promise<StoredComposition | null> {
  const [row] = await db
    .select({
      templateId: broadcasts.templateId,
      templateComponents: broadcasts.templateComponents,
      headerMediaId: broadcasts.headerMediaId,
      headerLink: broadcasts.headerLink,
      audience: broadcasts.audience,
    })
    .from(broadcasts)
    .where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId)));
  return row ? { ...row, templateComponents: row.templateComponents as TemplateComponent[] } : null;
}

/** The organization's contacts among these ids (deleted ones too: the form shows what was chosen), in the order given. */
export async function findAudienceContacts(db: Queryable, organizationId: string, contactIds: readonly string[]): Promise<AudienceContact[]> {
  if (contactIds.length === 0) return [];
  const rows = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      profileName: contacts.profileName,
      countryCode: contacts.countryCode,
      phoneNumber: contacts.phoneNumber,
    })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.id, [...contactIds])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return contactIds.flatMap((id) => byId.get(id) ?? []);
}

import { eq, sql } from 'drizzle-orm';
import { TAG_COLOR_PALETTE } from '@shared/constants';
import type { Database, Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { contacts, tags } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { tagContacts } from '../contacts/contact-tags';
import { addSystemNotes } from '../notes/system-notes';
import { findTagByName } from '../tags/tag-store';
import type { ContactBatches, ContactColumns } from './contact-batches';

export interface ImportWriteRequest {
  organizationId: string;
  userId: string;
  tagName: string;
  fileName: string;
  contacts: ContactBatches;
}

export interface ImportWriteResult {
  tagId: string;
  created: number;
  updated: number;
}

/**
 * The import tag: an existing tag of that name (any case) is reused, and restored if it was deleted;
 * otherwise a new csv_import tag is made, coloured from the palette by its name.
 */
async function importTag(db: Queryable, organizationId: string, name: string): Promise<string> {
  const existing = await findTagByName(db, organizationId, name);
  if (existing) {
    if (existing.deletedAt) await db.update(tags).set({ deletedAt: null }).where(eq(tags.id, existing.id));
    return existing.id;
  }
  const hash = [...name.toLowerCase()].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) >>> 0, 7);
  const [created] = await db
    .insert(tags)
    .values({ organizationId, name, color: TAG_COLOR_PALETTE[hash % TAG_COLOR_PALETTE.length], type: 'csv_import' })
    .returning({ id: tags.id });
  return created.id;
}

/**
 * Upserts one batch by normalized number. A row the organization already has keeps its name when the
 * file gives none, takes the file's otherwise, and comes back if it was deleted (importing it again is
 * the user saying it is a contact). `xmax = 0` tells a freshly inserted row from an updated one.
 */
async function upsertBatch(db: Queryable, organizationId: string, batch: ContactColumns) {
  const result = await db.execute(sql`
    insert into ${contacts} as c (id, organization_id, name, country_code, phone_number, phone_e164)
    select r.id, ${organizationId}::uuid, r.name, r.country_code, r.phone_number, r.phone_e164
    from unnest(
      ${sql.param(batch.e164s.map(() => uuidv7()))}::uuid[],
      ${sql.param(batch.names)}::text[],
      ${sql.param(batch.countryCodes)}::text[],
      ${sql.param(batch.phoneNumbers)}::text[],
      ${sql.param(batch.e164s)}::text[]
    ) as r(id, name, country_code, phone_number, phone_e164)
    on conflict (organization_id, phone_e164) do update set
      name = coalesce(excluded.name, c.name),
      deleted_at = null,
      updated_at = now()
    returning c.id, (c.xmax = 0) as inserted`);
  return rowsOf<{ id: string; inserted: boolean }>(result);
}

/**
 * Writes a checked file in ONE transaction: the contacts, the tag on every one of them, and an activity
 * entry on each timeline. Either all of it is stored or none of it (a failure half-way rolls back), so a
 * file is never half imported and importing it again changes nothing but the timeline.
 */
export async function writeImport(db: Database, request: ImportWriteRequest): Promise<ImportWriteResult> {
  const { organizationId, userId } = request;
  return db.transaction(async (tx) => {
    const tagId = await importTag(tx, organizationId, request.tagName);
    const createdNote = `Imported from ${request.fileName} with tag "${request.tagName}"`;
    const updatedNote = `Updated by an import from ${request.fileName} with tag "${request.tagName}"`;
    let created = 0;
    let updated = 0;
    for (const batch of request.contacts.batches()) {
      const rows = await upsertBatch(tx, organizationId, batch);
      const createdIds = rows.filter((row) => row.inserted).map((row) => row.id);
      const updatedIds = rows.filter((row) => !row.inserted).map((row) => row.id);
      created += createdIds.length;
      updated += updatedIds.length;
      await tagContacts(tx, organizationId, tagId, rows.map((row) => row.id));
      await addSystemNotes(tx, { organizationId, userId, contactIds: createdIds, content: createdNote });
      await addSystemNotes(tx, { organizationId, userId, contactIds: updatedIds, content: updatedNote });
    }
    return { tagId, created, updated };
  });
}


import { sql } from 'drizzle-orm';
import type { Queryable } from '../server/db/database';
import { rowsOf } from '../server/db/rows-of';

/**
 * What an organization's contacts table holds against the file it imported, counted in the database
 * itself rather than trusted from the import's answers: a crash test's verdict.
 */

export interface ImportAudit {
  /** The organization's contacts (deleted ones too). */
  stored: number;
  /** Contacts beyond the first with the same number (the unique key should make this 0). */
  duplicates: number;
  /** Numbers of the file with no contact. */
  missing: number;
  /** Contacts whose number is not in the file. */
  extra: number;
  /** Contacts of the file without the import's tag, and tag links beyond one per contact. */
  untagged: number;
  duplicateTagLinks: number;
  /** Contacts of the file whose timeline does not have exactly one "Imported from <file>" entry: written twice, or never recorded. */
  importEntriesNotOne: number;
}

/** Counts the organization's contacts against `fileNumbers` (the file's good rows' E.164 numbers). */
export async function auditImport(
  db: Queryable,
  audited: { organizationId: string; tagName: string; fileName: string; fileNumbers: readonly string[] },
): Promise<ImportAudit> {
  const { organizationId, tagName, fileName, fileNumbers } = audited;
  const [counts] = rowsOf<Record<keyof ImportAudit, string | number>>(
    await db.execute(sql`
      with file as (select distinct e164 from unnest(${sql.param([...fileNumbers])}::text[]) as f(e164)),
      stored as (select id, phone_e164 from contacts where organization_id = ${organizationId}::uuid),
      tag as (select id from tags where organization_id = ${organizationId}::uuid and name = ${tagName} and deleted_at is null),
      links as (select contact_id from contact_tags where organization_id = ${organizationId}::uuid and tag_id in (select id from tag)),
      entries as (
        select contact_id, count(*) as n from contact_notes
        where organization_id = ${organizationId}::uuid and type = 'system' and content like ${`Imported from ${fileName} %`}
        group by contact_id
      )
      select
        (select count(*) from stored) as "stored",
        (select count(*) - count(distinct phone_e164) from stored) as "duplicates",
        (select count(*) from file where not exists (select 1 from stored where stored.phone_e164 = file.e164)) as "missing",
        (select count(*) from stored where not exists (select 1 from file where file.e164 = stored.phone_e164)) as "extra",
        (select count(*) from stored where stored.phone_e164 in (select e164 from file)
           and not exists (select 1 from links where links.contact_id = stored.id)) as "untagged",
        (select count(*) - count(distinct contact_id) from links) as "duplicateTagLinks",
        (select count(*) from stored left join entries on entries.contact_id = stored.id
          where stored.phone_e164 in (select e164 from file) and coalesce(entries.n, 0) <> 1) as "importEntriesNotOne"
    `),
  );
  // Counts come back as bigint text from node-postgres and as numbers from PGlite.
  const number = (key: keyof ImportAudit) => Number(counts[key]);
  return {
    stored: number('stored'),
    duplicates: number('duplicates'),
    missing: number('missing'),
    extra: number('extra'),
    untagged: number('untagged'),
    duplicateTagLinks: number('duplicateTagLinks'),
    importEntriesNotOne: number('importEntriesNotOne'),
  };
}

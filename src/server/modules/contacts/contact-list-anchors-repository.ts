import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { rowsOf } from '../../db/rows-of';
import { contacts } from '../../db/schema';

/** Every this-many-th contact of the newest-first list is an anchor: no page walks more index entries than this. */
export const ANCHOR_SPACING = 1000;
/** Organizations whose anchors are kept; the least recently listed is dropped first. */
const MAX_ORGANIZATIONS = 500;

/** A contact's place in the newest-first order. created_at as PostgreSQL's text, which keeps its microseconds. */
export interface ListKey {
  createdAt: string;
  id: string;
}

interface Anchors {
  /** How many contacts the organization had when the anchors were taken. */
  total: number;
  /** keys[k] is the contact at offset k * ANCHOR_SPACING. */
  keys: Promise<ListKey[]>;
}

/** Per database, by organization, least recently listed first. */
const anchorsOf = perDatabase((): Map<string, Anchors> => new Map());

function takeAnchors(db: Database, organizationId: string): Promise<ListKey[]> {
  // One index-only walk of the organization; row_number follows the index order, so nothing is sorted.
  return db
    .execute(sql`
      select created_at::text as "createdAt", id from (
        select ${contacts.createdAt} as created_at, ${contacts.id} as id,
               row_number() over (order by ${contacts.createdAt} desc nulls last, ${contacts.id} desc nulls last) - 1 as position
        from ${contacts} where ${contacts.organizationId} = ${organizationId}
      ) listed
      where position % ${ANCHOR_SPACING} = 0
      order by position`)
    .then((result) => rowsOf<ListKey>(result));
}

/**
 * Where to start reading the page at `offset` of an organization's contacts list: the anchor at or before
 * it and how many contacts lie between, or null when there is none (an empty organization).
 *
 * An offset costs one index entry per skipped contact, which for the deep pages of a large organization
 * is most of a request. Anchors bound that to ANCHOR_SPACING. They stay right while the number of contacts
 * stays the same: the order is by created_at, which never changes, and contacts are only ever soft-deleted
 * (an organization's contacts go only with the organization). So `total`, the running count, says
 * whether they are current; when it moved, one walk of the index takes them again, shared by every
 * request that needs them meanwhile.
 */
export async function listAnchor(
  db: Database,
  organizationId: string,
  total: number,
  offset: number,
): Promise<{ key: ListKey; skip: number } | null> {
  const organizations = anchorsOf(db);
  let anchors = organizations.get(organizationId);
  organizations.delete(organizationId);
  if (!anchors || anchors.total !== total) {
    const taking: Anchors = { total, keys: takeAnchors(db, organizationId) };
    taking.keys.catch(() => {
      if (organizations.get(organizationId) === taking) organizations.delete(organizationId);
    });
    anchors = taking;
  }
  organizations.set(organizationId, anchors);
  if (organizations.size > MAX_ORGANIZATIONS) organizations.delete(organizations.keys().next().value as string);

  const keys = await anchors.keys;
  if (keys.length === 0) return null;
  const k = Math.min(Math.floor(offset / ANCHOR_SPACING), keys.length - 1);
  return { key: keys[k], skip: offset - k * ANCHOR_SPACING };
}

import type { BroadcastAudience } from '@shared/api/broadcast-drafts';
import type { Queryable } from '../../db/database';
import { liveTagsAmong } from '../tags';
import type { Audience } from './recipients-repository';

/** A broadcast's saved audience as the database keeps it, and as the list shows it (tags with their names). */

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');

/** The audience column's value; null for a broadcast made before audiences were kept. */
export function storedAudience(value: unknown): Audience | null {
  if (typeof value !== 'object' || value === null) return null;
  const { tagIds, contactIds } = value as { tagIds?: unknown; contactIds?: unknown };
  if (isIdList(tagIds)) return { tagIds };
  if (isIdList(contactIds)) return { contactIds };
  return null;
}

/**
 * Each broadcast's audience for the wire, by broadcast id: its tags' current names come from one query
 * for the whole page (a tag deleted since is left out).
 */
export async function describeAudiences(
  db: Queryable,
  organizationId: string,
  rows: ReadonlyArray<{ id: string; audience: unknown }>,
): Promise<Map<string, BroadcastAudience | null>> {
  const audiences = rows.map((row) => ({ id: row.id, audience: storedAudience(row.audience) }));
  const tagIds = new Set(audiences.flatMap(({ audience }) => (audience && 'tagIds' in audience ? audience.tagIds : [])));
  const names = new Map((await liveTagsAmong(db, organizationId, [...tagIds])).map((tag) => [tag.id, tag.name]));
  return new Map(audiences.map(({ id, audience }): [string, BroadcastAudience | null] => {
    if (!audience) return [id, null];
    if ('contactIds' in audience) return [id, { contactIds: [...audience.contactIds] }];
    const tags = audience.tagIds.flatMap((tagId) => {
      const name = names.get(tagId);
      return name === undefined ? [] : [{ id: tagId, name }];
    });
    return [id, { tags }];
  }));
}

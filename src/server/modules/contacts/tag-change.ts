import type { TagRef } from '../tags';

/** What editing a contact's tags changes: the tags it gains and the tags it loses. */
export interface TagChange {
  added: TagRef[];
  removed: TagRef[];
}

export function tagChange(before: readonly TagRef[], after: readonly TagRef[]): TagChange {
  const beforeIds = new Set(before.map((t) => t.id));
  const afterIds = new Set(after.map((t) => t.id));
  return { added: after.filter((t) => !beforeIds.has(t.id)), removed: before.filter((t) => !afterIds.has(t.id)) };
}

export function isNoChange({ added, removed }: TagChange): boolean {
  return added.length === 0 && removed.length === 0;
}

/** The timeline's words for a change: 'Tags changed: added VIP, Lead; removed Old'. */
export function describeTagChange({ added, removed }: TagChange): string {
  const parts: string[] = [];
  if (added.length > 0) parts.push(`added ${added.map((t) => t.name).join(', ')}`);
  if (removed.length > 0) parts.push(`removed ${removed.map((t) => t.name).join(', ')}`);
  return `Tags changed: ${parts.join('; ')}`;
}

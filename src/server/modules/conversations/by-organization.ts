/**
 * A batch of reads gathered by organization (every statement of a batched read is scoped to one), each
 * organization's values once.
 */
export function byOrganization<Key extends { organizationId: string }, Value>(keys: readonly Key[], valueOf: (key: Key) => Value): Map<string, Set<Value>> {
  const groups = new Map<string, Set<Value>>();
  for (const key of keys) groups.set(key.organizationId, (groups.get(key.organizationId) ?? new Set<Value>()).add(valueOf(key)));
  return groups;
}

import type { AudienceRequest } from '@shared/api/broadcasts';
import type { ComposeValues } from './compose-values';

/** The audience as one string, so it can be debounced (a new array each render never settles). */
export function audienceKey(values: Pick<ComposeValues, 'audience' | 'tagIds' | 'contactIds'>): string {
  return `${values.audience}:${(values.audience === 'tags' ? values.tagIds : values.contactIds).join(',')}`;
}

/** The request for an audience key; null while nothing is selected. */
export function audienceRequest(key: string): AudienceRequest | null {
  const [mode, list] = key.split(':');
  const ids = list ? list.split(',') : [];
  if (ids.length === 0) return null;
  return mode === 'tags' ? { tagIds: ids } : { contactIds: ids };
}

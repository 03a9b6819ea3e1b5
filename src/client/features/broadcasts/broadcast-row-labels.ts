import type { Broadcast } from '@shared/api/broadcasts';
import { formatCountOf } from '@shared/format/count';
import { zonedDateTimeLabel } from '@shared/format/zoned-time';

/** Who a broadcast goes to: its tags by name, or 'N contacts' (the recipients, for one made before audiences were kept). */
export function audienceLabel(broadcast: Pick<Broadcast, 'audience' | 'totalCount'>): string {
  const { audience } = broadcast;
  const contacts = (count: number) => formatCountOf(count, 'contact');
  if (!audience) return contacts(broadcast.totalCount);
  if ('contactIds' in audience) return contacts(audience.contactIds.length);
  return audience.tags.length === 0 ? 'Deleted tags' : audience.tags.map((tag) => tag.name).join(', ');
}

/**
 * When it goes out, in the organization's zone: 'Scheduled for …' (or 'Was scheduled for …' once
 * cancelled), 'Sent …' from its start, 'Saved …' for a draft.
 */
export function whenLabel(broadcast: Pick<Broadcast, 'status' | 'scheduledAt' | 'createdAt'>, timeZone: string): string {
  const at = (instant: string) => zonedDateTimeLabel(instant, timeZone);
  if (broadcast.status === 'draft') return `Saved ${at(broadcast.createdAt)}`;
  if (broadcast.status === 'scheduled' && broadcast.scheduledAt) return `Scheduled for ${at(broadcast.scheduledAt)}`;
  if (broadcast.status === 'cancelled' && broadcast.scheduledAt) return `Was scheduled for ${at(broadcast.scheduledAt)}`;
  return `Sent ${at(broadcast.scheduledAt ?? broadcast.createdAt)}`;
}

import type { RecipientFilter } from '@shared/api/broadcasts';

/** A list of recipients the analytics screen drills into: a stage, a count, or one failure reason. */
export interface DrillDown {
  filter: RecipientFilter;
  /** One failure reason: Meta's code, or 'none' for failures without one. */
  errorCode?: string;
  /** What the list is called ('Delivered', 'Failed: Message undeliverable'). */
  title: string;
}

export const FILTER_TITLES: Readonly<Record<RecipientFilter, string>> = {
  attempted: 'Attempted',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  replied: 'Replied',
  pending: 'Pending',
  failed: 'Failed',
  unknown: 'Unknown',
  unconfirmed: 'Not confirmed by WhatsApp',
  clicked: 'Pressed a button',
};

export type OpenDrillDown = (drillDown: DrillDown) => void;

/** Opens a recipients list; absent for a member without analytics:view_advanced, whose counts list nobody. */
export type MaybeDrillDown = OpenDrillDown | undefined;

export { formatCount } from '@shared/format/count';

/** A share as a percentage with one decimal ('84.2%'); '–' when there is nothing to divide by. */
export function percentOf(part: number, whole: number): string {
  if (whole <= 0) return '–';
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`;
}

/** A rate the server gives as a percentage. */
export function formatRate(rate: number): string {
  return `${(Math.round(rate * 10) / 10).toFixed(1)}%`;
}

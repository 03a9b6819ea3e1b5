/** A dashboard statistic card: one figure, linking to its screen. */
export type DashboardIcon = 'messages' | 'users' | 'template' | 'tags' | 'waiting' | 'unassigned' | 'mine' | 'response';

export interface DashboardCard {
  id: string;
  title: string;
  /** Null when there is nothing to measure yet (no first response today). */
  value: number | null;
  /** How to read the value: a count (default) or a duration in minutes. */
  unit?: 'minutes';
  icon: DashboardIcon;
  color: string;
  link: string;
  /** For the waiting customers: when the longest wait began (ISO 8601), absent when nobody waits. */
  waitingSince?: string;
}

/** One of the latest broadcasts that started sending, with its rates as fractions (null: nothing to divide by). */
export interface RecentBroadcast {
  id: string;
  name: string;
  sentCount: number;
  /** Delivered of sent. */
  deliveryRate: number | null;
  /** Read of delivered. */
  readRate: number | null;
}

export interface AnalyticsResponse {
  cards: DashboardCard[];
  /** The last three broadcasts that started sending, newest first; only for analytics:view. */
  recentBroadcasts?: RecentBroadcast[];
}

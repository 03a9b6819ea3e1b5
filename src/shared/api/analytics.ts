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

export interface AnalyticsResponse {
  cards: DashboardCard[];
}

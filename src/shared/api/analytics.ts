/** A dashboard statistic card: one figure, linking to its screen. */
export type DashboardIcon = 'messages' | 'users' | 'template' | 'tags' | 'waiting' | 'unassigned' | 'mine';

export interface DashboardCard {
  id: string;
  title: string;
  value: number;
  icon: DashboardIcon;
  color: string;
  link: string;
  /** For the waiting customers: when the longest wait began (ISO 8601), absent when nobody waits. */
  waitingSince?: string;
}

export interface AnalyticsResponse {
  cards: DashboardCard[];
}

/** A dashboard statistic card: one count, linking to its screen. */
export type DashboardIcon = 'messages' | 'users' | 'template' | 'tags';

export interface DashboardCard {
  id: string;
  title: string;
  value: number;
  icon: DashboardIcon;
  color: string;
  link: string;
}

export interface AnalyticsResponse {
  cards: DashboardCard[];
}

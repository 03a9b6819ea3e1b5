/** Dashboard statistic card (SPEC.md section 3). */
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

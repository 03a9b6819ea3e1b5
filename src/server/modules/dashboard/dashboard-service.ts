import type { AnalyticsResponse, DashboardCard } from '@shared/api/analytics';
import type { Permission } from '@shared/permissions/catalogue';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../types';
import { statusCounts, viewerOf, visibleConversations } from '../conversations';
import { countActiveContacts, countActiveTags, countTemplates } from './dashboard-repository';
import { readOrganizationSettings } from '../organization-settings';
import { medianFirstResponseToday } from '../reports';
import { countMyOpen, countUnassigned, countWaiting } from './inbox-figures-repository';
import { recentBroadcasts } from './recent-broadcasts';

type Figure = Pick<DashboardCard, 'value' | 'waitingSince' | 'unit'>;

interface CardDefinition extends Omit<DashboardCard, 'value' | 'waitingSince' | 'unit'> {
  /** Cards link to screens; a card whose screen the member may not open is not shown. */
  requires: Permission;
  count: (db: Database, member: AuthContext) => Promise<number | Figure>;
}

/** Counts of the organization's records, the same for every member who may open their screen. */
const ofOrganization = (count: (db: Database, organizationId: string) => Promise<number>) =>
  (db: Database, member: AuthContext) => count(db, member.organizationId);

const CARDS: CardDefinition[] = [
  {
    id: 'conversations', title: 'Conversations', icon: 'messages', color: '#1976d2', link: '/conversations',
    // The conversations the member sees: all with chats:view_all, else their own and the unassigned ones.
    requires: 'chats:view', count: async (db, member) => (await statusCounts(db, viewerOf(member), 'all')).all,
  },
  {
    id: 'contacts', title: 'Contacts', icon: 'users', color: '#388e3c', link: '/contacts',
    requires: 'contacts:view', count: ofOrganization(countActiveContacts),
  },
  {
    id: 'templates', title: 'Templates', icon: 'template', color: '#f57c00', link: '/templates',
    requires: 'templates:view', count: ofOrganization(countTemplates),
  },
  {
    id: 'tags', title: 'Tags', icon: 'tags', color: '#7b1fa2', link: '/tags',
    requires: 'contacts:view', count: ofOrganization(countActiveTags),
  },
  {
    // Customers waiting among the conversations the member sees, so each of them can open every one counted.
    id: 'waiting', title: 'Customers waiting for a reply', icon: 'waiting', color: '#c62828', link: '/conversations',
    requires: 'chats:view', count: async (db, member) => {
      const { count, waitingSince } = await countWaiting(db, visibleConversations(viewerOf(member)));
      return { value: count, ...(waitingSince && { waitingSince: waitingSince.toISOString() }) };
    },
  },
  {
    // Only a member who sees every conversation can pick the Unassigned list (and act on the count);
    // without chats:view_all the inbox already lists the unassigned ones beside their own.
    id: 'unassigned', title: 'Unassigned conversations', icon: 'unassigned', color: '#00838f', link: '/conversations?filter=unassigned',
    requires: 'chats:view_all', count: ofOrganization(countUnassigned),
  },
  {
    id: 'my-open', title: 'My open conversations', icon: 'mine', color: '#5e35b1', link: '/conversations?filter=mine',
    requires: 'chats:respond', count: (db, member) => countMyOpen(db, member.organizationId, member.userId),
  },
  {
    id: 'first-response', title: 'Median first response today', icon: 'response', color: '#2e7d32', link: '/conversations',
    requires: 'analytics:view', count: async (db, member) => {
      const { timeZone } = await readOrganizationSettings(db, member.organizationId);
      return { value: await medianFirstResponseToday(db, member.organizationId, timeZone), unit: 'minutes' };
    },
  },
];

/** The dashboard's cards for one member, each counted by the database. */
export async function dashboardCards(db: Database, member: AuthContext): Promise<DashboardCard[]> {
  const visible = CARDS.filter((card) => member.permissions.includes(card.requires));
  const figures = await Promise.all(visible.map((card) => card.count(db, member)));
  return visible.map(({ id, title, icon, color, link }, i) => {
    const figure = figures[i];
    return { id, title, icon, color, link, ...(typeof figure === 'number' ? { value: figure } : figure) };
  });
}

/** Everything the dashboard shows the member: the cards, and the latest broadcasts' rates for analytics:view. */
export async function dashboardAnalytics(db: Database, member: AuthContext): Promise<AnalyticsResponse> {
  const [cards, broadcasts] = await Promise.all([
    dashboardCards(db, member),
    member.permissions.includes('analytics:view') ? recentBroadcasts(db, member.organizationId) : undefined,
  ]);
  return { cards, ...(broadcasts && { recentBroadcasts: broadcasts }) };
}

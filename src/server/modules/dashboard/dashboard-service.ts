import type { DashboardCard } from '@shared/api/analytics';
import type { Permission } from '@shared/permissions/catalogue';
import type { Database } from '../../db/database';
import { countActiveContacts, countActiveTags, countConversations, countTemplates } from './dashboard-repository';

interface CardDefinition extends Omit<DashboardCard, 'value'> {
  /** Cards link to screens; a card whose screen the member may not open is not shown. */
  requires: Permission;
  count: (db: Database, organizationId: string) => Promise<number>;
}

const CARDS: CardDefinition[] = [
  {
    id: 'conversations', title: 'Conversations', icon: 'messages', color: '#1976d2', link: '/conversations',
    requires: 'chats:view', count: countConversations,
  },
  {
    id: 'contacts', title: 'Contacts', icon: 'users', color: '#388e3c', link: '/contacts',
    requires: 'contacts:view', count: countActiveContacts,
  },
  {
    id: 'templates', title: 'Templates', icon: 'template', color: '#f57c00', link: '/templates',
    requires: 'templates:view', count: countTemplates,
  },
  {
    id: 'tags', title: 'Tags', icon: 'tags', color: '#7b1fa2', link: '/tags',
    requires: 'contacts:view', count: countActiveTags,
  },
];

/** The dashboard's cards for one member, each counted by the database. */
export async function dashboardCards(
  db: Database,
  organizationId: string,
  permissions: readonly Permission[],
): Promise<DashboardCard[]> {
  const visible = CARDS.filter((card) => permissions.includes(card.requires));
  const values = await Promise.all(visible.map((card) => card.count(db, organizationId)));
  return visible.map(({ id, title, icon, color, link }, i) => ({ id, title, value: values[i], icon, color, link }));
}

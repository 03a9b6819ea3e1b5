import { and, count, eq, isNull } from 'drizzle-orm';
import type { DashboardCard } from '@shared/api/analytics';
import type { Permission } from '@shared/permissions/catalogue';
import type { Database } from '../../db/database';
import { contacts, conversations, messageTemplates, tags } from '../../db/schema';

interface CardDefinition extends Omit<DashboardCard, 'value'> {
  /** Cards link to screens; a card whose screen the member may not open is not shown. */
  requires: Permission;
  count: (db: Database, organizationId: string) => Promise<number>;
}

const CARDS: CardDefinition[] = [
  {
    id: 'conversations', title: 'Conversations', icon: 'messages', color: '#1976d2', link: '/conversations',
    requires: 'chats:view',
    count: (db, org) => countOf(db.select({ n: count() }).from(conversations).where(eq(conversations.organizationId, org))),
  },
  {
    id: 'contacts', title: 'Contacts', icon: 'users', color: '#388e3c', link: '/contacts',
    requires: 'contacts:view',
    count: (db, org) =>
      countOf(db.select({ n: count() }).from(contacts).where(and(eq(contacts.organizationId, org), isNull(contacts.deletedAt)))),
  },
  {
    id: 'templates', title: 'Templates', icon: 'template', color: '#f57c00', link: '/templates',
    requires: 'templates:view',
    count: (db, org) =>
      countOf(db.select({ n: count() }).from(messageTemplates).where(eq(messageTemplates.organizationId, org))),
  },
  {
    id: 'tags', title: 'Tags', icon: 'tags', color: '#7b1fa2', link: '/tags',
    requires: 'contacts:view',
    count: (db, org) =>
      countOf(db.select({ n: count() }).from(tags).where(and(eq(tags.organizationId, org), isNull(tags.deletedAt)))),
  },
];

async function countOf(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

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

import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, pgTable, primaryKey, text, unique, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationId, timestampTz, updatedAt } from './columns';

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  lastTemplateSyncAt: timestampTz('last_template_sync_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A user belongs to exactly one organization, through one membership. E-mails are stored lower-cased. */
export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roles = pgTable(
  'roles',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isSystemRole: boolean('is_system_role').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('roles_org_id_key').on(t.organizationId, t.id),
    uniqueIndex('roles_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

/** Permission ids are the catalogue's names (src/shared/permissions), so they are stored as text. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    organizationId: organizationId(),
    roleId: uuid('role_id').notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permission] }),
    foreignKey({ columns: [t.organizationId, t.roleId], foreignColumns: [roles.organizationId, roles.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').notNull(),
    joinedAt: createdAt(),
  },
  (t) => [
    unique('memberships_org_id_key').on(t.organizationId, t.id),
    // What a conversation's assignee references: an assignee is a member of the conversation's organization.
    unique('memberships_org_user_key').on(t.organizationId, t.userId),
    // A role with members cannot be deleted: the database refuses it too.
    foreignKey({ columns: [t.organizationId, t.roleId], foreignColumns: [roles.organizationId, roles.id] }).onDelete(
      'restrict',
    ),
    index('memberships_org_role_idx').on(t.organizationId, t.roleId),
  ],
);

/** Invitation tokens are stored as SHA-256 hashes; the raw token only ever exists in the link. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roleId: uuid('role_id').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestampTz('expires_at').notNull(),
    acceptedAt: timestampTz('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // A role's pending invitations go with it (a role can only be deleted once no member holds it).
    foreignKey({ columns: [t.organizationId, t.roleId], foreignColumns: [roles.organizationId, roles.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('invitations_pending_email_key')
      .on(t.organizationId, t.email)
      .where(sql`${t.acceptedAt} is null`),
  ],
);

/**
 * The key of a table with one row per member (their preferences, their presence): the member, led by
 * the organization as every tenant's table is, and the row goes with the membership.
 */
export function oneRowPerMember(t: { organizationId: AnyPgColumn; userId: AnyPgColumn }) {
  return [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete('cascade'),
  ];
}

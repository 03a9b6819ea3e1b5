import { and, eq, sql } from 'drizzle-orm';
import type { RoleDto } from '@shared/api/roles';
import { isPermission, type Permission } from '@shared/permissions/catalogue';
import { ADMIN_ROLE_NAME, type SystemRoleDefinition } from '@shared/permissions/system-roles';
import type { Queryable } from '../../db/database';
import { memberships, rolePermissions, roles } from '../../db/schema';
import { isUuid } from '../../lib/ids';

/**
 * The roles and role_permissions tables' one writer (Drizzle only). Members and invitations give people
 * roles, so this module sits below both; it reads memberships only to count a role's holders.
 */

/** A role of one organization with its permissions, as the server reasons about it. */
export interface RoleRecord {
  id: string;
  name: string;
  description: string | null;
  isSystemRole: boolean;
  permissions: Permission[];
}

export interface RoleValues {
  name: string;
  description: string;
  permissions: readonly Permission[];
}

/**
 * Member and permission counts come from grouped subqueries joined to the roles, so the database
 * counts (served by the memberships (organization, role) index) and no table is loaded to count it.
 */
function roleDtoQuery(db: Queryable, organizationId: string) {
  const memberCounts = db
    .select({ roleId: memberships.roleId, count: sql<number>`count(*)::int`.as('member_count') })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId))
    .groupBy(memberships.roleId)
    .as('member_counts');
  const granted = db
    .select({
      roleId: rolePermissions.roleId,
      list: sql<string[]>`array_agg(${rolePermissions.permission} order by ${rolePermissions.permission})`.as('permission_list'),
      count: sql<number>`count(*)::int`.as('permission_count'),
    })
    .from(rolePermissions)
    .where(eq(rolePermissions.organizationId, organizationId))
    .groupBy(rolePermissions.roleId)
    .as('granted');
  return db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      isSystemRole: roles.isSystemRole,
      createdAt: roles.createdAt,
      memberCount: sql<number>`coalesce(${memberCounts.count}, 0)`,
      permissionCount: sql<number>`coalesce(${granted.count}, 0)`,
      permissions: sql<string[]>`coalesce(${granted.list}, '{}')`,
    })
    .from(roles)
    .leftJoin(memberCounts, eq(memberCounts.roleId, roles.id))
    .leftJoin(granted, eq(granted.roleId, roles.id));
}

/** Every role of the organization with member and permission counts by the database. */
export async function listRoles(db: Queryable, organizationId: string): Promise<RoleDto[]> {
  const rows = await roleDtoQuery(db, organizationId).where(eq(roles.organizationId, organizationId));
  // The list is bounded (four system roles, MAX_CUSTOM_ROLES custom ones), so it is ordered here: system
  // roles from the most powerful down (they are created together), then custom roles in creation order.
  rows.sort(
    (a, b) =>
      Number(b.isSystemRole) - Number(a.isSystemRole) ||
      (a.isSystemRole ? Number(b.permissionCount) - Number(a.permissionCount) : 0) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.name.localeCompare(b.name),
  );
  return rows.map(toRoleDto);
}

/** One role as the API shows it, or null when it is not the organization's. */
export async function findRoleDto(db: Queryable, organizationId: string, roleId: string): Promise<RoleDto | null> {
  if (!isUuid(roleId)) return null;
  const [row] = await roleDtoQuery(db, organizationId).where(
    and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)),
  );
  return row ? toRoleDto(row) : null;
}

/**
 * A role of the organization, or null (foreign, missing and malformed ids look the same). `lock` takes a
 * row lock for the rest of the transaction: 'share' keeps the role from being deleted under an
 * assignment, 'update' keeps assignments out while it is edited or deleted.
 */
export async function findRole(
  db: Queryable,
  organizationId: string,
  roleId: string,
  lock?: 'share' | 'update',
): Promise<RoleRecord | null> {
  if (!isUuid(roleId)) return null;
  const query = db
    .select({ id: roles.id, name: roles.name, description: roles.description, isSystemRole: roles.isSystemRole })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) return null;
  const granted = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.organizationId, organizationId), eq(rolePermissions.roleId, roleId)));
  return { ...row, permissions: granted.map((g) => g.permission).filter(isPermission) };
}


/** The organization's Admin role: the one system role every organization must keep a member in. */
export async function findAdminRoleId(db: Queryable, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.isSystemRole, true), eq(roles.name, ADMIN_ROLE_NAME)));
  return row?.id ?? null;
}

export async function countCustomRoles(db: Queryable, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.isSystemRole, false)));
  return Number(row.count);
}

/** Stores a custom role with its permissions; answers its id. */
export async function insertRole(db: Queryable, organizationId: string, values: RoleValues): Promise<string> {
  const [role] = await db
    .insert(roles)
    .values({ organizationId, name: values.name, description: values.description, isSystemRole: false })
    .returning({ id: roles.id });
  await insertPermissions(db, organizationId, role.id, values.permissions);
  return role.id;
}

/**
 * Stores an organization's system roles in one statement (they share a creation time, so the roles list
 * orders them by power); answers their ids by name.
 */
export async function insertSystemRoles(
  db: Queryable,
  organizationId: string,
  definitions: readonly SystemRoleDefinition[],
): Promise<Record<string, string>> {
  const created = await db
    .insert(roles)
    .values(definitions.map((role) => ({ organizationId, name: role.name, description: role.description, isSystemRole: true })))
    .returning({ id: roles.id, name: roles.name });
  const roleIds = Object.fromEntries(created.map((r) => [r.name, r.id]));
  await db.insert(rolePermissions).values(
    definitions.flatMap((role) => role.permissions.map((permission) => ({ organizationId, roleId: roleIds[role.name], permission }))),
  );
  return roleIds;
}

export async function updateRole(db: Queryable, organizationId: string, roleId: string, values: RoleValues): Promise<void> {
  await db
    .update(roles)
    .set({ name: values.name, description: values.description })
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)));
  await db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.organizationId, organizationId), eq(rolePermissions.roleId, roleId)));
  await insertPermissions(db, organizationId, roleId, values.permissions);
}

export async function deleteRole(db: Queryable, organizationId: string, roleId: string): Promise<void> {
  await db.delete(roles).where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)));
}

async function insertPermissions(
  db: Queryable,
  organizationId: string,
  roleId: string,
  permissions: readonly Permission[],
): Promise<void> {
  if (permissions.length === 0) return;
  await db.insert(rolePermissions).values(permissions.map((permission) => ({ organizationId, roleId, permission })));
}

function toRoleDto(row: Omit<RoleDto, 'permissions'> & { permissions: string[]; createdAt: Date }): RoleDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isSystemRole: row.isSystemRole,
    memberCount: Number(row.memberCount),
    permissions: row.permissions.filter(isPermission).map((id) => ({ id })),
  };
}

/** How many members hold a role. */
export async function countRoleMembers(db: Queryable, organizationId: string, roleId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.roleId, roleId)));
  return Number(row.count);
}

import { ADMIN_ROLE_NAME, SYSTEM_ROLES } from '@shared/permissions/system-roles';
import type { Queryable } from '../../db/database';
import { organizations, rolePermissions, roles } from '../../db/schema';

/** Creates an organization with its four system roles; answers the ids the founder's membership needs. */
export async function createOrganization(
  db: Queryable,
  name: string,
): Promise<{ organizationId: string; adminRoleId: string; roleIds: Record<string, string> }> {
  const [organization] = await db.insert(organizations).values({ name }).returning({ id: organizations.id });
  const created = await db
    .insert(roles)
    .values(
      SYSTEM_ROLES.map((role) => ({
        organizationId: organization.id,
        name: role.name,
        description: role.description,
        isSystemRole: true,
      })),
    )
    .returning({ id: roles.id, name: roles.name });
  const roleIds = Object.fromEntries(created.map((r) => [r.name, r.id]));
  await db.insert(rolePermissions).values(
    SYSTEM_ROLES.flatMap((role) =>
      role.permissions.map((permission) => ({ organizationId: organization.id, roleId: roleIds[role.name], permission })),
    ),
  );
  return { organizationId: organization.id, adminRoleId: roleIds[ADMIN_ROLE_NAME], roleIds };
}

import type { PermissionDto, PermissionsResponse, RoleDto, RolesResponse } from '@shared/api/roles';
import { isPermission, PERMISSIONS, permissionsByCategory } from '@shared/permissions/catalogue';
import { MAX_CUSTOM_ROLES, type roleSchema } from '@shared/validation/roles';
import type { InferType } from 'yup';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/domain-error';
import {
  assertMayGrant,
  assertMayManageHoldersOf,
  CANNOT_MANAGE_ROLE_HOLDERS,
  permissionsBeyond,
  ROLE_NOT_FOUND,
  type Grantor,
} from './role-grants';
import {
  countCustomRoles,
  countRoleMembers,
  deleteRole,
  findRole,
  findRoleDto,
  insertRole,
  listRoles,
  updateRole,
  type RoleRecord,
  type RoleValues,
} from './roles-repository';

/** Roles & Permissions: system roles are read-only; custom roles are the organization's own. */

type RoleInput = InferType<typeof roleSchema>;

export const ROLE_NAME_TAKEN = 'A role with this name already exists';
export const SYSTEM_ROLE_PROTECTED = 'System roles cannot be changed or deleted';
export const TOO_MANY_ROLES = `An organization can have at most ${MAX_CUSTOM_ROLES} custom roles`;

export function roleHasMembers(count: number): string {
  return `This role has ${count} member(s). Reassign them first.`;
}

const toPermissionDto = ({ id, name, description }: PermissionDto): PermissionDto => ({ id, name, description });

/** The permission catalogue by category and as one list. It is code, not data: it never changes while the process runs. */
export const PERMISSION_CATALOGUE: PermissionsResponse = {
  permissions: Object.fromEntries(
    Object.entries(permissionsByCategory()).map(([category, list]) => [category, list.map(toPermissionDto)]),
  ),
  allPermissions: PERMISSIONS.map(toPermissionDto),
};

export async function listOrganizationRoles(db: Database, organizationId: string): Promise<RolesResponse> {
  return { roles: await listRoles(db, organizationId) };
}

/** Creates a custom role holding only permissions its author holds; answers it as the list shows it. */
export async function createRole(db: Database, author: Grantor, input: RoleInput): Promise<RoleDto> {
  const values = roleValues(input);
  assertMayGrant(author, values.permissions);
  const roleId = await uniqueName(() =>
    db.transaction(async (tx) => {
      if ((await countCustomRoles(tx, author.organizationId)) >= MAX_CUSTOM_ROLES) throw conflict(TOO_MANY_ROLES);
      return insertRole(tx, author.organizationId, values);
    }),
  );
  return roleDto(db, author.organizationId, roleId);
}

/**
 * Changes a custom role; the editor may keep permissions they lack but add only ones they hold, and may
 * change a role somebody holds only if they hold all of its permissions themselves.
 */
export async function editRole(db: Database, editor: Grantor, roleId: string, input: RoleInput): Promise<RoleDto> {
  const values = roleValues(input);
  await uniqueName(() =>
    db.transaction(async (tx) => {
      const role = await findRole(tx, editor.organizationId, roleId, 'update');
      if (!role) throw notFound(ROLE_NOT_FOUND);
      if (role.isSystemRole) throw forbidden(SYSTEM_ROLE_PROTECTED);
      assertMayChangeHolders(editor, role, await countRoleMembers(tx, editor.organizationId, role.id));
      // Keeping a permission the role already has grants nothing; only additions must be the caller's own.
      assertMayGrant(editor, permissionsBeyond(role.permissions, values.permissions));
      await updateRole(tx, editor.organizationId, role.id, values);
    }),
  );
  return roleDto(db, editor.organizationId, roleId);
}

/**
 * Deletes a custom role nobody holds. Its invitations go with it (the database cascades the delete):
 * nobody can join a role that no longer exists, and accepted ones are only history.
 */
export async function removeRole(db: Database, actor: Grantor, roleId: string): Promise<void> {
  const { organizationId } = actor;
  await db.transaction(async (tx) => {
    // The row lock keeps a concurrent assignment from slipping a member in between count and delete.
    const role = await findRole(tx, organizationId, roleId, 'update');
    if (!role) throw notFound(ROLE_NOT_FOUND);
    if (role.isSystemRole) throw forbidden(SYSTEM_ROLE_PROTECTED);
    const members = await countRoleMembers(tx, organizationId, role.id);
    assertMayChangeHolders(actor, role, members);
    if (members > 0) throw conflict(roleHasMembers(members));
    await deleteRole(tx, organizationId, role.id);
  });
}

/** A role nobody holds changes nobody's rights; one with members follows the rule for changing a member. */
function assertMayChangeHolders(actor: Grantor, role: RoleRecord, members: number): void {
  if (members > 0) assertMayManageHoldersOf(actor, role, CANNOT_MANAGE_ROLE_HOLDERS);
}

async function roleDto(db: Database, organizationId: string, roleId: string): Promise<RoleDto> {
  const role = await findRoleDto(db, organizationId, roleId);
  if (!role) throw notFound(ROLE_NOT_FOUND);
  return role;
}

/** The role form's values; the schema has already refused unknown permissions. */
function roleValues(input: RoleInput): RoleValues {
  return { name: input.name, description: input.description, permissions: input.permissions.filter(isPermission) };
}

/** Role names are unique per organization, case-insensitively; the index decides races too. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROLE_NAME_TAKEN);
    throw error;
  }
}

// Organizations are created with their system roles; members and invitations read roles inside their own transactions.
export { findAdminRoleId, findRole, insertRole, insertSystemRoles, listRoles } from './roles-repository';

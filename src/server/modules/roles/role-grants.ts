import type { Queryable } from '../../db/database';
import { forbidden, notFound } from '../../lib/domain-error';
import type { AuthContext } from '../../types';
import { findRole, type RoleRecord } from './roles-repository';

/**
 * Nobody hands out power they do not have: a role may only be given permissions its author holds, and a
 * member may only be given, or be moved away from, a role whose permissions the caller holds. Nobody
 * changes the rights of someone who holds rights they do not: not by changing the member, nor by
 * editing or deleting the role the member holds. Roles, members and invitations all apply these rules.
 */

export const ROLE_NOT_FOUND = 'Role not found';
export const CANNOT_GRANT = 'You cannot grant permissions you do not hold';
export const CANNOT_MANAGE_MEMBER = 'You cannot change a member who holds permissions you do not have';
export const CANNOT_MANAGE_ROLE_HOLDERS = 'You cannot change a role held by members with permissions you do not have';

/** Whoever grants: their organization and the permissions their own role holds. */
export type Grantor = Pick<AuthContext, 'organizationId' | 'permissions'>;

/** The permissions of `wanted` that `held` lacks. */
export function permissionsBeyond(held: readonly string[], wanted: readonly string[]): string[] {
  const have = new Set(held);
  return wanted.filter((permission) => !have.has(permission));
}

export function holdsAll(grantor: Grantor, wanted: readonly string[]): boolean {
  return permissionsBeyond(grantor.permissions, wanted).length === 0;
}

export function assertMayGrant(grantor: Grantor, wanted: readonly string[]): void {
  if (!holdsAll(grantor, wanted)) throw forbidden(CANNOT_GRANT);
}

/** Refuses (with `message`) a change to the holders of `role` unless the grantor holds every permission it gives them. */
export function assertMayManageHoldersOf(grantor: Grantor, role: Pick<RoleRecord, 'permissions'>, message: string): void {
  if (!holdsAll(grantor, role.permissions)) throw forbidden(message);
}

/**
 * A role of the grantor's organization they may give someone, share-locked so it cannot be deleted before
 * the assignment commits.
 */
export async function lockAssignableRole(tx: Queryable, grantor: Grantor, roleId: string): Promise<RoleRecord> {
  const role = await findRole(tx, grantor.organizationId, roleId, 'share');
  if (!role) throw notFound(ROLE_NOT_FOUND);
  assertMayGrant(grantor, role.permissions);
  return role;
}

import type { Database, Queryable } from '../../db/database';
import { conflict, forbidden, notFound } from '../../lib/domain-error';
import type { AuthContext } from '../../types';
import { assertMayGrant, CANNOT_MANAGE_MEMBER, holdsAll } from '../roles/role-grants';
import { findAdminRoleId, findRole, ROLE_NOT_FOUND, type RoleRecord } from '../roles/role-store';
import { lockMember, lockRoleHolders, removeMembership, setMemberRole, type MembershipRecord } from './member-store';

export const MEMBER_NOT_FOUND = 'Member not found';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role';
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself from the organization';
export const LAST_ADMIN = 'The organization must keep at least one member with the Admin role';

/**
 * Gives a member another role. The change is immediate: permissions are read from the role at every
 * request, so the member's next request already runs with the new role.
 */
export async function changeMemberRole(db: Database, auth: AuthContext, memberId: string, roleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockManageableMember(tx, auth, memberId, CANNOT_CHANGE_OWN_ROLE);
    // A share lock keeps the role from being deleted before this assignment commits.
    const role = await findRole(tx, auth.organizationId, roleId, 'share');
    if (!role) throw notFound(ROLE_NOT_FOUND);
    assertMayGrant(auth, role.permissions);
    if (role.id === member.roleId) return;
    await assertAdminRemains(tx, auth.organizationId, member);
    await setMemberRole(tx, auth.organizationId, member.id, role.id);
  });
}

/** Removes a member and ends their sessions at once (SECURITY.md SES-06). */
export async function removeMember(db: Database, auth: AuthContext, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockManageableMember(tx, auth, memberId, CANNOT_REMOVE_SELF);
    await assertAdminRemains(tx, auth.organizationId, member);
    await removeMembership(tx, auth.organizationId, member);
  });
}

/**
 * The member to change, locked: not the caller themselves, and not someone whose role holds
 * permissions the caller lacks (a supervisor cannot demote or remove an admin).
 */
async function lockManageableMember(
  tx: Queryable,
  auth: AuthContext,
  memberId: string,
  selfMessage: string,
): Promise<MembershipRecord> {
  const member = await lockMember(tx, auth.organizationId, memberId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  if (member.userId === auth.userId) throw forbidden(selfMessage);
  const current: RoleRecord | null = await findRole(tx, auth.organizationId, member.roleId);
  if (!current || !holdsAll(auth, current.permissions)) throw forbidden(CANNOT_MANAGE_MEMBER);
  return member;
}

/** Refuses to take the last member holding the Admin role out of it. */
async function assertAdminRemains(tx: Queryable, organizationId: string, member: MembershipRecord): Promise<void> {
  const adminRoleId = await findAdminRoleId(tx, organizationId);
  if (member.roleId !== adminRoleId) return;
  const admins = await lockRoleHolders(tx, organizationId, adminRoleId);
  if (admins.filter((id) => id !== member.id).length === 0) throw conflict(LAST_ADMIN);
}

import type { AssignableRolesResponse, MembersResponse, TeamMember } from '@shared/api/members';
import { hasPermission } from '@shared/permissions/check';
import type { Database, Queryable } from '../../db/database';
import { conflict, forbidden, notFound } from '../../lib/domain-error';
import { offsetOf, type PageRequest } from '../../lib/pagination';
import type { AuthContext } from '../../types';
import { findAdminRoleId, findRole, listRoles, assertMayManageHoldersOf, CANNOT_MANAGE_MEMBER, holdsAll, lockAssignableRole } from '../roles';
import {
  deleteMembership,
  findMemberDto,
  listMembers,
  lockMember,
  lockRoleHolders,
  setMemberRole,
  type MembershipRecord,
} from './members-repository';
import { deleteUserSessions } from './sessions-repository';

export const MEMBER_NOT_FOUND = 'Member not found';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role';
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself from the organization';
export const LAST_ADMIN = 'The organization must keep at least one member with the Admin role';

/** Whoever manages the team: their organization, their own user and the permissions of their role. */
export type TeamActor = Pick<AuthContext, 'organizationId' | 'userId' | 'permissions'>;

/** One page of the organization's members in the order they joined, and how many there are. */
export function listTeam(db: Database, organizationId: string, page: PageRequest): Promise<MembersResponse> {
  return listMembers(db, organizationId, { offset: offsetOf(page), limit: page.limit });
}

/**
 * The roles the caller may give someone, for the invite and role-change forms. Inviting needs role names
 * without roles:view (which shows every role's permissions), so this answers names only, to holders of
 * members:invite or members:edit_roles, and only roles within the caller's own permissions.
 */
export async function assignableRoles(db: Database, actor: TeamActor): Promise<AssignableRolesResponse> {
  if (!hasPermission(actor.permissions, 'members:invite') && !hasPermission(actor.permissions, 'members:edit_roles')) {
    throw forbidden();
  }
  const roles = await listRoles(db, actor.organizationId);
  return {
    roles: roles.filter((role) => holdsAll(actor, role.permissions.map((p) => p.id))).map(({ id, name }) => ({ id, name })),
  };
}

/**
 * Gives a member another role and answers the member as the list shows them. The change is immediate:
 * permissions are read from the role at every request, so the member's next request already runs with it.
 */
export async function changeMemberRole(db: Database, actor: TeamActor, memberId: string, roleId: string): Promise<TeamMember> {
  await db.transaction(async (tx) => {
    const member = await lockManageableMember(tx, actor, memberId, CANNOT_CHANGE_OWN_ROLE);
    const role = await lockAssignableRole(tx, actor, roleId);
    if (role.id === member.roleId) return;
    await assertAdminRemains(tx, actor.organizationId, member);
    await setMemberRole(tx, actor.organizationId, member.id, role.id);
  });
  const changed = await findMemberDto(db, actor.organizationId, memberId);
  if (!changed) throw notFound(MEMBER_NOT_FOUND);
  return changed;
}

/**
 * Takes a member out of the organization and ends their sessions in the same transaction, so their next
 * request is refused. The account stays, without a membership: its name stays on what it left behind,
 * signing in tells them they were removed, and a new invitation brings the same account back.
 */
export async function removeMember(db: Database, actor: TeamActor, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockManageableMember(tx, actor, memberId, CANNOT_REMOVE_SELF);
    await assertAdminRemains(tx, actor.organizationId, member);
    await deleteMembership(tx, actor.organizationId, member.id);
    await deleteUserSessions(tx, member.userId, actor.organizationId);
  });
}

/**
 * The account of a member whose sign-in another member may help with (a password reset link): the
 * same rule as a role change, so nobody can take over an account holding permissions they lack.
 */
export async function lockHelpableMember(tx: Queryable, actor: TeamActor, memberId: string, selfMessage: string): Promise<{ userId: string }> {
  const member = await lockManageableMember(tx, actor, memberId, selfMessage);
  return { userId: member.userId };
}

/**
 * The member to change, locked: not the caller themselves, and not someone whose role holds
 * permissions the caller lacks (a supervisor cannot demote or remove an admin).
 */
async function lockManageableMember(
  tx: Queryable,
  actor: TeamActor,
  memberId: string,
  selfMessage: string,
): Promise<MembershipRecord> {
  const member = await lockMember(tx, actor.organizationId, memberId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  if (member.userId === actor.userId) throw forbidden(selfMessage);
  const current = await findRole(tx, actor.organizationId, member.roleId);
  if (!current) throw forbidden(CANNOT_MANAGE_MEMBER);
  assertMayManageHoldersOf(actor, current, CANNOT_MANAGE_MEMBER);
  return member;
}

/** Refuses to take the last member holding the Admin role out of it. */
async function assertAdminRemains(tx: Queryable, organizationId: string, member: MembershipRecord): Promise<void> {
  const adminRoleId = await findAdminRoleId(tx, organizationId);
  if (member.roleId !== adminRoleId) return;
  const admins = await lockRoleHolders(tx, organizationId, adminRoleId);
  if (admins.filter((id) => id !== member.id).length === 0) throw conflict(LAST_ADMIN);
}

// Sign-up and the seed create users and memberships; other modules read members inside their own transactions.
export { findMemberIdByEmail, findOrganizationOfUser, insertMembership, listMemberPeople, listMemberPeopleWithPermissions, setMemberRole } from './members-repository';

// Sign-up and the seed create users and memberships; other modules read members inside their own transactions.
export { findUserByEmail, insertUser } from './users-repository';

// An account's own changes (name, password, address) go through the users table's one writer.
export {
  findMemberAccountByEmail,
  findMemberAccountById,
  findPasswordHash,
  findUserEmail,
  setPasswordHash,
  setUserEmail,
  setUserName,
} from './users-repository';

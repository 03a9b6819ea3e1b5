import { and, asc, count, eq } from 'drizzle-orm';
import type { TeamMember } from '@shared/api/members';
import type { Queryable } from '../../db/database';
import { memberships, roles, users } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { deleteUserSessions } from '../auth/session-store';

export interface MembershipRecord {
  id: string;
  userId: string;
  roleId: string;
}

const memberColumns = {
  id: memberships.id,
  userId: users.id,
  name: users.name,
  email: users.email,
  roleId: roles.id,
  roleName: roles.name,
  joinedAt: memberships.joinedAt,
};

function selectMembers(db: Queryable) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId));
}

/**
 * One page of the organization's members in the order they joined. Membership ids are UUIDv7, so id
 * order is join order and the (organization, id) unique index serves the sort.
 */
export async function listMembers(
  db: Queryable,
  organizationId: string,
  page: { offset: number; limit: number },
): Promise<{ members: TeamMember[]; total: number }> {
  const rows = await selectMembers(db)
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(memberships.id))
    .offset(page.offset)
    .limit(page.limit);
  const [{ total }] = await db
    .select({ total: count() })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId));
  return { members: rows.map(toTeamMember), total: Number(total) };
}

export async function findMemberDto(db: Queryable, organizationId: string, memberId: string): Promise<TeamMember | null> {
  if (!isUuid(memberId)) return null;
  const [row] = await selectMembers(db).where(
    and(eq(memberships.organizationId, organizationId), eq(memberships.id, memberId)),
  );
  return row ? toTeamMember(row) : null;
}

/** A membership of the organization, locked for the rest of the transaction, or null. */
export async function lockMember(db: Queryable, organizationId: string, memberId: string): Promise<MembershipRecord | null> {
  if (!isUuid(memberId)) return null;
  const [row] = await db
    .select({ id: memberships.id, userId: memberships.userId, roleId: memberships.roleId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, memberId)))
    .for('update');
  return row ?? null;
}

/** Whether someone with this (lower-cased) e-mail already belongs to the organization. */
export async function isMemberEmail(db: Queryable, organizationId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(users.email, email)));
  return Boolean(row);
}

/** The members holding a role, locked: two admins demoting each other at once cannot both succeed. */
export async function lockRoleHolders(db: Queryable, organizationId: string, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.roleId, roleId)))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setMemberRole(db: Queryable, organizationId: string, memberId: string, roleId: string): Promise<void> {
  await db
    .update(memberships)
    .set({ roleId })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, memberId)));
}

// Not a deliverable address (RFC 2606 reserves .invalid) and never a valid password hash.
const tombstoneEmail = (userId: string) => `removed-${userId}@removed.invalid`;
const UNUSABLE_PASSWORD_HASH = '!';

/**
 * Takes a member out of the organization, ending their sessions in the same transaction so their
 * next request is refused. A user belongs to exactly one organization, so the account is retired
 * rather than deleted: its name stays on the notes, messages and assignments it left behind, while
 * its e-mail is released so the person can be invited again later, and it can no longer sign in.
 */
export async function removeMembership(db: Queryable, organizationId: string, member: MembershipRecord): Promise<void> {
  await db
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, member.id)));
  await deleteUserSessions(db, member.userId, organizationId);
  await db
    .update(users)
    .set({ email: tombstoneEmail(member.userId), passwordHash: UNUSABLE_PASSWORD_HASH })
    .where(eq(users.id, member.userId));
}

function toTeamMember(row: {
  id: string;
  userId: string;
  name: string;
  email: string;
  roleId: string;
  roleName: string;
  joinedAt: Date;
}): TeamMember {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: { id: row.roleId, name: row.roleName },
    joinedAt: row.joinedAt.toISOString(),
  };
}

import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TeamMember } from '@shared/api/members';
import type { Permission } from '@shared/permissions/catalogue';
import type { Queryable } from '../../db/database';
import { memberships, rolePermissions, roles, users } from '../../db/schema';
import { isUuid } from '../../lib/ids';

/** The memberships table's one writer (Drizzle only). Membership ids are what the members API calls a member's id. */

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

/** Adds a user to an organization in a role; answers the membership's id. */
export async function insertMembership(
  db: Queryable,
  values: { organizationId: string; userId: string; roleId: string },
): Promise<string> {
  const [row] = await db.insert(memberships).values(values).returning({ id: memberships.id });
  return row.id;
}

export async function deleteMembership(db: Queryable, organizationId: string, memberId: string): Promise<void> {
  await db.delete(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.id, memberId)));
}

/** The organization a user belongs to (a user has exactly one membership), or null. */
export async function findOrganizationOfUser(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ organizationId: memberships.organizationId }).from(memberships).where(eq(memberships.userId, userId));
  return row?.organizationId ?? null;
}

/** The membership id of the organization's member with this (lower-cased) e-mail, or null. */
export async function findMemberIdByEmail(db: Queryable, organizationId: string, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(users.email, email)));
  return row?.id ?? null;
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

/**
 * The organization's members as people (user id, name, e-mail), by name: who conversations can be
 * assigned to. `userId` narrows it to that one member (none when the user is not one).
 */
export async function listMemberPeople(
  db: Queryable,
  organizationId: string,
  userId?: string,
): Promise<Array<{ userId: string; name: string; email: string }>> {
  if (userId !== undefined && !isUuid(userId)) return [];
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), userId === undefined ? undefined : eq(memberships.userId, userId)))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * The organization's members as people (user id, name) with their role's permissions, by name: for
 * rules about who may see or do something (who can be mentioned in a conversation). `userIds` narrows
 * it to those members (a user who is not one is left out).
 */
export async function listMemberPeopleWithPermissions(
  db: Queryable,
  organizationId: string,
  userIds?: readonly string[],
): Promise<Array<{ userId: string; name: string; permissions: Permission[] }>> {
  const wanted = userIds?.filter(isUuid);
  if (wanted !== undefined && wanted.length === 0) return [];
  return db
    .select({
      userId: users.id,
      name: users.name,
      permissions: sql<Permission[]>`coalesce(array_agg(${rolePermissions.permission}) filter (where ${rolePermissions.permission} is not null), '{}')`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(rolePermissions, and(eq(rolePermissions.organizationId, memberships.organizationId), eq(rolePermissions.roleId, memberships.roleId)))
    .where(and(eq(memberships.organizationId, organizationId), wanted === undefined ? undefined : sql`${memberships.userId} = any(${sql.param(wanted)}::uuid[])`))
    .groupBy(users.id, users.name)
    .orderBy(asc(users.name), asc(users.id));
}

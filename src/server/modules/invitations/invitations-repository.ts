import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { PendingInvitation as PendingInvitationDto } from '@shared/api/members';
import type { Queryable } from '../../db/database';
import { invitations, organizations, roles, users } from '../../db/schema';
import { isUuid } from '../../lib/ids';

/**
 * The invitations table's one writer (Drizzle only). An invitation is found by the SHA-256 of its link's
 * token; the raw token never reaches the database.
 */

export interface PendingInvitation {
  id: string;
  organizationId: string;
  email: string;
  roleId: string;
  roleName: string;
  organizationName: string;
}

/** A usable invitation by its token's hash: known, not yet accepted and not expired. */
export async function findPendingInvitation(db: Queryable, tokenHash: string): Promise<PendingInvitation | null> {
  const [row] = await db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      email: invitations.email,
      roleId: invitations.roleId,
      roleName: roles.name,
      organizationName: organizations.name,
    })
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(
      and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())),
    );
  return row ?? null;
}

/** Marks an invitation used; answers false when another request used it first. */
export async function acceptInvitation(db: Queryable, invitationId: string): Promise<boolean> {
  const accepted = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return accepted.length === 1;
}

/** The organization's not-yet-accepted invitation for an e-mail, expired or not. */
export async function findOpenInvitationFor(
  db: Queryable,
  organizationId: string,
  email: string,
): Promise<{ id: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ id: invitations.id, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, email), isNull(invitations.acceptedAt)));
  return row ?? null;
}

export async function deleteInvitation(db: Queryable, organizationId: string, invitationId: string): Promise<void> {
  await db.delete(invitations).where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId)));
}

/** Stores a new invitation; answers its id. */
export async function insertInvitation(
  db: Queryable,
  values: { organizationId: string; email: string; roleId: string; invitedByUserId: string | null; tokenHash: string; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
  return row.id;
}

/** An open invitation of the organization (accepted ones are history), locked for the transaction, or null. */
export async function findOpenInvitation(
  db: Queryable,
  organizationId: string,
  invitationId: string,
): Promise<{ id: string; email: string; roleId: string } | null> {
  if (!isUuid(invitationId)) return null;
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email, roleId: invitations.roleId })
    .from(invitations)
    .where(
      and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), isNull(invitations.acceptedAt)),
    )
    .for('update');
  return row ?? null;
}

/** Replaces an invitation's token hash and expiry: the previous link stops working. */
export async function renewInvitationToken(
  db: Queryable,
  organizationId: string,
  invitationId: string,
  renewal: { tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(invitations)
    .set(renewal)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId)));
}

const pendingColumns = {
  id: invitations.id,
  email: invitations.email,
  roleId: roles.id,
  roleName: roles.name,
  invitedByName: users.name,
  expiresAt: invitations.expiresAt,
  createdAt: invitations.createdAt,
};

function selectPending(db: Queryable) {
  return db
    .select(pendingColumns)
    .from(invitations)
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .leftJoin(users, eq(users.id, invitations.invitedByUserId));
}

function pendingWhere(organizationId: string, now: Date) {
  return and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now));
}

/** Invitations still waiting to be accepted (not used, not expired), oldest first, one page. */
export async function listPendingInvitations(
  db: Queryable,
  organizationId: string,
  page: { offset: number; limit: number },
): Promise<{ invitations: PendingInvitationDto[]; total: number }> {
  const now = new Date();
  const rows = await selectPending(db)
    .where(pendingWhere(organizationId, now))
    .orderBy(asc(invitations.createdAt), asc(invitations.id))
    .offset(page.offset)
    .limit(page.limit);
  const [{ total }] = await db.select({ total: count() }).from(invitations).where(pendingWhere(organizationId, now));
  return { invitations: rows.map(toPendingDto), total: Number(total) };
}

export async function findPendingInvitationDto(
  db: Queryable,
  organizationId: string,
  invitationId: string,
): Promise<PendingInvitationDto | null> {
  const [row] = await selectPending(db).where(
    and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId)),
  );
  return row ? toPendingDto(row) : null;
}

/** Every invitation into a role, open or accepted: deleting the role takes them with it. */

function toPendingDto(row: {
  id: string;
  email: string;
  roleId: string;
  roleName: string;
  invitedByName: string | null;
  expiresAt: Date;
  createdAt: Date;
}): PendingInvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: { id: row.roleId, name: row.roleName },
    invitedBy: row.invitedByName === null ? null : { name: row.invitedByName },
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

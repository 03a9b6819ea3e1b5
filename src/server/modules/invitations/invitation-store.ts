import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { PendingInvitation as PendingInvitationDto } from '@shared/api/members';
import { INVITATION_TTL_DAYS } from '@shared/constants';
import type { Queryable } from '../../db/database';
import { invitations, organizations, roles, users } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { hashToken, newToken } from '../auth/session-store';

/**
 * Invitations: a random token (256 bits) of which only the SHA-256 is stored, valid for
 * INVITATION_TTL_DAYS, used once. The raw token exists only in the answer to whoever issued it and
 * in the link they share.
 */

export interface PendingInvitation {
  id: string;
  organizationId: string;
  email: string;
  roleId: string;
  roleName: string;
  organizationName: string;
}

/** A usable invitation by its raw token: known, not yet accepted and not expired. */
export async function findPendingInvitation(db: Queryable, token: string): Promise<PendingInvitation | null> {
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
      and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())),
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

export const INVITATION_NOT_FOUND = 'This invitation is invalid, has expired or has already been used';

export function invitationExpiry(now = Date.now()): Date {
  return new Date(now + INVITATION_TTL_DAYS * 24 * 3_600_000);
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

/** Stores a new invitation; answers its id and the raw token for the link. */
export async function insertInvitation(
  db: Queryable,
  values: { organizationId: string; email: string; roleId: string; invitedByUserId: string },
): Promise<{ id: string; token: string }> {
  const token = newToken();
  const [row] = await db
    .insert(invitations)
    .values({ ...values, tokenHash: hashToken(token), expiresAt: invitationExpiry() })
    .returning({ id: invitations.id });
  return { id: row.id, token };
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

/** Replaces an invitation's token and restarts its validity: the previous link stops working. */
export async function renewInvitationToken(db: Queryable, organizationId: string, invitationId: string): Promise<string> {
  const token = newToken();
  await db
    .update(invitations)
    .set({ tokenHash: hashToken(token), expiresAt: invitationExpiry() })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId)));
  return token;
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

/**
 * Clears the way for deleting a role: its open invitations are withdrawn with it (nobody can join a
 * role that no longer exists) and accepted ones are only history.
 */
export async function deleteInvitationsForRole(db: Queryable, organizationId: string, roleId: string): Promise<void> {
  await db.delete(invitations).where(and(eq(invitations.organizationId, organizationId), eq(invitations.roleId, roleId)));
}

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

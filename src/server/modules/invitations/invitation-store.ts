import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { invitations, organizations, roles } from '../../db/schema';
import { hashToken } from '../auth/session-store';

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

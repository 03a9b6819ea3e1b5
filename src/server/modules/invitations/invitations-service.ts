import type { InvitationLookup } from '@shared/api/auth';
import type { InvitationsResponse } from '@shared/api/members';
import { INVITATION_TTL_DAYS } from '@shared/constants';
import type { Database, Queryable } from '../../db/database';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, invalidInput, notFound } from '../../lib/domain-error';
import { offsetOf, type PageRequest } from '../../lib/pagination';
import type { AuthContext } from '../../types';
import { findMemberIdByEmail } from '../members';
import { lockAssignableRole } from '../roles';
import { hashToken, newToken } from '../../lib/secret-tokens';
import {
  acceptInvitation,
  deleteInvitation,
  findOpenInvitation,
  findOpenInvitationFor,
  findPendingInvitation,
  insertInvitation,
  listPendingInvitations,
  renewInvitationToken,
} from './invitations-repository';

/**
 * Invitations: a random token (256 bits) of which only the SHA-256 is stored, valid for
 * INVITATION_TTL_DAYS, used once. The raw token exists only in the answer to whoever issued it and in
 * the link they share.
 */

export const INVITATION_NOT_FOUND = 'This invitation is invalid, has expired or has already been used';
export const INVITATION_FOR_ANOTHER_EMAIL = 'This invitation was sent to a different email address';
export const ALREADY_MEMBER = 'This person is already a member of your organization';
export const ALREADY_INVITED = 'An invitation has already been sent to this email address';
export const INVITATION_NOT_FOUND_FOR_RESEND = 'Invitation not found';

/** Whoever invites: their organization, their own user and the permissions of their role. */
export type Inviter = Pick<AuthContext, 'organizationId' | 'userId' | 'permissions'>;

/** Sends an issued invitation's link (the outbox, or nothing without email), inside the transaction that issued it. */
export type InvitationDelivery = (tx: Queryable, issued: IssuedInvitation) => Promise<void>;

export interface IssuedInvitation {
  invitationId: string;
  email: string;
  roleName: string;
  token: string;
  expiresAt: Date;
}

export function invitationExpiry(now = Date.now()): Date {
  return new Date(now + INVITATION_TTL_DAYS * 24 * 3_600_000);
}

/** Stores an invitation with a fresh token, without checking who invites; answers its id and the raw token. */
export async function storeInvitation(
  db: Queryable,
  values: { organizationId: string; email: string; roleId: string; invitedByUserId: string | null },
  expiresAt = invitationExpiry(),
): Promise<{ id: string; token: string }> {
  const token = newToken();
  const id = await insertInvitation(db, { ...values, tokenHash: hashToken(token), expiresAt });
  return { id, token };
}

/**
 * Invites an e-mail into the inviter's organization in a role no more powerful than the inviter's own.
 * An expired invitation for the same address is replaced; a live one, or an existing member, is a 409.
 */
export async function createInvitation(
  db: Database,
  inviter: Inviter,
  input: { email: string; roleId: string },
  deliver: InvitationDelivery,
): Promise<IssuedInvitation> {
  try {
    return await db.transaction(async (tx) => {
      const role = await lockAssignableRole(tx, inviter, input.roleId);
      if (await findMemberIdByEmail(tx, inviter.organizationId, input.email)) throw conflict(ALREADY_MEMBER);
      const open = await findOpenInvitationFor(tx, inviter.organizationId, input.email);
      if (open && open.expiresAt.getTime() > Date.now()) throw conflict(ALREADY_INVITED);
      if (open) await deleteInvitation(tx, inviter.organizationId, open.id);
      const expiresAt = invitationExpiry();
      const { id, token } = await storeInvitation(tx, {
        organizationId: inviter.organizationId,
        email: input.email,
        roleId: role.id,
        invitedByUserId: inviter.userId,
      }, expiresAt);
      const issued = { invitationId: id, email: input.email, roleName: role.name, token, expiresAt };
      await deliver(tx, issued);
      return issued;
    });
  } catch (error) {
    // Two inviters racing for one address: the pending-invitation unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(ALREADY_INVITED);
    throw error;
  }
}

/**
 * Issues a fresh token and a fresh expiry for an invitation that has not been accepted (expired ones
 * come back to life). Every earlier link for it stops working.
 */
export async function reissueInvitation(
  db: Database,
  inviter: Inviter,
  invitationId: string,
  deliver: InvitationDelivery,
): Promise<IssuedInvitation> {
  return db.transaction(async (tx) => {
    const invitation = await findOpenInvitation(tx, inviter.organizationId, invitationId);
    if (!invitation) throw notFound(INVITATION_NOT_FOUND_FOR_RESEND);
    // Whoever hands out a link hands out its role: the same rule as inviting.
    const role = await lockAssignableRole(tx, inviter, invitation.roleId);
    const token = newToken();
    const expiresAt = invitationExpiry();
    await renewInvitationToken(tx, inviter.organizationId, invitation.id, { tokenHash: hashToken(token), expiresAt });
    const issued = { invitationId: invitation.id, email: invitation.email, roleName: role.name, token, expiresAt };
    await deliver(tx, issued);
    return issued;
  });
}

/** Invitations still waiting to be accepted (not used, not expired), oldest first, one page. */
export function listInvitations(
  db: Database,
  organizationId: string,
  page: PageRequest,
): Promise<Omit<InvitationsResponse, 'emailConfigured'>> {
  return listPendingInvitations(db, organizationId, { offset: offsetOf(page), limit: page.limit });
}

/** What the sign-up page shows about a link: whom it invites, where, in which role. */
export async function lookUpInvitation(db: Database, token: string): Promise<InvitationLookup> {
  const invitation = await findPendingInvitation(db, hashToken(token));
  if (!invitation) throw notFound(INVITATION_NOT_FOUND);
  return {
    invitation: { email: invitation.email, organizationName: invitation.organizationName, roleName: invitation.roleName },
  };
}

/**
 * Uses an invitation for a sign-up with this (lower-cased) e-mail, once: answers the organization and role
 * the new member joins. The link is bound to the address it was sent to.
 */
export async function claimInvitation(
  tx: Queryable,
  token: string,
  email: string,
): Promise<{ organizationId: string; roleId: string }> {
  const invitation = await pendingInvitationFor(tx, token, email);
  if (!(await acceptInvitation(tx, invitation.id))) throw notFound(INVITATION_NOT_FOUND);
  return { organizationId: invitation.organizationId, roleId: invitation.roleId };
}

/** Refuses a token that is not a pending invitation for this (lower-cased) e-mail, without using it. */
export async function assertInvitationFor(db: Queryable, token: string, email: string): Promise<void> {
  await pendingInvitationFor(db, token, email);
}

async function pendingInvitationFor(db: Queryable, token: string, email: string) {
  const invitation = await findPendingInvitation(db, hashToken(token));
  if (!invitation) throw notFound(INVITATION_NOT_FOUND);
  if (invitation.email !== email) throw invalidInput(INVITATION_FOR_ANOTHER_EMAIL);
  return invitation;
}

import type { FastifyBaseLogger } from 'fastify';
import { invitationPath } from '@shared/api/members';
import type { Database, Queryable } from '../../db/database';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/domain-error';
import type { AuthContext } from '../../types';
import { isMemberEmail } from '../members/member-store';
import { assertMayGrant } from '../roles/role-grants';
import { findRole, ROLE_NOT_FOUND, type RoleRecord } from '../roles/role-store';
import {
  deleteInvitation,
  findOpenInvitation,
  findOpenInvitationFor,
  insertInvitation,
  renewInvitationToken,
} from './invitation-store';
import type { InvitationTransport } from './invitation-transport';

export const ALREADY_MEMBER = 'This person is already a member of your organization';
export const ALREADY_INVITED = 'An invitation has already been sent to this email address';
export const INVITATION_NOT_FOUND_FOR_RESEND = 'Invitation not found';

export interface IssuedInvitation {
  invitationId: string;
  email: string;
  roleName: string;
  token: string;
}

/**
 * Invites an e-mail into the caller's organization in a role no more powerful than the caller's own.
 * An expired invitation for the same address is replaced; a live one, or an existing member, is a 409.
 */
export async function createInvitation(
  db: Database,
  auth: AuthContext,
  input: { email: string; roleId: string },
): Promise<IssuedInvitation> {
  try {
    return await db.transaction(async (tx) => {
      const role = await assignableRole(tx, auth, input.roleId);
      if (await isMemberEmail(tx, auth.organizationId, input.email)) throw conflict(ALREADY_MEMBER);
      const open = await findOpenInvitationFor(tx, auth.organizationId, input.email);
      if (open && open.expiresAt.getTime() > Date.now()) throw conflict(ALREADY_INVITED);
      if (open) await deleteInvitation(tx, auth.organizationId, open.id);
      const { id, token } = await insertInvitation(tx, {
        organizationId: auth.organizationId,
        email: input.email,
        roleId: role.id,
        invitedByUserId: auth.userId,
      });
      return { invitationId: id, email: input.email, roleName: role.name, token };
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
export async function reissueInvitation(db: Database, auth: AuthContext, invitationId: string): Promise<IssuedInvitation> {
  return db.transaction(async (tx) => {
    const invitation = await findOpenInvitation(tx, auth.organizationId, invitationId);
    if (!invitation) throw notFound(INVITATION_NOT_FOUND_FOR_RESEND);
    // Whoever hands out a link hands out its role: the same rule as inviting.
    const role = await assignableRole(tx, auth, invitation.roleId);
    const token = await renewInvitationToken(tx, auth.organizationId, invitation.id);
    return { invitationId: invitation.id, email: invitation.email, roleName: role.name, token };
  });
}

async function assignableRole(tx: Queryable, auth: AuthContext, roleId: string): Promise<RoleRecord> {
  const role = await findRole(tx, auth.organizationId, roleId, 'share');
  if (!role) throw notFound(ROLE_NOT_FOUND);
  assertMayGrant(auth, role.permissions);
  return role;
}

/**
 * Hands the link to the transport. A transport failure does not undo the invitation: the inviter can
 * still copy the link, and is told so.
 */
export async function deliverInvitation(
  transport: InvitationTransport,
  publicUrl: string,
  auth: AuthContext,
  issued: IssuedInvitation,
  expiresAt: Date,
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    const { delivered } = await transport.send({
      to: issued.email,
      organizationName: auth.organizationName,
      roleName: issued.roleName,
      invitedByName: auth.name,
      link: `${publicUrl}${invitationPath(issued.token)}`,
      expiresAt,
    });
    return delivered;
  } catch (error) {
    // Only what identifies the attempt: a transport's error text may quote the message and its link.
    log.error({ invitationId: issued.invitationId, errorName: (error as Error).name }, 'invitation delivery failed');
    return false;
  }
}

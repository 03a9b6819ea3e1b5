import type { FastifyBaseLogger } from 'fastify';
import { invitationPath, type InvitationIssuedResponse } from '@shared/api/members';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/domain-error';
import type { AuthContext } from '../../types';
import type { InvitationTransport } from './invitation-transport';
import { findPendingInvitationDto } from './invitations-repository';
import { INVITATION_NOT_FOUND_FOR_RESEND, type IssuedInvitation } from './invitations-service';

/** How issued links leave the server: the transport, the origin links start with, and the log. */
export interface InvitationOutbox {
  transport: InvitationTransport;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Who sends the invitation, as the invitee reads it. */
export type InvitationSender = Pick<AuthContext, 'organizationId' | 'organizationName' | 'name'>;

/**
 * The answer to issuing an invitation: the invitation as the list shows it, the raw token (its only
 * appearance), and whether the transport delivered the link.
 */
export async function issuedResponse(
  db: Database,
  outbox: InvitationOutbox,
  sender: InvitationSender,
  issued: IssuedInvitation,
  kind: 'new' | 'renewed',
): Promise<InvitationIssuedResponse> {
  const invitation = await findPendingInvitationDto(db, sender.organizationId, issued.invitationId);
  if (!invitation) throw notFound(INVITATION_NOT_FOUND_FOR_RESEND);
  const delivered = await deliverInvitation(
    outbox.transport, outbox.publicUrl, sender, issued, new Date(invitation.expiresAt), outbox.log,
  );
  return { message: issuedMessage(issued.email, kind, delivered), invitation, token: issued.token, delivered };
}

/**
 * Hands the link to the transport. A transport failure does not undo the invitation: the inviter can
 * still copy the link, and is told so.
 */
export async function deliverInvitation(
  transport: InvitationTransport,
  publicUrl: string,
  sender: Pick<InvitationSender, 'organizationName' | 'name'>,
  issued: IssuedInvitation,
  expiresAt: Date,
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    const { delivered } = await transport.send({
      to: issued.email,
      organizationName: sender.organizationName,
      roleName: issued.roleName,
      invitedByName: sender.name,
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

function issuedMessage(email: string, kind: 'new' | 'renewed', delivered: boolean): string {
  if (delivered) return kind === 'new' ? `Invitation sent to ${email}` : `Invitation resent to ${email}`;
  return kind === 'new'
    ? `Invitation created for ${email}. Copy the invitation link to share it.`
    : `A new invitation link was created for ${email}`;
}

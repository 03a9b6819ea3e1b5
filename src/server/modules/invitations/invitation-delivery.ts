import { invitationPath, type InvitationIssuedResponse } from '@shared/api/members';
import { INVITATION_TTL_DAYS } from '@shared/constants';
import { NO_EMAIL_CONFIGURED } from '@shared/mail/limits';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/domain-error';
import type { AuthContext } from '../../types';
import { buttonMail, type Mailer, type QueuedMail } from '../mail';
import { findPendingInvitationDto } from './invitations-repository';
import { INVITATION_NOT_FOUND_FOR_RESEND, type InvitationDelivery, type IssuedInvitation } from './invitations-service';

/** Who sends the invitation, as the invitee reads it. */
export type InvitationSender = Pick<AuthContext, 'organizationId' | 'organizationName' | 'name'>;

/**
 * Emails the link through the outbox, in the transaction that issued it (so an invitation is never
 * stored without its email, nor emailed without being stored). Without email configured nothing is
 * queued: the inviter shares the link.
 */
export function invitationEmail(mail: Pick<Mailer, 'configured' | 'queue' | 'publicUrl'>, sender: InvitationSender): InvitationDelivery {
  return async (tx, issued) => {
    if (mail.configured) await mail.queue(tx, invitationMessage(mail.publicUrl, sender, issued));
  };
}

export function invitationMessage(publicUrl: string, sender: InvitationSender, issued: IssuedInvitation): QueuedMail {
  return {
    organizationId: sender.organizationId,
    kind: 'invitation',
    to: issued.email,
    subject: `${sender.name} invited you to ${sender.organizationName} on Parley`,
    ...buttonMail({
      organizationName: sender.organizationName,
      paragraphs: [
        `${sender.name} invited you to join ${sender.organizationName} on Parley, its team inbox for WhatsApp, as ${issued.roleName}.`,
        `Sign up with this email address (${issued.email}) to accept.`,
      ],
      buttonLabel: 'Accept the invitation',
      link: `${publicUrl}${invitationPath(issued.token)}`,
      note: `The link works once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect it, ignore this email.`,
      publicUrl,
    }),
  };
}

/**
 * The answer to issuing an invitation: the invitation as the list shows it, the raw token (its only
 * appearance), whether it was emailed, and a message that says which.
 */
export async function issuedResponse(
  db: Database,
  organizationId: string,
  issued: IssuedInvitation,
  kind: 'new' | 'renewed',
  emailed: boolean,
): Promise<InvitationIssuedResponse> {
  const invitation = await findPendingInvitationDto(db, organizationId, issued.invitationId);
  if (!invitation) throw notFound(INVITATION_NOT_FOUND_FOR_RESEND);
  return { message: issuedMessage(issued.email, kind, emailed), invitation, token: issued.token, delivered: emailed };
}

export const PREVIOUS_LINK_STOPS = 'The previous link no longer works.';

function issuedMessage(email: string, kind: 'new' | 'renewed', emailed: boolean): string {
  if (kind === 'new') return emailed ? `Invitation emailed to ${email}` : `Invitation created for ${email}. ${NO_EMAIL_CONFIGURED}.`;
  return emailed
    ? `A new invitation link was emailed to ${email}. ${PREVIOUS_LINK_STOPS}`
    : `A new invitation link was created for ${email}. ${PREVIOUS_LINK_STOPS} ${NO_EMAIL_CONFIGURED}.`;
}

import type { FastifyInstance } from 'fastify';
import type { InvitationIssuedResponse, InvitationsResponse } from '@shared/api/members';
import { normalizeEmail } from '@shared/validation/account';
import { inviteMemberSchema, teamPageQuerySchema } from '@shared/validation/members';
import { notFound } from '../../lib/domain-error';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/access';
import type { AuthContext } from '../../types';
import { findPendingInvitationDto, listPendingInvitations } from './invitation-store';
import { linkOnlyTransport, type InvitationTransport } from './invitation-transport';
import {
  createInvitation,
  deliverInvitation,
  INVITATION_NOT_FOUND_FOR_RESEND,
  reissueInvitation,
  type IssuedInvitation,
} from './issue-invitation';

export interface InvitationRoutesOptions {
  /** How invitations reach the invitee; without one the inviter shares the link (Copy Link). */
  transport?: InvitationTransport;
}

/**
 * Invitations, mounted under /api/members (SPEC.md section 7). Creating or resending answers the raw
 * token once, to the inviter: only its hash is stored, so a link cannot be shown again later. The
 * SPA's Copy Link therefore resends, which gives a working link every time (and retires the earlier
 * one, so a link copied by mistake into the wrong chat can be revoked the same way).
 */
export async function invitationRoutes(app: FastifyInstance, options: InvitationRoutesOptions): Promise<void> {
  const { db, config } = app;
  const transport = options.transport ?? linkOnlyTransport;

  app.get('/invitations', { config: { access: 'members:view' } }, async (request): Promise<InvitationsResponse> => {
    const { page, limit } = parse(teamPageQuerySchema, request.query);
    return listPendingInvitations(db, authOf(request).organizationId, { offset: (page - 1) * limit, limit });
  });

  app.post('/invite', { config: { access: 'members:invite' } }, async (request, reply): Promise<InvitationIssuedResponse> => {
    const auth = authOf(request);
    const body = parse(inviteMemberSchema, request.body);
    const issued = await createInvitation(db, auth, { email: normalizeEmail(body.email), roleId: body.roleId });
    request.log.info({ event: 'member_invited', invitationId: issued.invitationId, userId: auth.userId }, 'member invited');
    const response = await issuedResponse(auth, issued, request.log, 'new');
    void reply.status(201);
    return response;
  });

  app.post<{ Params: { id: string } }>(
    '/invitations/:id/resend',
    { config: { access: 'members:invite' } },
    async (request): Promise<InvitationIssuedResponse> => {
      const auth = authOf(request);
      const issued = await reissueInvitation(db, auth, request.params.id);
      request.log.info({ event: 'invitation_resent', invitationId: issued.invitationId, userId: auth.userId }, 'invitation resent');
      return issuedResponse(auth, issued, request.log, 'renewed');
    },
  );

  async function issuedResponse(
    auth: AuthContext,
    issued: IssuedInvitation,
    log: FastifyInstance['log'],
    kind: 'new' | 'renewed',
  ): Promise<InvitationIssuedResponse> {
    const invitation = await findPendingInvitationDto(db, auth.organizationId, issued.invitationId);
    if (!invitation) throw notFound(INVITATION_NOT_FOUND_FOR_RESEND);
    const delivered = await deliverInvitation(transport, config.publicUrl, auth, issued, new Date(invitation.expiresAt), log);
    return { message: issuedMessage(issued.email, kind, delivered), invitation, token: issued.token, delivered };
  }
}

function issuedMessage(email: string, kind: 'new' | 'renewed', delivered: boolean): string {
  if (delivered) return kind === 'new' ? `Invitation sent to ${email}` : `Invitation resent to ${email}`;
  return kind === 'new'
    ? `Invitation created for ${email}. Copy the invitation link to share it.`
    : `A new invitation link was created for ${email}`;
}

import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '@shared/validation/account';
import { inviteMemberSchema, teamPageQuerySchema } from '@shared/validation/members';
import { idParams, noBody } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { issuedResponse, type InvitationOutbox } from './invitation-delivery';
import { linkOnlyTransport, type InvitationTransport } from './invitation-transport';
import { createInvitation, INVITATION_NOT_FOUND_FOR_RESEND, listInvitations, reissueInvitation } from './invitations-service';

export interface InvitationRoutesOptions {
  /** How invitations reach the invitee; without one the inviter shares the link (Copy Link). */
  transport?: InvitationTransport;
}

/**
 * Invitations, under /api/members beside the members they become. Creating or resending answers the raw
 * token once, to the inviter: only its hash is stored, so a link cannot be shown again later. The SPA's
 * Copy Link therefore resends, which gives a working link every time (and retires the earlier one, so a
 * link copied by mistake into the wrong chat can be revoked the same way).
 */
export async function invitationRoutes(fastify: FastifyInstance, options: InvitationRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const outboxFor = (log: FastifyInstance['log']): InvitationOutbox => ({
    transport: options.transport ?? linkOnlyTransport,
    publicUrl: app.config.publicUrl,
    log,
  });

  app.get(
    '/invitations',
    { config: { access: 'members:view' }, schema: { querystring: teamPageQuerySchema } },
    async (request) => listInvitations(app.db, authOf(request).organizationId, request.query),
  );

  app.post(
    '/invite',
    { config: { access: 'members:invite' }, schema: { body: inviteMemberSchema } },
    async (request, reply) => {
      const auth = authOf(request);
      const issued = await createInvitation(app.db, auth, { email: normalizeEmail(request.body.email), roleId: request.body.roleId });
      request.log.info({ event: 'member_invited', invitationId: issued.invitationId, userId: auth.userId }, 'member invited');
      const response = await issuedResponse(app.db, outboxFor(request.log), auth, issued, 'new');
      void reply.status(201);
      return response;
    },
  );

  app.post(
    '/invitations/:id/resend',
    { config: { access: 'members:invite' }, schema: { params: idParams({ id: INVITATION_NOT_FOUND_FOR_RESEND }), body: noBody } },
    async (request) => {
      const auth = authOf(request);
      const issued = await reissueInvitation(app.db, auth, request.params.id);
      request.log.info({ event: 'invitation_resent', invitationId: issued.invitationId, userId: auth.userId }, 'invitation resent');
      return issuedResponse(app.db, outboxFor(request.log), auth, issued, 'renewed');
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '@shared/validation/account';
import { inviteMemberSchema, teamPageQuerySchema } from '@shared/validation/members';
import { idParams, noBody } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { invitationEmail, issuedResponse } from './invitation-delivery';
import { createInvitation, INVITATION_NOT_FOUND_FOR_RESEND, listInvitations, reissueInvitation } from './invitations-service';

/**
 * Invitations, under /api/members beside the members they become. Creating or resending emails the link
 * (when email is configured) and answers the raw token once, to the inviter: only its hash is stored,
 * so a link cannot be shown again later, and a new one retires the one before it.
 */
export async function invitationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.get(
    '/invitations',
    { config: { access: 'members:view' }, schema: { querystring: teamPageQuerySchema } },
    async (request) => ({
      ...(await listInvitations(app.db, authOf(request).organizationId, request.query)),
      emailConfigured: app.mail.configured,
    }),
  );

  app.post(
    '/invite',
    { config: { access: 'members:invite' }, schema: { body: inviteMemberSchema } },
    async (request, reply) => {
      const auth = authOf(request);
      const input = { email: normalizeEmail(request.body.email), roleId: request.body.roleId };
      const issued = await createInvitation(app.db, auth, input, invitationEmail(app.mail, auth));
      app.mail.kick();
      request.log.info({ event: 'member_invited', invitationId: issued.invitationId, userId: auth.userId }, 'member invited');
      const response = await issuedResponse(app.db, auth.organizationId, issued, 'new', app.mail.configured);
      void reply.status(201);
      return response;
    },
  );

  app.post(
    '/invitations/:id/resend',
    { config: { access: 'members:invite' }, schema: { params: idParams({ id: INVITATION_NOT_FOUND_FOR_RESEND }), body: noBody } },
    async (request) => {
      const auth = authOf(request);
      const issued = await reissueInvitation(app.db, auth, request.params.id, invitationEmail(app.mail, auth));
      app.mail.kick();
      request.log.info({ event: 'invitation_resent', invitationId: issued.invitationId, userId: auth.userId }, 'invitation resent');
      return issuedResponse(app.db, auth.organizationId, issued, 'renewed', app.mail.configured);
    },
  );
}

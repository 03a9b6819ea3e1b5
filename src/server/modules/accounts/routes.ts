import type { FastifyInstance } from 'fastify';
import { array, boolean, object, string, type ObjectSchema } from 'yup';
import type { AccountSessionsResponse, EmailChangeStatus } from '@shared/api/account';
import type { MessageResponse } from '@shared/api/roles';
import {
  emailChangeConfirmSchema,
  emailChangeSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileSchema,
} from '@shared/validation/account-changes';
import { idParams, noBody, noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { MEMBER_NOT_FOUND } from '../members';
import { endOwnOtherSessions, endOwnSession, listOwnSessions, SESSION_NOT_FOUND } from './account-sessions-service';
import { cancelEmailChange, confirmEmailChange, emailChangeStatus, requestEmailChange } from './email-change-service';
import { confirmPasswordReset, createMemberResetLink, PASSWORD_RESET_DONE, requestPasswordReset } from './password-reset-service';
import { changePassword, renameAccount } from './profile-service';

const SAY_OTHERS = 'Add others=true to sign out every other session';

/** A session's id is the hex SHA-256 of its cookie token; anything else names no session. */
const sessionParams = object({ id: string().required(SESSION_NOT_FOUND).matches(/^[0-9a-f]{64}$/, SESSION_NOT_FOUND) });
const otherSessionsQuery = object({ others: string().required(SAY_OTHERS).oneOf(['true'], SAY_OTHERS) });

const emailChangeStatusSchema: ObjectSchema<EmailChangeStatus> = object({
  available: boolean().defined(),
  pending: object({ newEmail: string().defined(), expiresAt: string().defined() }).nullable().defined(),
});

const sessionsResponseSchema: ObjectSchema<AccountSessionsResponse> = object({
  sessions: array(
    object({
      id: string().defined(),
      device: string().defined(),
      signedInAt: string().defined(),
      lastUsedAt: string().defined(),
      current: boolean().defined(),
    }),
  ).defined(),
});

/** The member's own account, under /api/auth: name, password, email address, sessions, and the password reset. */
export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.put(
    '/profile',
    { config: { access: 'signed-in' }, schema: { body: profileSchema } },
    async (request): Promise<MessageResponse> => {
      await renameAccount(app.db, authOf(request), request.body.name);
      return { message: 'Your name was saved' };
    },
  );

  app.put(
    '/password',
    { config: { access: 'signed-in' }, schema: { body: passwordChangeSchema } },
    async (request): Promise<MessageResponse> => {
      const auth = authOf(request);
      await changePassword(app.db, auth, request.body);
      request.log.info({ event: 'password_changed', userId: auth.userId }, 'password changed');
      return { message: 'Your password was changed. Your other sessions are signed out.' };
    },
  );

  app.get(
    '/email-change',
    { config: { access: 'signed-in' }, schema: { querystring: noQuery, response: { 200: emailChangeStatusSchema } } },
    async (request) => emailChangeStatus(app.db, app.mail, authOf(request)),
  );

  app.post(
    '/email-change',
    { config: { access: 'signed-in' }, schema: { body: emailChangeSchema } },
    async (request, reply): Promise<MessageResponse> => {
      const auth = authOf(request);
      const answer = await requestEmailChange(app.db, app.mail, auth, request.body);
      request.log.info({ event: 'email_change_requested', userId: auth.userId }, 'email change requested');
      void reply.status(202);
      return answer;
    },
  );

  app.delete(
    '/email-change',
    { config: { access: 'signed-in' }, schema: { querystring: noQuery } },
    async (request): Promise<MessageResponse> => {
      await cancelEmailChange(app.db, authOf(request));
      return { message: 'The email address change was cancelled. Its link no longer works.' };
    },
  );

  app.post(
    '/email-change/confirm',
    { config: { access: 'public' }, schema: { body: emailChangeConfirmSchema } },
    async (request): Promise<MessageResponse> => {
      const answer = await confirmEmailChange(app.db, app.mail, request.body.token);
      request.log.info({ event: 'email_changed' }, 'email address changed');
      return answer;
    },
  );

  app.get(
    '/sessions',
    { config: { access: 'signed-in' }, schema: { querystring: noQuery, response: { 200: sessionsResponseSchema } } },
    async (request) => listOwnSessions(app.db, app.config, authOf(request)),
  );

  app.delete(
    '/sessions',
    { config: { access: 'signed-in' }, schema: { querystring: otherSessionsQuery } },
    async (request): Promise<MessageResponse> => {
      await endOwnOtherSessions(app.db, authOf(request));
      return { message: 'Your other sessions are signed out' };
    },
  );

  app.delete(
    '/sessions/:id',
    { config: { access: 'signed-in' }, schema: { params: sessionParams } },
    async (request): Promise<MessageResponse> => {
      await endOwnSession(app.db, authOf(request), request.params.id);
      return { message: 'Session signed out' };
    },
  );

  app.post(
    '/password-reset',
    { config: { access: 'public' }, schema: { body: passwordResetRequestSchema } },
    async (request): Promise<MessageResponse> =>
      requestPasswordReset(app.db, app.mail, { email: request.body.email, ip: request.ip }),
  );

  app.post(
    '/password-reset/confirm',
    { config: { access: 'public' }, schema: { body: passwordResetConfirmSchema } },
    async (request): Promise<MessageResponse> => {
      await confirmPasswordReset(app.db, { ...request.body, ip: request.ip });
      return { message: PASSWORD_RESET_DONE };
    },
  );
}

/** A teammate's reset link for a member, under /api/members beside the role change it shares its rule with. */
export async function memberPasswordResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.post(
    '/:id/password-reset',
    { config: { access: 'members:edit_roles' }, schema: { params: idParams({ id: MEMBER_NOT_FOUND }), body: noBody } },
    async (request, reply) => {
      const auth = authOf(request);
      const link = await createMemberResetLink(app.db, app.config, auth, request.params.id);
      request.log.info({ event: 'member_reset_link_created', memberId: request.params.id, userId: auth.userId }, 'reset link created');
      void reply.status(201);
      return link;
    },
  );
}

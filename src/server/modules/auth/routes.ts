import type { FastifyInstance } from 'fastify';
import { object, string } from 'yup';
import { loginSchema, signupSchema } from '@shared/validation/account';
import { noBody, noQuery } from '@shared/validation/route-input';
import { unauthorized } from '../../lib/domain-error';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-plugin';
import type { YupTypeProvider } from '../../plugins/validation';
import { INVITATION_NOT_FOUND, lookUpInvitation } from '../invitations';
import { signIn, signUp, startSession } from './auth-service';
import { endSession } from '../members';
import { sessionResponseSchema, signupResponseSchema, toSessionUser } from './session-user';

/** Any text names an invitation's token; one that matches none answers the same 404 as an expired one. */
const invitationTokenParams = object({ token: string().required(INVITATION_NOT_FOUND) });

/** Signing up, in and out, the session check, and the public lookup of an invitation link. */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db, config } = app;

  app.get(
    '/verify',
    { config: { access: 'public' }, schema: { querystring: noQuery, response: { 200: sessionResponseSchema } } },
    async (request) => {
      if (!request.auth) throw unauthorized();
      return { user: toSessionUser(request.auth) };
    },
  );

  app.post(
    '/login',
    { config: { access: 'public' }, schema: { body: loginSchema, response: { 200: sessionResponseSchema } } },
    async (request, reply) => {
      const member = await signIn(db, config, { ...request.body, ip: request.ip }, request.log);
      request.log.info({ event: 'login', userId: member.userId }, 'signed in');
      const { token, user } = await startSession(db, config, sessionToken(request), member, request.headers['user-agent'] ?? null);
      setSessionCookie(reply, token);
      return { user };
    },
  );

  app.post(
    '/signup',
    { config: { access: 'public' }, schema: { body: signupSchema, response: { 201: signupResponseSchema } } },
    async (request, reply) => {
      const account = await signUp(db, config, { ...request.body, ip: request.ip });
      request.log.info({ event: 'signup', userId: account.userId, organizationId: account.organizationId }, 'signed up');
      const { token, user } = await startSession(db, config, sessionToken(request), account, request.headers['user-agent'] ?? null);
      setSessionCookie(reply, token);
      void reply.status(201);
      return { user, isNewUser: account.isNewUser };
    },
  );

  app.post('/logout', { config: { access: 'public' }, schema: { body: noBody } }, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await endSession(db, token);
    clearSessionCookie(reply);
    // Not "storage": the colour scheme the user chose lives there and outlives the session.
    void reply.header('clear-site-data', '"cookies"');
    return { message: 'Logged out successfully' };
  });

  app.get(
    '/invitation/:token',
    { config: { access: 'public' }, schema: { params: invitationTokenParams, querystring: noQuery } },
    async (request) => lookUpInvitation(db, request.params.token),
  );
}

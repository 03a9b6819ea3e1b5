import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InvitationLookup, SessionResponse, SignupResponse } from '@shared/api/auth';
import { loginSchema, normalizeEmail, signupSchema } from '@shared/validation/account';
import { users } from '../../db/schema';
import { notFound, unauthorized } from '../../lib/domain-error';
import { parse } from '../../lib/validate';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../plugins/session';
import { findPendingInvitation, INVITATION_NOT_FOUND } from '../invitations/invitation-store';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, deleteSession, loadSession } from './session-store';
import { toSessionUser } from './session-user';
import { createAccount } from './signup';
import { assertNotBlocked, recordEvent, resetKeys } from './throttle';
import { loginRules, signupRules, TOO_MANY_LOGINS, TOO_MANY_SIGNUPS } from './throttle-rules';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  /** Starts a fresh session (rotation: the session the browser still carried, if one, is destroyed). */
  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string, organizationId: string) {
    const previous = sessionToken(request);
    if (previous) await deleteSession(db, previous);
    const token = await createSession(db, config, userId, organizationId);
    setSessionCookie(reply, token);
    const auth = await loadSession(db, config, token);
    if (!auth) throw new Error('A session just created could not be loaded');
    return toSessionUser(auth);
  }

  app.get('/verify', { config: { access: 'public' } }, async (request): Promise<SessionResponse> => {
    if (!request.auth) throw unauthorized();
    return { user: toSessionUser(request.auth) };
  });

  app.post('/login', { config: { access: 'public' } }, async (request, reply): Promise<SessionResponse> => {
    const body = parse(loginSchema, request.body);
    const email = normalizeEmail(body.email);
    const rules = loginRules(email, request.ip, config.throttle);
    await assertNotBlocked(db, rules, TOO_MANY_LOGINS);

    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
      await recordEvent(db, rules);
      request.log.info({ event: 'login_failed', ip: request.ip }, 'sign-in failed');
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await resetKeys(db, [rules[0].key]);

    const membership = await db.query.memberships.findFirst({ where: (m, { eq: is }) => is(m.userId, user.id) });
    if (!membership) throw unauthorized(INVALID_CREDENTIALS);
    request.log.info({ event: 'login', userId: user.id }, 'signed in');
    return { user: await startSession(request, reply, user.id, membership.organizationId) };
  });

  app.post('/signup', { config: { access: 'public' } }, async (request, reply): Promise<SignupResponse> => {
    const body = parse(signupSchema, request.body);
    const rules = signupRules(request.ip, config.throttle);
    await assertNotBlocked(db, rules, TOO_MANY_SIGNUPS);
    await recordEvent(db, rules);

    const account = await createAccount(db, {
      name: body.name,
      email: normalizeEmail(body.email),
      passwordHash: await hashPassword(body.password),
      organizationName: body.organizationName,
      inviteToken: body.inviteToken || undefined,
    });
    request.log.info({ event: 'signup', userId: account.userId, organizationId: account.organizationId }, 'signed up');
    const user = await startSession(request, reply, account.userId, account.organizationId);
    void reply.status(201);
    return { user, isNewUser: account.isNewUser };
  });

  app.post('/logout', { config: { access: 'public' } }, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply);
    // Not "storage": the colour scheme the user chose lives there and outlives the session.
    void reply.header('clear-site-data', '"cookies"');
    return { message: 'Logged out successfully' };
  });

  app.get<{ Params: { token: string } }>(
    '/invitation/:token',
    { config: { access: 'public' } },
    async (request): Promise<InvitationLookup> => {
      const invitation = await findPendingInvitation(db, request.params.token);
      if (!invitation) throw notFound(INVITATION_NOT_FOUND);
      return {
        invitation: {
          email: invitation.email,
          organizationName: invitation.organizationName,
          roleName: invitation.roleName,
        },
      };
    },
  );
}

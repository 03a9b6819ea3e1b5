import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loadSession } from '../modules/auth/sessions-service';

/**
 * Reads the session cookie on every request and puts the caller on `request.auth`. Behind HTTPS the
 * cookie is `__Host-` prefixed and Secure; on plain http://localhost (development, the sandbox) it
 * cannot be, so it goes without both.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const token = sessionToken(request);
    request.auth = token ? await loadSession(app.db, app.config, token) : null;
  });
}, { name: 'session', dependencies: ['database'] });

export function sessionCookieName(app: FastifyInstance): string {
  return isSecure(app) ? '__Host-parley_session' : 'parley_session';
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request.server)] || undefined;
}

export function setSessionCookie(reply: FastifyReply, token: string): void {
  const app = reply.server;
  void reply.setCookie(sessionCookieName(app), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(app),
    maxAge: app.config.sessions.absoluteHours * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  const app = reply.server;
  void reply.clearCookie(sessionCookieName(app), { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure(app) });
}

function isSecure(app: FastifyInstance): boolean {
  return app.config.publicUrl.startsWith('https://');
}

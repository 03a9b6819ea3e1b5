import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isUuid } from '../../lib/ids';
import { loadSession } from '../members/sessions-service';

/**
 * Reads the session cookie on every request and puts the caller on `request.auth`. Behind HTTPS the
 * cookie is `__Host-` prefixed and Secure; on plain http://localhost (development, the sandbox) it
 * cannot be, so it goes without both.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.decorateRequest('conversationHead', null);

  app.addHook('onRequest', async (request) => {
    const token = sessionToken(request);
    const loaded = token ? await loadSession(app.db, app.config, token, conversationToRead(request)) : null;
    request.auth = loaded?.auth ?? null;
    request.conversationHead = loaded?.conversation ?? null;
  });
}, { name: 'session', dependencies: ['database'] });

/** The conversation a route reads along with the session (`config.readsConversationHead`): its `:id`, when that is a uuid. */
function conversationToRead(request: FastifyRequest): string | null {
  if (!request.routeOptions.config.readsConversationHead) return null;
  const { id } = request.params as { id?: unknown };
  return typeof id === 'string' && isUuid(id) ? id : null;
}

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

import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isUuid } from '../../lib/ids';
import { loadSession, type ConversationHead } from '../members';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's `:id` is a conversation whose head the session lookup reads along: see `conversationHeadReadWithSession`. */
    readsConversationHead?: true;
  }
}

/** The conversation heads read along with a request's session, for routes that declare `config.readsConversationHead`. */
const headsReadAlong = new WeakMap<FastifyRequest, ConversationHead>();

/**
 * Reads the session cookie on every request and puts the caller on `request.auth`. Behind HTTPS the
 * cookie is `__Host-` prefixed and Secure; on plain http://localhost (development, the sandbox) it
 * cannot be, so it goes without both.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const token = sessionToken(request);
    const loaded = token ? await loadSession(app.db, app.config, token, conversationToRead(request)) : null;
    request.auth = loaded?.auth ?? null;
    if (loaded?.conversation) headsReadAlong.set(request, loaded.conversation);
  });
}, { name: 'session', dependencies: ['database'] });

/**
 * The poll's shortcut. The 2-second poll usually finds nothing new; to answer that without a statement
 * of its own, a route that declares `config.readsConversationHead` has the session lookup (the one
 * statement every request makes) also read the head (change counter, assignee) of the conversation its
 * `:id` names. Null when the session's organization has no such conversation, or the route did not ask.
 */
export function conversationHeadReadWithSession(request: FastifyRequest): ConversationHead | null {
  return headsReadAlong.get(request) ?? null;
}

/** The conversation a route reads along with the session: its `:id`, when that is a uuid. */
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

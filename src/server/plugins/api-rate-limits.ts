import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiRateLimits } from '../config';
import { tooManyRequests } from '../lib/domain-error';

export const MEMBER_TOO_FAST = 'You are sending requests too fast. Parley will go on in a moment.';
export const ORGANIZATION_TOO_FAST = 'Your organization is sending requests too fast. Parley will go on in a moment.';

const MINUTE_MS = 60_000;

const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');

export interface ApiRateLimitOptions extends ApiRateLimits {
  /** The request's session token, as sent (before the session is looked up). */
  sessionTokenOf(request: FastifyRequest): string | undefined;
}

/**
 * Per-minute limits on signed-in API requests, one per member and one per organization, so one
 * organization's flood cannot slow the others. Counted in this process's memory: no database write per
 * request, and with several processes each enforces the limit on its own share. Requests without a
 * session are left to their own guards (sign-in and sign-up have throttles; webhooks are signed).
 *
 * A session is counted against the member's limit as soon as the request arrives, before the session
 * is looked up, so a flood from one session is refused without touching the database (which the
 * embedded engine runs one statement at a time, for every organization). The member's and the
 * organization's limits are then counted once the session is known, before the body is read. A refused
 * request did nothing, and answers 429 with Retry-After. Each limiter keeps the 5,000 most recently
 * active counters: one dropped belongs to someone quiet.
 */
export const apiRateLimitsPlugin = fp(async (app: FastifyInstance, options: ApiRateLimitOptions) => {
  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  await app.register(rateLimit, { global: false });
  const perSession = app.createRateLimit({
    max: options.perMemberPerMinute,
    timeWindow: MINUTE_MS,
    // Hashed, so the counters never hold a usable session token.
    keyGenerator: (request) => `session:${createHash('sha256').update(options.sessionTokenOf(request) ?? '').digest('base64url')}`,
  });
  const perMember = app.createRateLimit({
    max: options.perMemberPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `member:${request.auth?.organizationId}:${request.auth?.userId}`,
  });
  const perOrganization = app.createRateLimit({
    max: options.perOrganizationPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `organization:${request.auth?.organizationId}`,
  });

  app.addHook('onRequest', async (request) => {
    // The API only: the app's pages and files are not counted.
    if (!isApi(request) || !options.sessionTokenOf(request)) return;
    const session = await perSession(request);
    if (!session.isAllowed && session.isExceeded) throw tooManyRequests(MEMBER_TOO_FAST, session.ttlInSeconds);
  });

  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isApi(request) || !request.auth) return payload;
    const member = await perMember(request);
    if (!member.isAllowed && member.isExceeded) throw tooManyRequests(MEMBER_TOO_FAST, member.ttlInSeconds);
    const organization = await perOrganization(request);
    if (!organization.isAllowed && organization.isExceeded) throw tooManyRequests(ORGANIZATION_TOO_FAST, organization.ttlInSeconds);
    return payload;
  });
}, { name: 'api-rate-limits' });

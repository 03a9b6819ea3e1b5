import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiRateLimits } from '../config';
import { tooManyRequests } from '../lib/domain-error';
import type { AuthContext } from '../types';

export const MEMBER_TOO_FAST = 'You are sending requests too fast. Parley will go on in a moment.';
export const ORGANIZATION_TOO_FAST = 'Your organization is sending requests too fast. Parley will go on in a moment.';

const MINUTE_MS = 60_000;

/**
 * Per-minute limits on signed-in API requests, one per member and one per organization, so one
 * organization's flood cannot slow the others. Counted in this process's memory: no database write per
 * request, and with several processes each enforces the limit on its own share. Requests without a
 * session are left to their own guards (sign-in and sign-up have throttles; webhooks are signed).
 * Each limiter keeps the 5,000 most recently active counters: one dropped belongs to someone quiet.
 * Runs in onRequest, before the access check and before any body is read: a refused request did
 * nothing, and answers 429 with Retry-After.
 */
export const apiRateLimitsPlugin = fp(async (app: FastifyInstance, limits: ApiRateLimits) => {
  await app.register(rateLimit, { global: false });
  const perMember = app.createRateLimit({
    max: limits.perMemberPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `member:${signedIn(request).organizationId}:${signedIn(request).userId}`,
  });
  const perOrganization = app.createRateLimit({
    max: limits.perOrganizationPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `organization:${signedIn(request).organizationId}`,
  });

  app.addHook('onRequest', async (request) => {
    if (!request.auth) return;
    const member = await perMember(request);
    if (!member.isAllowed && member.isExceeded) throw tooManyRequests(MEMBER_TOO_FAST, member.ttlInSeconds);
    const organization = await perOrganization(request);
    if (!organization.isAllowed && organization.isExceeded) throw tooManyRequests(ORGANIZATION_TOO_FAST, organization.ttlInSeconds);
  });
}, { name: 'api-rate-limits', dependencies: ['session'] });

function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('rate limits apply to signed-in requests only');
  return request.auth;
}

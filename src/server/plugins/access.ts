import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission } from '@shared/permissions/catalogue';
import { forbidden, unauthorized } from '../lib/domain-error';
import type { AuthContext, PermissionRule, RouteAccessEntry } from '../types';

/**
 * Deny by default: every /api route declares `config.access`, checked here before its body is even read.
 * A route without one stops the app at start-up, so a forgotten check cannot ship.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  const table: RouteAccessEntry[] = [];
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });

  // onRequest, before any body is read: an anonymous 10 MB upload is refused without being parsed.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (!request.auth) throw unauthorized();
    if (access !== 'signed-in' && !satisfies(request.auth.permissions, access)) {
      request.log.warn(
        { userId: request.auth.userId, organizationId: request.auth.organizationId, route: request.routeOptions.url, access },
        'permission denied',
      );
      throw forbidden();
    }
  });
}, { name: 'access', dependencies: ['session'] });

/** The permissions a rule names, and whether a caller needs every one of them or any one. */
export function permissionsOf(rule: PermissionRule): { permissions: readonly Permission[]; needs: 'all' | 'any' } {
  if (typeof rule === 'string') return { permissions: [rule], needs: 'all' };
  if ('allOf' in rule) return { permissions: rule.allOf, needs: 'all' };
  return { permissions: rule, needs: 'any' };
}

/** Whether a member holding `held` passes the rule. */
export function satisfies(held: readonly Permission[], rule: PermissionRule): boolean {
  const { permissions, needs } = permissionsOf(rule);
  const holds = (permission: Permission) => held.includes(permission);
  return needs === 'all' ? permissions.every(holds) : permissions.some(holds);
}

/** The caller of a route that requires a session; the access check has already refused anonymous calls. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

import type { Permission } from '@shared/permissions/catalogue';
import type { AppConfig } from './config';
import type { Database } from './db/database';

/** Who is making a request: read from the session and the member's role at every request. */
export interface AuthContext {
  sessionId: string;
  userId: string;
  name: string;
  email: string;
  organizationId: string;
  organizationName: string;
  role: { id: string; name: string; description: string | null };
  permissions: Permission[];
}

/**
 * What a route requires: `public` (no session), `signed-in` (any member), one permission, a list of
 * permissions any one of which lets the caller in, or `{ allOf }`: permissions the caller must hold
 * together. Every API route must declare one; the app refuses to start otherwise.
 */
export type RouteAccess = 'public' | 'signed-in' | PermissionRule;

/** The permissions part of a route's access: one, any one of a list, or all of a list. */
export type PermissionRule = Permission | readonly [Permission, ...Permission[]] | { allOf: readonly [Permission, Permission, ...Permission[]] };

/** One row of the route table: what each API route requires (tests walk it). */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The body is multipart/form-data, read and checked by the handler (no body schema applies). */
    multipart?: true;
    /**
     * A GET that may write (the API gives it that shape): refused cross-site like a POST, so a link or an
     * image on another site cannot make a signed-in browser call it. It must also be safe to repeat.
     */
    writesOnGet?: true;
    /** A GET whose answer must never go to another site's page (the live event stream): its Origin is checked like a POST's. */
    sameSiteOnly?: true;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    routeAccess: readonly RouteAccessEntry[];
  }
}

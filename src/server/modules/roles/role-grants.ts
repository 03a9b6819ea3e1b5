import type { Permission } from '@shared/permissions/catalogue';
import { forbidden } from '../../lib/domain-error';
import type { AuthContext } from '../../types';

/**
 * Nobody hands out power they do not have (SECURITY.md AC-04): a role may only be given permissions
 * its author holds, and a member may only be given, or be moved away from, a role whose permissions
 * the caller holds.
 */

export const CANNOT_GRANT = 'You cannot grant permissions you do not hold';
export const CANNOT_MANAGE_MEMBER = 'You cannot change a member who holds permissions you do not have';

/** The permissions of `wanted` that `held` lacks. */
export function permissionsBeyond(held: readonly string[], wanted: readonly string[]): string[] {
  const have = new Set(held);
  return wanted.filter((permission) => !have.has(permission));
}

export function holdsAll(auth: AuthContext, wanted: readonly Permission[]): boolean {
  return permissionsBeyond(auth.permissions, wanted).length === 0;
}

export function assertMayGrant(auth: AuthContext, wanted: readonly Permission[]): void {
  if (!holdsAll(auth, wanted)) throw forbidden(CANNOT_GRANT);
}

import { useCallback, useMemo } from 'react';
import type { SessionUser } from '@shared/api/auth';
import type { Permission } from '@shared/permissions/catalogue';
import { hasPermission } from '@shared/permissions/check';
import { useVerifySessionQuery } from './session-api';

export interface Session {
  /** The signed-in user, or null when signed out (or while the first check is loading). */
  user: SessionUser | null;
  /** True until the first session check has answered. */
  isLoading: boolean;
  /** The permissions of the user's role in their organization (empty when signed out). */
  permissions: readonly Permission[];
  /** Whether the user holds a permission: gate what the UI shows with it (the server enforces it). */
  can: (permission: Permission) => boolean;
}

const NO_PERMISSIONS: readonly Permission[] = [];

/** The current session, for any component. */
export function useSession(): Session {
  const { data, isLoading } = useVerifySessionQuery();
  const user = data ?? null;
  const permissions = user?.organization?.permissions ?? NO_PERMISSIONS;
  const can = useCallback((permission: Permission) => hasPermission(permissions, permission), [permissions]);
  return useMemo(() => ({ user, isLoading, permissions, can }), [user, isLoading, permissions, can]);
}

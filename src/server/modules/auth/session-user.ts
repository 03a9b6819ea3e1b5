import type { SessionUser } from '@shared/api/auth';
import type { AuthContext } from '../../types';

/** The user as the SPA sees it: what SPEC.md section 3 lists, nothing of the session itself. */
export function toSessionUser(auth: AuthContext): SessionUser {
  return {
    userId: auth.userId,
    name: auth.name,
    email: auth.email,
    organization: {
      organizationId: auth.organizationId,
      organizationName: auth.organizationName,
      role: auth.role,
      permissions: auth.permissions,
    },
  };
}

import { array, boolean, object, string, type ObjectSchema } from 'yup';
import type { SessionResponse, SessionUser, SignupResponse } from '@shared/api/auth';
import type { Permission } from '@shared/permissions/catalogue';
import type { AuthContext } from '../../types';

/** The user as the SPA sees it: who they are, their organization, role and permissions; nothing of the session itself. */
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

/** The serializer keeps only these fields, so nothing else about an account (its password hash) can reach the client. */
const sessionUserSchema: ObjectSchema<SessionUser> = object({
  userId: string().defined(),
  name: string().defined(),
  email: string().defined(),
  organization: object({
    organizationId: string().defined(),
    organizationName: string().defined(),
    role: object({ id: string().defined(), name: string().defined(), description: string().nullable().defined() }),
    permissions: array(string<Permission>().defined()).defined(),
  })
    .nullable()
    .defined(),
});

export const sessionResponseSchema: ObjectSchema<SessionResponse> = object({ user: sessionUserSchema });

export const signupResponseSchema: ObjectSchema<SignupResponse> = object({
  user: sessionUserSchema,
  isNewUser: boolean().defined(),
});

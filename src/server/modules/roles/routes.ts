import type { FastifyInstance } from 'fastify';
import type {
  MessageResponse,
  PermissionDto,
  PermissionsResponse,
  RoleMutationResponse,
  RolesResponse,
} from '@shared/api/roles';
import { PERMISSIONS, permissionsByCategory, type Permission } from '@shared/permissions/catalogue';
import { MAX_CUSTOM_ROLES, roleSchema } from '@shared/validation/roles';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/domain-error';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/access';
import { deleteInvitationsForRole } from '../invitations/invitation-store';
import { assertMayGrant, permissionsBeyond } from './role-grants';
import {
  countCustomRoles,
  countRoleMembers,
  deleteRole,
  findRole,
  findRoleDto,
  insertRole,
  listRoles,
  ROLE_NOT_FOUND,
  updateRole,
  type RoleValues,
} from './role-store';

export const ROLE_NAME_TAKEN = 'A role with this name already exists';
export const SYSTEM_ROLE_PROTECTED = 'System roles cannot be changed or deleted';
export const TOO_MANY_ROLES = `An organization can have at most ${MAX_CUSTOM_ROLES} custom roles`;

export function roleHasMembers(count: number): string {
  return `This role has ${count} member(s). Reassign them first.`;
}

const toPermissionDto = ({ id, name, description }: PermissionDto): PermissionDto => ({ id, name, description });

// The catalogue is code, not data: the answer never changes while the process runs.
const PERMISSIONS_RESPONSE: PermissionsResponse = {
  permissions: Object.fromEntries(
    Object.entries(permissionsByCategory()).map(([category, list]) => [category, list.map(toPermissionDto)]),
  ),
  allPermissions: PERMISSIONS.map(toPermissionDto),
};

/** Roles & Permissions (SPEC.md section 7): system roles are read-only; custom roles are the organization's own. */
export async function roleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get('/', { config: { access: 'roles:view' } }, async (request): Promise<RolesResponse> => {
    return { roles: await listRoles(db, authOf(request).organizationId) };
  });

  app.get('/permissions', { config: { access: 'roles:view' } }, async (): Promise<PermissionsResponse> => {
    return PERMISSIONS_RESPONSE;
  });

  app.post('/', { config: { access: 'roles:create' } }, async (request, reply): Promise<RoleMutationResponse> => {
    const auth = authOf(request);
    const values = roleValues(request.body);
    assertMayGrant(auth, values.permissions);
    const roleId = await uniqueName(() =>
      db.transaction(async (tx) => {
        if ((await countCustomRoles(tx, auth.organizationId)) >= MAX_CUSTOM_ROLES) throw conflict(TOO_MANY_ROLES);
        return insertRole(tx, auth.organizationId, values);
      }),
    );
    request.log.info({ event: 'role_created', roleId, userId: auth.userId }, 'role created');
    void reply.status(201);
    return { message: 'Role created successfully', role: await roleDto(auth.organizationId, roleId) };
  });

  app.put<{ Params: { id: string } }>(
    '/:id',
    { config: { access: 'roles:edit' } },
    async (request): Promise<RoleMutationResponse> => {
      const auth = authOf(request);
      const values = roleValues(request.body);
      await uniqueName(() =>
        db.transaction(async (tx) => {
          const role = await findRole(tx, auth.organizationId, request.params.id, 'update');
          if (!role) throw notFound(ROLE_NOT_FOUND);
          if (role.isSystemRole) throw forbidden(SYSTEM_ROLE_PROTECTED);
          // Keeping a permission the role already has grants nothing; only additions must be the caller's own.
          assertMayGrant(auth, permissionsBeyond(role.permissions, values.permissions) as Permission[]);
          await updateRole(tx, auth.organizationId, role.id, values);
        }),
      );
      request.log.info({ event: 'role_updated', roleId: request.params.id, userId: auth.userId }, 'role updated');
      return { message: 'Role updated successfully', role: await roleDto(auth.organizationId, request.params.id) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { config: { access: 'roles:delete' } },
    async (request): Promise<MessageResponse> => {
      const auth = authOf(request);
      await db.transaction(async (tx) => {
        // The row lock keeps a concurrent assignment from slipping a member in between count and delete.
        const role = await findRole(tx, auth.organizationId, request.params.id, 'update');
        if (!role) throw notFound(ROLE_NOT_FOUND);
        if (role.isSystemRole) throw forbidden(SYSTEM_ROLE_PROTECTED);
        const members = await countRoleMembers(tx, auth.organizationId, role.id);
        if (members > 0) throw conflict(roleHasMembers(members));
        await deleteInvitationsForRole(tx, auth.organizationId, role.id);
        await deleteRole(tx, auth.organizationId, role.id);
      });
      request.log.info({ event: 'role_deleted', roleId: request.params.id, userId: auth.userId }, 'role deleted');
      return { message: 'Role deleted successfully' };
    },
  );

  async function roleDto(organizationId: string, roleId: string) {
    const role = await findRoleDto(db, organizationId, roleId);
    if (!role) throw notFound(ROLE_NOT_FOUND);
    return role;
  }
}

function roleValues(body: unknown): RoleValues {
  const parsed = parse(roleSchema, body);
  return { name: parsed.name, description: parsed.description, permissions: parsed.permissions as Permission[] };
}

/** Role names are unique per organization, case-insensitively; the index decides races too. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROLE_NAME_TAKEN);
    throw error;
  }
}

import type { FastifyInstance } from 'fastify';
import type { MessageResponse, PermissionsResponse } from '@shared/api/roles';
import { idParams, noQuery } from '@shared/validation/route-input';
import { roleSchema } from '@shared/validation/roles';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { ROLE_NOT_FOUND } from './role-grants';
import { createRole, editRole, listOrganizationRoles, PERMISSION_CATALOGUE, removeRole } from './roles-service';

const roleParams = idParams({ id: ROLE_NOT_FOUND });

/** Roles & Permissions: system roles are read-only; custom roles are the organization's own. */
export async function roleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.get(
    '/',
    { config: { access: 'roles:view' }, schema: { querystring: noQuery } },
    async (request) => listOrganizationRoles(app.db, authOf(request).organizationId),
  );

  app.get(
    '/permissions',
    { config: { access: 'roles:view' }, schema: { querystring: noQuery } },
    async (): Promise<PermissionsResponse> => PERMISSION_CATALOGUE,
  );

  app.post('/', { config: { access: 'roles:create' }, schema: { body: roleSchema } }, async (request, reply) => {
    const auth = authOf(request);
    const role = await createRole(app.db, auth, request.body);
    request.log.info({ event: 'role_created', roleId: role.id, userId: auth.userId }, 'role created');
    void reply.status(201);
    return { message: 'Role created successfully', role };
  });

  app.put(
    '/:id',
    { config: { access: 'roles:edit' }, schema: { params: roleParams, body: roleSchema } },
    async (request) => {
      const auth = authOf(request);
      const role = await editRole(app.db, auth, request.params.id, request.body);
      request.log.info({ event: 'role_updated', roleId: request.params.id, userId: auth.userId }, 'role updated');
      return { message: 'Role updated successfully', role };
    },
  );

  app.delete(
    '/:id',
    { config: { access: 'roles:delete' }, schema: { params: roleParams } },
    async (request): Promise<MessageResponse> => {
      const auth = authOf(request);
      await removeRole(app.db, auth, request.params.id);
      request.log.info({ event: 'role_deleted', roleId: request.params.id, userId: auth.userId }, 'role deleted');
      return { message: 'Role deleted successfully' };
    },
  );
}

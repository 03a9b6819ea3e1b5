import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '@shared/api/roles';
import { changeMemberRoleSchema, teamPageQuerySchema } from '@shared/validation/members';
import { idParams, noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { memberRoleChangedSchema, membersResponseSchema } from './member-responses';
import { assignableRoles, changeMemberRole, listTeam, MEMBER_NOT_FOUND, removeMember } from './members-service';

const memberParams = idParams({ id: MEMBER_NOT_FOUND });

/** Team members: who belongs to the organization, in which role. */
export async function memberRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.get(
    '/',
    { config: { access: 'members:view' }, schema: { querystring: teamPageQuerySchema, response: { 200: membersResponseSchema } } },
    async (request) => listTeam(app.db, authOf(request).organizationId, request.query),
  );

  app.get(
    '/assignable-roles',
    { config: { access: 'signed-in' }, schema: { querystring: noQuery } },
    async (request) => assignableRoles(app.db, authOf(request)),
  );

  app.put(
    '/:id/role',
    {
      config: { access: 'members:edit_roles' },
      schema: { params: memberParams, body: changeMemberRoleSchema, response: { 200: memberRoleChangedSchema } },
    },
    async (request) => {
      const auth = authOf(request);
      const { roleId } = request.body;
      const member = await changeMemberRole(app.db, auth, request.params.id, roleId);
      request.log.info({ event: 'member_role_changed', memberId: member.id, roleId, userId: auth.userId }, 'member role changed');
      return { message: `${member.name} is now ${member.role.name}`, member };
    },
  );

  app.delete(
    '/:id',
    { config: { access: 'members:remove' }, schema: { params: memberParams } },
    async (request): Promise<MessageResponse> => {
      const auth = authOf(request);
      await removeMember(app.db, auth, request.params.id);
      request.log.info({ event: 'member_removed', memberId: request.params.id, userId: auth.userId }, 'member removed');
      return { message: 'Member removed successfully' };
    },
  );
}

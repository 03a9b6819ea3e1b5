import type { FastifyInstance } from 'fastify';
import type { AssignableRolesResponse, MemberRoleChangedResponse, MembersResponse } from '@shared/api/members';
import type { MessageResponse } from '@shared/api/roles';
import { hasPermission } from '@shared/permissions/check';
import { changeMemberRoleSchema, teamPageQuerySchema } from '@shared/validation/members';
import { forbidden, notFound } from '../../lib/domain-error';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/access';
import { invitationRoutes, type InvitationRoutesOptions } from '../invitations/routes';
import { permissionsBeyond } from '../roles/role-grants';
import { listRoles } from '../roles/role-store';
import { changeMemberRole, MEMBER_NOT_FOUND, removeMember } from './member-changes';
import { findMemberDto, listMembers } from './member-store';

export type MemberRoutesOptions = InvitationRoutesOptions;

/** Team members (SPEC.md section 7), with the invitation endpoints under the same prefix. */
export async function memberRoutes(app: FastifyInstance, options: MemberRoutesOptions): Promise<void> {
  const { db } = app;

  app.get('/', { config: { access: 'members:view' } }, async (request): Promise<MembersResponse> => {
    const { page, limit } = parse(teamPageQuerySchema, request.query);
    return listMembers(db, authOf(request).organizationId, { offset: (page - 1) * limit, limit });
  });

  /**
   * The roles the caller may give someone, for the invite and role-change forms. Inviting needs role
   * names without roles:view (which shows every role's permissions), so this answers names only,
   * to holders of members:invite or members:edit_roles, and only roles within the caller's own permissions.
   */
  app.get('/assignable-roles', { config: { access: 'signed-in' } }, async (request): Promise<AssignableRolesResponse> => {
    const auth = authOf(request);
    if (!hasPermission(auth.permissions, 'members:invite') && !hasPermission(auth.permissions, 'members:edit_roles')) {
      throw forbidden();
    }
    const roles = await listRoles(db, auth.organizationId);
    return {
      roles: roles
        .filter((role) => permissionsBeyond(auth.permissions, role.permissions.map((p) => p.id)).length === 0)
        .map(({ id, name }) => ({ id, name })),
    };
  });

  app.put<{ Params: { id: string } }>(
    '/:id/role',
    { config: { access: 'members:edit_roles' } },
    async (request): Promise<MemberRoleChangedResponse> => {
      const auth = authOf(request);
      const { roleId } = parse(changeMemberRoleSchema, request.body);
      await changeMemberRole(db, auth, request.params.id, roleId);
      const member = await findMemberDto(db, auth.organizationId, request.params.id);
      if (!member) throw notFound(MEMBER_NOT_FOUND);
      request.log.info({ event: 'member_role_changed', memberId: member.id, roleId, userId: auth.userId }, 'member role changed');
      return { message: `${member.name} is now ${member.role.name}`, member };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    { config: { access: 'members:remove' } },
    async (request): Promise<MessageResponse> => {
      const auth = authOf(request);
      await removeMember(db, auth, request.params.id);
      request.log.info({ event: 'member_removed', memberId: request.params.id, userId: auth.userId }, 'member removed');
      return { message: 'Member removed successfully' };
    },
  );

  // Only the transport: the options also carry this plugin's prefix, which must not apply twice.
  await app.register(invitationRoutes, { transport: options.transport });
}

import { api } from '@client/api/base-api';
import type {
  AssignableRolesResponse,
  ChangeMemberRoleRequest,
  InvitationIssuedResponse,
  InvitationsResponse,
  InviteMemberRequest,
  MemberRoleChangedResponse,
  MembersResponse,
} from '@shared/api/members';
import type { PageQuery } from '@shared/api/pagination';
import type { PasswordResetLinkResponse } from '@shared/api/account';
import type { MessageResponse } from '@shared/api/roles';

export const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMembers: build.query<MembersResponse, Required<PageQuery>>({
      query: ({ page, limit }) => ({ url: '/members', params: { page, limit } }),
      providesTags: ['Member'],
    }),
    getInvitations: build.query<InvitationsResponse, void>({
      query: () => '/members/invitations',
      providesTags: ['Invitation'],
    }),
    /** The roles the user may give someone; they change with the roles themselves. */
    getAssignableRoles: build.query<AssignableRolesResponse, void>({
      query: () => '/members/assignable-roles',
      providesTags: ['Role'],
    }),
    inviteMember: build.mutation<InvitationIssuedResponse, InviteMemberRequest>({
      query: (body) => ({ url: '/members/invite', method: 'POST', body }),
      invalidatesTags: ['Invitation'],
    }),
    resendInvitation: build.mutation<InvitationIssuedResponse, string>({
      query: (id) => ({ url: `/members/invitations/${encodeURIComponent(id)}/resend`, method: 'POST' }),
      invalidatesTags: ['Invitation'],
    }),
    changeMemberRole: build.mutation<MemberRoleChangedResponse, ChangeMemberRoleRequest & { memberId: string }>({
      query: ({ memberId, roleId }) => ({ url: `/members/${encodeURIComponent(memberId)}/role`, method: 'PUT', body: { roleId } }),
      // Member counts per role change too.
      invalidatesTags: ['Member', 'Role'],
    }),
    /** A one-time password reset link for a member, shown once (without email, the admin passes it on). */
    createMemberResetLink: build.mutation<PasswordResetLinkResponse, string>({
      query: (memberId) => ({ url: `/members/${encodeURIComponent(memberId)}/password-reset`, method: 'POST' }),
    }),
    removeMember: build.mutation<MessageResponse, string>({
      query: (memberId) => ({ url: `/members/${encodeURIComponent(memberId)}`, method: 'DELETE' }),
      invalidatesTags: ['Member', 'Role'],
    }),
  }),
});

export const {
  useGetMembersQuery,
  useGetInvitationsQuery,
  useGetAssignableRolesQuery,
  useInviteMemberMutation,
  useResendInvitationMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useCreateMemberResetLinkMutation,
} = membersApi;

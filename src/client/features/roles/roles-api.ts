import { api } from '@client/api/base-api';
import type { RootState } from '@client/app/store';
import { sessionApi } from '@client/session/session-api';
import type {
  MessageResponse,
  PermissionsResponse,
  RoleMutationResponse,
  RoleRequest,
  RolesResponse,
} from '@shared/api/roles';

export const rolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRoles: build.query<RolesResponse, void>({
      query: () => '/roles',
      providesTags: ['Role'],
    }),
    getPermissions: build.query<PermissionsResponse, void>({
      query: () => '/roles/permissions',
      providesTags: ['Permission'],
    }),
    createRole: build.mutation<RoleMutationResponse, RoleRequest>({
      query: (body) => ({ url: '/roles', method: 'POST', body }),
      invalidatesTags: ['Role'],
    }),
    updateRole: build.mutation<RoleMutationResponse, RoleRequest & { id: string }>({
      query: (body) => ({ url: `/roles/${encodeURIComponent(body.id)}`, method: 'PUT', body }),
      // Role names appear in the members and invitations lists too.
      invalidatesTags: ['Role', 'Member', 'Invitation'],
      onQueryStarted: async ({ id }, { dispatch, getState, queryFulfilled }) => {
        const done = await queryFulfilled.then(() => true, () => false);
        // Editing the role one holds changes one's own permissions: re-read the session so the
        // sidebar, tabs and buttons follow at once.
        if (done && sessionRoleId(getState() as RootState) === id) dispatch(api.util.invalidateTags(['Session']));
      },
    }),
    deleteRole: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/roles/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // A deleted role takes its pending invitations with it.
      invalidatesTags: ['Role', 'Invitation'],
    }),
  }),
});

function sessionRoleId(state: RootState): string | undefined {
  return sessionApi.endpoints.verifySession.select()(state).data?.organization?.role.id;
}

export const {
  useGetRolesQuery,
  useGetPermissionsQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
} = rolesApi;

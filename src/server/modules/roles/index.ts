export { assertMayManageHoldersOf, CANNOT_MANAGE_MEMBER, holdsAll, lockAssignableRole } from './role-grants';
export { findAdminRoleId, findRole, insertRole, insertSystemRoles, listRoles } from './roles-repository';
export { roleRoutes } from './routes';

/** The roles module's public face: what other modules, app.ts and the seed may use. */
export { assertMayManageHoldersOf, CANNOT_MANAGE_MEMBER, holdsAll, lockAssignableRole } from './role-grants';
export { findAdminRoleId, findRole, insertRole, insertSystemRoles, listRoles } from './roles-service';
export { roleRoutes } from './routes';

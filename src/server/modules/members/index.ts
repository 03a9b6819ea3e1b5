/** The members module's public face: what other modules, app.ts and the seed may use. */
export { findMemberIdByEmail, findOrganizationOfUser, findUserByEmail, insertMembership, insertUser, listMemberPeople, listMemberPeopleWithPermissions, setMemberRole } from './members-service';
export { memberRoutes } from './routes';
export { type ConversationHead, createSession, endSession, loadSession } from './sessions-service';

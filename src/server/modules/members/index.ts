export { findMemberIdByEmail, findOrganizationOfUser, insertMembership, listMemberPeople, setMemberRole } from './members-repository';
export { memberRoutes } from './routes';
export { hashToken, newToken } from './secret-tokens';
export { createSession, endSession, loadSession } from './sessions-service';
export { type ConversationHead } from './sessions-repository';
export { findUserByEmail, insertUser } from './users-repository';

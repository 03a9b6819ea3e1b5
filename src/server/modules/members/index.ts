/** The members module's public face: what other modules, app.ts and the seed may use. */
export {
  findMemberAccountByEmail,
  findMemberIdByEmail,
  findOrganizationOfUser,
  findPasswordHash,
  findUserByEmail,
  insertMembership,
  insertUser,
  listMemberPeople,
  listMemberPeopleWithPermissions,
  lockHelpableMember,
  MEMBER_NOT_FOUND,
  setMemberRole,
  setPasswordHash,
  setUserName,
  type TeamActor,
} from './members-service';
export { memberRoutes } from './routes';
export {
  type ActiveSession,
  type ConversationHead,
  createSession,
  endAllSessions,
  endMemberSession,
  endOtherSessions,
  endSession,
  listActiveSessions,
  loadSession,
} from './sessions-service';

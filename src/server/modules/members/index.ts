/** The members module's public face: what other modules, app.ts and the seed may use. */
export {
  findMemberAccountByEmail,
  findMemberAccountById,
  findMemberIdByEmail,
  findOrganizationOfUser,
  findPasswordHash,
  findUserByEmail,
  findUserEmail,
  insertMembership,
  insertUser,
  listMemberPeople,
  listMemberPeopleWithPermissions,
  lockHelpableMember,
  MEMBER_NOT_FOUND,
  setMemberRole,
  setPasswordHash,
  setUserEmail,
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
  pruneEndedSessions,
} from './sessions-service';

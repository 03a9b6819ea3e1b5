/** The invitations module's public face: what other modules, app.ts and the seed may use. */
export { assertInvitationFor, claimInvitation, INVITATION_NOT_FOUND, lookUpInvitation, storeInvitation } from './invitations-service';
export { invitationRoutes } from './routes';

export { assertInvitationFor, claimInvitation, INVITATION_NOT_FOUND, lookUpInvitation, storeInvitation } from './invitations-service';
export { invitationRoutes } from './routes';

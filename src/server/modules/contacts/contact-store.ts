// TEMPORARY, for the conversations module while it moves: CONTACT_NOT_FOUND lives in contacts-service.ts.
// Delete this file once conversations-service.ts and conversations/routes.ts import it from there.
export { CONTACT_NOT_FOUND } from './contacts-service';

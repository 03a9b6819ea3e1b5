/** The member presence module's public face: what other modules and app.ts may use. */
export { availableResponders, recordAutoAssigned, recordStreamSeen, type Responder } from './member-presence-service';
export { availabilityRoutes } from './routes';

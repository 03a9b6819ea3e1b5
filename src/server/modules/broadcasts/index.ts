/** The broadcasts module's public face: what other modules, app.ts and the seed may use. */
export { broadcastDispatchPlugin } from './dispatch-plugin';
export { reconcileRecipients } from './dispatch-reconcile';
export { listBroadcasts } from './broadcasts-service';
export { broadcastRoutes } from './routes';
export { broadcastSchedulePlugin } from './schedule-plugin';

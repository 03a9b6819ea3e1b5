export { broadcastDispatchPlugin } from './dispatch-plugin';
export { reconcileRecipients } from './dispatch-reconcile';
export { broadcastRoutes } from './routes';

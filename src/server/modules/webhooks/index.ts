/** The webhooks module's public face: what other modules, app.ts and the seed may use. */
export { webhookRoutes } from './routes';
export { webhookInboxPlugin } from './webhook-inbox-plugin';

export { webhookInboxPlugin } from './webhook-inbox-plugin';
export { webhookRoutes } from './routes';
export { inboxSettingsFor, WebhookInbox } from './webhook-inbox';

/** The accounts module's public face: what app.ts and the command line may use. */
export { expiredRecordsPlugin } from './expired-records-plugin';
export { createResetLinkForEmail } from './password-reset-service';
export { accountRoutes, memberPasswordResetRoutes } from './routes';

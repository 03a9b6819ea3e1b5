/** The accounts module's public face: what app.ts and the command line may use. */
export { expiredLinksPlugin } from './expired-links-plugin';
export { createResetLinkForEmail } from './password-reset-service';
export { accountRoutes, memberPasswordResetRoutes } from './routes';

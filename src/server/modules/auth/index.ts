/** The auth module's public face: what other modules, app.ts and the seed may use. */
export { hashPassword } from './passwords';
export { authRoutes } from './routes';
export { conversationHeadReadWithSession, sessionCookieName, sessionPlugin, sessionToken } from './session-plugin';

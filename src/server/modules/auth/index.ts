/** The auth module's public face: what other modules, app.ts and the seed may use. */
export { hashPassword, verifyPassword } from './passwords';
export { claimAttempt, pruneIdleCounters, resetKeys, type ThrottleRule } from './throttle-service';
export { loginKeysClearedByReset } from './throttle-rules';
export { authRoutes } from './routes';
export { conversationHeadReadWithSession, sessionCookieName, sessionPlugin, sessionToken } from './session-plugin';

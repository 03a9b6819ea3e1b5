export { hashPassword } from './passwords';
export { authRoutes } from './routes';
export { conversationHeadReadWithSession, sessionCookieName, sessionPlugin } from './session-plugin';

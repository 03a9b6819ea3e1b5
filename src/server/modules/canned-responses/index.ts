/** The canned responses module's public face: what app.ts and the seed may use. */
export { cannedResponseRoutes } from './routes';
export { createCannedResponse } from './canned-responses-service';

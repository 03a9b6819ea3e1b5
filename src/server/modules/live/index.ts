/** The live module's public face: what app.ts uses. */
export { livePlugin } from './live-plugin';
export { liveRoutes } from './routes';

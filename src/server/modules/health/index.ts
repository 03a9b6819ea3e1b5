/** The health module's public face: what other modules, app.ts and the seed may use. */
export { healthRoutes } from './routes';

/** The dashboard module's public face: what other modules, app.ts and the seed may use. */
export { dashboardRoutes } from './routes';

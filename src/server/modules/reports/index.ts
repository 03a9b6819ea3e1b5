/** The reports module's public face: what other modules, app.ts and the seed may use. */
export { reportRoutes } from './routes';
export { medianFirstResponseToday } from './reports-service';

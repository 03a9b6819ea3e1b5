/** The member preferences module's public face: what app.ts may use. */
export { memberPreferencesRoutes } from './routes';

/** The api-docs module's public face: what other modules, app.ts and the seed may use. */
export { apiDocsRoutes } from './routes';

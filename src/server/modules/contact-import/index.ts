/** The contact-import module's public face: what other modules, app.ts and the seed may use. */
export { contactImportRoutes } from './routes';

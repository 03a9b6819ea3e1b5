export { contactImportRoutes } from './routes';

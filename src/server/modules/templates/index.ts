export { templateRoutes } from './routes';
export { findTemplate, updateTemplateStatus } from './templates-repository';
export { replaceTemplates } from './templates-service';

/** The templates module's public face: what other modules, app.ts and the seed may use. */
export { templateRoutes } from './routes';
export { findTemplate, replaceTemplates, updateTemplateStatus } from './templates-service';
export { prepareTemplateSend, type PreparedTemplateSend, type SendableTemplate } from './template-send';
export { isMarketingTemplate } from './template-category-sql';

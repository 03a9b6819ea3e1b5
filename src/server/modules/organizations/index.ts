/** The organizations module's public face: what other modules, app.ts and the seed may use. */
export { createOrganization, findTemplateSyncAt, hasOrganizations, recordTemplateSync } from './organizations-service';

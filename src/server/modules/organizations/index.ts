export { findTemplateSyncAt, hasOrganizations, recordTemplateSync } from './organizations-repository';
export { createOrganization } from './organizations-service';

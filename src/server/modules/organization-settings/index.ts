/** The organization-settings module's public face: what other modules and app.ts may use. */
export { organizationSettingsRoutes } from './routes';
export { readOrganizationSettings, updateOrganizationSettings } from './organization-settings-service';
export type { OrganizationSettings } from '@shared/api/organization-settings';

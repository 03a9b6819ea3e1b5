import type { FastifyInstance } from 'fastify';
import type { OrganizationSettingChangePage, OrganizationSettings } from '@shared/api/organization-settings';
import { noQuery } from '@shared/validation/route-input';
import { organizationSettingChangesQuerySchema, organizationSettingsPatchSchema } from '@shared/validation/organization-settings';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { listOrganizationSettingChanges, readOrganizationSettings, updateOrganizationSettings } from './organization-settings-service';

/**
 * Settings → Organization: read receipts, auto-assignment and the time zone, and who changed them. Behind
 * settings:view for reading and changing alike, as the Messaging API tab is.
 */
export async function organizationSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app;

  app.get(
    '/settings',
    { config: { access: 'settings:view' }, schema: { querystring: noQuery } },
    async (request): Promise<OrganizationSettings> => readOrganizationSettings(db, authOf(request).organizationId),
  );

  app.patch(
    '/settings',
    { config: { access: 'settings:view' }, schema: { body: organizationSettingsPatchSchema } },
    async (request): Promise<OrganizationSettings> => {
      const { organizationId, userId } = authOf(request);
      return updateOrganizationSettings(db, organizationId, userId, request.body);
    },
  );

  app.get(
    '/settings/changes',
    { config: { access: 'settings:view' }, schema: { querystring: organizationSettingChangesQuerySchema } },
    async (request): Promise<OrganizationSettingChangePage> =>
      listOrganizationSettingChanges(db, authOf(request).organizationId, request.query),
  );
}

import { ADMIN_ROLE_NAME, SYSTEM_ROLES } from '@shared/permissions/system-roles';
import type { Queryable } from '../../db/database';
import { insertOrganization } from './organizations-repository';
import { insertSystemRoles } from '../roles';

/** Creates an organization with its four system roles; answers the ids the founder's membership needs. */
export async function createOrganization(
  db: Queryable,
  name: string,
): Promise<{ organizationId: string; adminRoleId: string; roleIds: Record<string, string> }> {
  const organizationId = await insertOrganization(db, name);
  const roleIds = await insertSystemRoles(db, organizationId, SYSTEM_ROLES);
  return { organizationId, adminRoleId: roleIds[ADMIN_ROLE_NAME], roleIds };
}

// Start-up asks whether any organization exists; templates record their last sync on the organization.
export { findTemplateSyncAt, hasOrganizations, recordTemplateSync } from './organizations-repository';

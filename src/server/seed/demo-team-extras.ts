import { ADMIN_ROLE_NAME } from '@shared/permissions/system-roles';
import { ROLE_TEMPLATES } from '@shared/permissions/role-templates';
import { storeInvitation } from '../modules/invitations';
import { findMemberIdByEmail, setMemberRole } from '../modules/members';
import { insertRole } from '../modules/roles';
import type { DemoSeedContext } from './demo';

const template = (id: string) => {
  const found = ROLE_TEMPLATES.find((t) => t.id === id);
  if (!found) throw new Error(`No role template ${id}`);
  return found;
};

/**
 * Custom roles made from templates (one with a member, so the Roles tab shows a role that cannot be
 * deleted, one without) and a pending invitation, so Team Members and Roles & Permissions look used.
 */
export async function seedDemoTeamExtras({ db, team }: DemoSeedContext): Promise<void> {
  const { organizationId } = team;
  await db.transaction(async (tx) => {
    const senior = template('senior-agent');
    const seniorRoleId = await insertRole(tx, organizationId, {
      name: 'Senior Support',
      description: senior.description,
      permissions: senior.permissions,
    });
    const marketing = template('marketing-manager');
    await insertRole(tx, organizationId, {
      name: 'Campaigns',
      description: marketing.description,
      permissions: marketing.permissions,
    });

    // Priya was an Agent; Senior Support holds every Agent permission and more, so nothing she did stops working.
    const priya = await findMemberIdByEmail(tx, organizationId, 'priya@demo.parley.dev');
    if (priya) await setMemberRole(tx, organizationId, priya, seniorRoleId);

    // The token is not kept: whoever wants the link uses Copy Link, which issues a fresh one.
    await storeInvitation(tx, {
      organizationId,
      email: 'yusuf@demo.parley.dev',
      roleId: team.roleIds.Agent,
      invitedByUserId: team.userIds[ADMIN_ROLE_NAME],
    });
  });
}

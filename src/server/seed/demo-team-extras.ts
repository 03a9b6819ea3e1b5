import { and, eq } from 'drizzle-orm';
import { ROLE_TEMPLATES } from '@shared/permissions/role-templates';
import { memberships, users } from '../db/schema';
import { insertInvitation } from '../modules/invitations/invitation-store';
import { setMemberRole } from '../modules/members/member-store';
import { insertRole } from '../modules/roles/role-store';
import type { DemoSeedContext } from './demo';
import { DEMO_ADMIN_EMAIL } from './demo-team';

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
    const [priya] = await tx
      .select({ membershipId: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organizationId), eq(users.email, 'priya@demo.parley.dev')));
    if (priya) await setMemberRole(tx, organizationId, priya.membershipId, seniorRoleId);

    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    // The token is not kept: whoever wants the link uses Copy Link, which issues a fresh one.
    await insertInvitation(tx, {
      organizationId,
      email: 'yusuf@demo.parley.dev',
      roleId: team.roleIds.Agent,
      invitedByUserId: admin.id,
    });
  });
}

import { ADMIN_ROLE_NAME } from '@shared/permissions/system-roles';
import type { Database } from '../db/database';
import { hashPassword } from '../modules/auth';
import { insertMembership, insertUser } from '../modules/members';
import { createOrganization } from '../modules/organizations';

import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './demo-credentials';

export { DEMO_ADMIN_EMAIL, DEMO_PASSWORD };

export interface DemoTeam {
  organizationId: string;
  /** User ids by role name: the Admin signs in; the others give assignments and analytics real names. */
  userIds: Record<string, string>;
  roleIds: Record<string, string>;
}

const PEOPLE = [
  { name: 'Amira Haddad', email: DEMO_ADMIN_EMAIL, role: ADMIN_ROLE_NAME },
  { name: 'Rahul Menon', email: 'manager@demo.parley.dev', role: 'Manager' },
  { name: 'Fatima Al Sayed', email: 'lead@demo.parley.dev', role: 'Team Lead' },
  { name: 'Omar Khalil', email: 'agent@demo.parley.dev', role: 'Agent' },
  { name: 'Priya Nair', email: 'priya@demo.parley.dev', role: 'Agent' },
];

/** The demo organization and its people, all with the demo password. */
export async function seedDemoTeam(db: Database): Promise<DemoTeam> {
  return db.transaction(async (tx) => {
    const { organizationId, roleIds } = await createOrganization(tx, 'Desert Rose Trading');
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const userIds: Record<string, string> = {};
    for (const person of PEOPLE) {
      const userId = await insertUser(tx, { email: person.email, name: person.name, passwordHash });
      await insertMembership(tx, { organizationId, userId, roleId: roleIds[person.role] });
      userIds[person.role] ??= userId;
    }
    return { organizationId, userIds, roleIds };
  });
}

/** @jest-environment node */
import type { InvitationsResponse } from '@shared/api/members';
import type { RolesResponse } from '@shared/api/roles';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoTeam } from './demo-team';
import { seedDemoTeamExtras } from './demo-team-extras';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const team = await seedDemoTeam(t.database.db);
  await seedDemoTeamExtras({ db: t.database.db, config: t.app.config, team, log: t.app.log });
});
afterAll(() => t.close());

test('the demo organization has template-made custom roles and a pending invitation', async () => {
  const admin = await signIn(t.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  const roles = (await admin.request({ method: 'GET', url: '/api/roles' })).json<RolesResponse>().roles;
  expect(roles.find((r) => r.name === 'Senior Support')).toMatchObject({ isSystemRole: false, memberCount: 1 });
  expect(roles.find((r) => r.name === 'Campaigns')).toMatchObject({ isSystemRole: false, memberCount: 0 });
  expect(roles.find((r) => r.name === 'Agent')!.memberCount).toBe(1);

  const invitations = (await admin.request({ method: 'GET', url: '/api/members/invitations' })).json<InvitationsResponse>();
  expect(invitations.invitations.map((i) => [i.email, i.role.name, i.invitedBy?.name])).toEqual([
    ['yusuf@demo.parley.dev', 'Agent', 'Amira Haddad'],
  ]);
});

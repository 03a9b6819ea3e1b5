/** @jest-environment node */
import type { CannedResponsePage } from '@shared/api/canned-responses';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { seedDemoCannedResponses } from './demo-canned-responses';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoTeam } from './demo-team';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const team = await seedDemoTeam(t.database.db);
  await seedDemoCannedResponses({ db: t.database.db, config: t.app.config, team, log: t.app.log });
});
afterAll(() => t.close());

test('the demo organization has canned responses for the composer, and its Admin and Manager manage them', async () => {
  const admin = await signIn(t.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  const page = (await admin.request({ method: 'GET', url: '/api/canned-responses' })).json<CannedResponsePage>();
  expect(page.data.map((reply) => reply.shortcut)).toEqual(['callback', 'delivery', 'greet', 'hours']);
  expect(admin.user.organization?.permissions).toContain('canned_responses:manage');
});

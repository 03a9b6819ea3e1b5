/** @jest-environment node */
import type { BroadcastAnalytics } from '@shared/api/broadcasts';
import { ALL_PERMISSIONS, type Permission } from '@shared/permissions/catalogue';
import { addMemberWith } from '../../testing/fixtures';
import { createAppWithAdmin, organizationOf, type Member, type TestApp } from '../../testing/test-app';
import { insertTemplate, makeContacts } from './broadcast-test-fixtures';

/**
 * Broadcast analytics by permission: analytics:view reads a broadcast's figures; button performance, the
 * assignments its buttons made and the recipient drill-downs are advanced (analytics:view_advanced).
 */
let t: TestApp;
let admin: Member;
let broadcastId: string;

const allBut = (...left: Permission[]) => ALL_PERMISSIONS.filter((permission) => !left.includes(permission));
const get = (member: Member, url: string) => member.request({ method: 'GET', url });

beforeAll(async () => {
  ({ t, admin } = await createAppWithAdmin());
  const organizationId = organizationOf(admin);
  const templateId = await insertTemplate(t.database.db, organizationId);
  const contacts = await makeContacts(t.database.db, organizationId, 2);
  const created = await admin.request({
    method: 'POST', url: '/api/broadcast', payload: { templateId, parameters: ['Layla', 'A-1'], contactIds: contacts.map((contact) => contact.id) },
  });
  expect(created.statusCode).toBe(201);
  broadcastId = created.json<{ id: string }>().id;
}, 60_000);
afterAll(() => t.close());

test('a member without analytics:view is refused the analytics, even holding broadcasts:view', async () => {
  const member = await addMemberWith(t, organizationOf(admin), allBut('analytics:view'));
  expect((await get(member, `/api/broadcast/${broadcastId}/analytics`)).statusCode).toBe(403);
  expect((await get(member, `/api/broadcast/${broadcastId}`)).statusCode).toBe(200);
});

test('analytics:view alone reads the figures without button performance and assignments, and no recipient drill-down', async () => {
  const member = await addMemberWith(t, organizationOf(admin), ['analytics:view']);
  const response = await get(member, `/api/broadcast/${broadcastId}/analytics`);
  expect(response.statusCode).toBe(200);
  const analytics = response.json<BroadcastAnalytics>();
  expect(analytics.totalCount).toBe(2);
  expect(analytics).not.toHaveProperty('buttonPerformance');
  expect(analytics).not.toHaveProperty('assignmentDistribution');
  expect((await get(member, `/api/broadcast/${broadcastId}/recipients?filter=attempted`)).statusCode).toBe(403);
});

test('analytics:view_advanced adds button performance, assignments and the drill-downs', async () => {
  const member = await addMemberWith(t, organizationOf(admin), ['analytics:view', 'analytics:view_advanced']);
  const analytics = (await get(member, `/api/broadcast/${broadcastId}/analytics`)).json<BroadcastAnalytics>();
  expect(analytics.buttonPerformance).toEqual(expect.any(Array));
  expect(analytics.assignmentDistribution).toEqual([]);
  const drillDown = await get(member, `/api/broadcast/${broadcastId}/recipients?filter=attempted`);
  expect(drillDown.statusCode).toBe(200);
});

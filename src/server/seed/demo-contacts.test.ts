/** @jest-environment node */
import type { ContactPage } from '@shared/api/contacts';
import type { TagPage } from '@shared/api/tags';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { seedDemoContacts } from './demo-contacts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoTeam } from './demo-team';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const team = await seedDemoTeam(t.database.db);
  await seedDemoContacts({ db: t.database.db, config: t.app.config, team, log: t.app.log });
});
afterAll(() => t.close());

test('the demo organization has sixty tagged contacts with notes, one deleted tag and some deleted contacts', async () => {
  const admin = await signIn(t.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  const contacts = (await admin.request({ method: 'GET', url: '/api/contacts?limit=100' })).json<ContactPage>();
  expect(contacts.pagination.total).toBe(60);
  expect(contacts.data.filter((c) => c.deletedAt)).toHaveLength(2);
  expect(new Set(contacts.data.map((c) => c.countryCode))).toEqual(new Set(['+91', '+971', '+966', '+965', '+973', '+974', '+968']));
  expect(contacts.data.filter((c) => c._count.notes > 0).length).toBeGreaterThanOrEqual(8);

  const tags = (await admin.request({ method: 'GET', url: '/api/tags?limit=100&includeDeleted=true' })).json<TagPage>().data;
  expect(tags.find((tag) => tag.name === 'Old Newsletter')?.deletedAt).toEqual(expect.any(String));
  expect(tags.find((tag) => tag.name === 'VIP')?.contactCount).toBeGreaterThan(5);
});

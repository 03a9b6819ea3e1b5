/** @jest-environment node */
import type { MemberPreferences } from '@shared/api/member-preferences';
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile, signUpAdmin, type Member } from '../../testing/test-app';

const file = appWithAdminForFile();
const URL = '/api/me/preferences';

async function preferencesOf(member: Member): Promise<MemberPreferences> {
  const response = await member.request({ method: 'GET', url: URL });
  expect(response.statusCode).toBe(200);
  return response.json<MemberPreferences>();
}

async function change(member: Member, payload: unknown): Promise<MemberPreferences> {
  const response = await member.request({ method: 'PATCH', url: URL, payload: payload as object });
  expect(response.statusCode).toBe(200);
  return response.json<MemberPreferences>();
}

test('a member who never changed them hears a sound and gets no notification', async () => {
  const member = await addMemberWith(file.t, file.organizationId, []);
  expect(await preferencesOf(member)).toEqual({ sound: true, desktopNotifications: false });
});

test('any member, with no permission at all, changes their own switches, and only those sent', async () => {
  const member = await addMemberWith(file.t, file.organizationId, []);
  expect(await change(member, { desktopNotifications: true })).toEqual({ sound: true, desktopNotifications: true });
  expect(await change(member, { sound: false })).toEqual({ sound: false, desktopNotifications: true });
  expect(await preferencesOf(member)).toEqual({ sound: false, desktopNotifications: true });
});

test("one member's change is nobody else's, in their organization or another, whatever ids the body names", async () => {
  const member = await addMemberWith(file.t, file.organizationId, []);
  const colleague = await addMemberWith(file.t, file.organizationId, []);
  const stranger = await signUpAdmin(file.t.app, { organizationName: 'Elsewhere' });
  await change(member, { sound: false, userId: colleague.user.userId, organizationId: stranger.user.organization?.organizationId });
  expect(await preferencesOf(member)).toEqual({ sound: false, desktopNotifications: false });
  expect(await preferencesOf(colleague)).toEqual({ sound: true, desktopNotifications: false });
  expect(await preferencesOf(stranger)).toEqual({ sound: true, desktopNotifications: false });
  expect(await preferencesOf(file.admin)).toEqual({ sound: true, desktopNotifications: false });
});

test.each([
  [{}, 'Send sound or desktopNotifications (true or false)'],
  [{ theme: 'dark' }, 'Send sound or desktopNotifications (true or false)'],
  [{ sound: 'yes' }, 'sound must be true or false'],
  [{ sound: 'true' }, 'sound must be true or false'],
  [{ desktopNotifications: 1 }, 'desktopNotifications must be true or false'],
  [{ sound: null }, 'sound must be true or false'],
  [[true], 'The request must be a JSON object'],
])('%j answers 400 %s and changes nothing', async (payload, message) => {
  const member = await addMemberWith(file.t, file.organizationId, []);
  const response = await member.request({ method: 'PATCH', url: URL, payload: payload as object });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: message });
  expect(await preferencesOf(member)).toEqual({ sound: true, desktopNotifications: false });
});

test('without a session both routes answer 401', async () => {
  expect((await file.t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  expect((await file.t.app.inject({ method: 'PATCH', url: URL, payload: { sound: false } })).statusCode).toBe(401);
});

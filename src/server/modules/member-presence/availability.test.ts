/** @jest-environment node */
import type { AvailabilityResponse } from '@shared/api/availability';
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile, signUpAdmin, type Member } from '../../testing/test-app';

const file = appWithAdminForFile();
const URL = '/api/me/availability';
const AGENT = ['chats:view', 'chats:respond'] as const;

async function availabilityOf(member: Member): Promise<AvailabilityResponse> {
  const response = await member.request({ method: 'GET', url: URL });
  expect(response.statusCode).toBe(200);
  return response.json<AvailabilityResponse>();
}

function put(member: Member, payload: unknown) {
  return member.request({ method: 'PUT', url: URL, payload: payload as object });
}

test('an agent is Available until they switch to Away, and back', async () => {
  const agent = await addMemberWith(file.t, file.organizationId, [...AGENT]);
  expect(await availabilityOf(agent)).toEqual({ availability: 'available' });
  expect((await put(agent, { availability: 'away' })).json()).toEqual({ availability: 'away' });
  expect(await availabilityOf(agent)).toEqual({ availability: 'away' });
  expect((await put(agent, { availability: 'available' })).json()).toEqual({ availability: 'available' });
  expect(await availabilityOf(agent)).toEqual({ availability: 'available' });
});

test("one member's switch is nobody else's, in their organization or another, whatever ids the body names", async () => {
  const agent = await addMemberWith(file.t, file.organizationId, [...AGENT]);
  const colleague = await addMemberWith(file.t, file.organizationId, [...AGENT]);
  const stranger = await signUpAdmin(file.t.app, { organizationName: 'Elsewhere' });
  const changed = await put(agent, { availability: 'away', userId: colleague.user.userId, organizationId: stranger.user.organization?.organizationId });
  expect(changed.statusCode).toBe(200);
  expect(await availabilityOf(colleague)).toEqual({ availability: 'available' });
  expect(await availabilityOf(stranger)).toEqual({ availability: 'available' });
  expect(await availabilityOf(file.admin)).toEqual({ availability: 'available' });
});

test.each([
  [{}, 'availability is required'],
  [{ availability: 'busy' }, 'availability must be one of: available, away'],
  [{ availability: 'AWAY' }, 'availability must be one of: available, away'],
  [{ availability: true }, 'availability must be one of: available, away'],
  [{ availability: null }, 'availability is required'],
])('%j answers 400 %s and changes nothing', async (payload, message) => {
  const agent = await addMemberWith(file.t, file.organizationId, [...AGENT]);
  const response = await put(agent, payload);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: message });
  expect(await availabilityOf(agent)).toEqual({ availability: 'available' });
});

test('a member who does not reply in conversations has no switch (403), and without a session both routes answer 401', async () => {
  const viewer = await addMemberWith(file.t, file.organizationId, ['chats:view', 'chats:view_all', 'chats:assign', 'chats:manage']);
  expect((await viewer.request({ method: 'GET', url: URL })).statusCode).toBe(403);
  expect((await put(viewer, { availability: 'away' })).statusCode).toBe(403);
  expect((await file.t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  expect((await file.t.app.inject({ method: 'PUT', url: URL, payload: { availability: 'away' } })).statusCode).toBe(401);
});

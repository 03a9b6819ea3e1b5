/** @jest-environment node */
import { roleIdByName } from '../../testing/fixtures';
import { createAppWithAdmin, signIn, TEST_PASSWORD, type Member, type TestApp } from '../../testing/test-app';
import { invite, joinAs, memberIdOf } from './team-fixtures';

let t: TestApp;
let admin: Member;
beforeAll(async () => ({ t, admin } = await createAppWithAdmin()));
afterAll(() => t.close());

const login = (email: string, password = TEST_PASSWORD) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const acceptWith = (email: string, token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Rita Returning', email, password, inviteToken: token } });

test('a removed member is told so at sign-in, and comes back with their own account through a new invitation', async () => {
  const organizationId = admin.user.organization!.organizationId;
  const member = await joinAs(t.app, admin, await roleIdByName(t, organizationId, 'Agent'), 'Rita Returning');
  expect((await admin.request({ method: 'DELETE', url: `/api/members/${await memberIdOf(admin, member.user.userId)}` })).statusCode).toBe(200);

  // Removed, not invited again: the right password gets a clear answer, a wrong one the usual one.
  const removed = await login(member.email);
  expect(removed.statusCode).toBe(403);
  expect(removed.json().error).toBe('You are no longer a member of an organization. Ask an admin to invite you again.');
  expect((await login(member.email, 'Wrong1234')).json().error).toBe('Invalid email or password');

  const again = await invite(admin, await roleIdByName(t, organizationId, 'Manager'), member.email);
  // The invitation is accepted with the account's own password, never by someone setting a new one.
  const stranger = await acceptWith(member.email, again.token, 'Other1234');
  expect(stranger.statusCode).toBe(409);
  expect(stranger.json().error).toBe('An account with this email already exists. Enter its password to accept the invitation.');

  const accepted = await acceptWith(member.email, again.token, TEST_PASSWORD);
  expect(accepted.statusCode).toBe(201);
  expect(accepted.json().isNewUser).toBe(false);
  const back = await signIn(t.app, member.email);
  expect(back.user.userId).toBe(member.user.userId);
  expect(back.user.organization!.role.name).toBe('Manager');
  const team = await admin.request({ method: 'GET', url: '/api/members' });
  expect(team.json().members.filter((m: { userId: string }) => m.userId === member.user.userId)).toHaveLength(1);
});

import type { FastifyInstance } from 'fastify';
import type { InvitationIssuedResponse } from '@shared/api/members';
import { asMember, sessionCookieFrom, TEST_PASSWORD, uniqueEmail, type Member } from '../../testing/test-app';

/** Test helpers for people who join through an invitation, the way the product lets them (the DB shortcuts are in testing/fixtures.ts). */

export async function invite(inviter: Member, roleId: string, email = uniqueEmail('invitee')): Promise<InvitationIssuedResponse> {
  const response = await inviter.request({ method: 'POST', url: '/api/members/invite', payload: { email, roleId } });
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  return response.json<InvitationIssuedResponse>();
}

export async function signUpWithInvitation(
  app: FastifyInstance,
  email: string,
  token: string,
  name = 'Invited Person',
): Promise<Member> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name, email, password: TEST_PASSWORD, inviteToken: token },
  });
  if (response.statusCode !== 201) throw new Error(`invited signup failed: ${response.statusCode} ${response.body}`);
  return asMember(app, response.json().user, sessionCookieFrom(response), email, TEST_PASSWORD);
}

/** Someone invited by `inviter` in `roleId` who has signed up through the link. */
export async function joinAs(app: FastifyInstance, inviter: Member, roleId: string, name = 'Invited Person'): Promise<Member> {
  const issued = await invite(inviter, roleId);
  return signUpWithInvitation(app, issued.invitation.email, issued.token, name);
}

/** The membership id of a user, as the members list shows it. */
export async function memberIdOf(viewer: Member, userId: string): Promise<string> {
  const response = await viewer.request({ method: 'GET', url: '/api/members' });
  const member = response.json<{ members: Array<{ id: string; userId: string }> }>().members.find((m) => m.userId === userId);
  if (!member) throw new Error(`user ${userId} is not a member: ${response.body}`);
  return member.id;
}

/** @jest-environment node */
import { eq, sql } from 'drizzle-orm';
import type { InvitationIssuedResponse, InvitationsResponse } from '@shared/api/members';
import { INVITATION_TTL_DAYS } from '@shared/constants';
import { invitations } from '../../db/schema';
import { addMemberWith, roleIdByName } from '../../testing/fixtures';
import { createAppWithAdmin, TEST_PASSWORD, uniqueEmail, type Member, type TestApp } from '../../testing/test-app';
import { invite, signUpWithInvitation } from '../members/team-fixtures';

let t: TestApp;
let admin: Member;
let organizationId: string;
let agentRoleId: string;

beforeAll(async () => {
  ({ t, admin } = await createAppWithAdmin());
  organizationId = admin.user.organization!.organizationId;
  agentRoleId = await roleIdByName(t, organizationId, 'Agent');
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

async function pending(viewer: Member = admin): Promise<InvitationsResponse> {
  const response = await viewer.request({ method: 'GET', url: '/api/members/invitations' });
  expect(response.statusCode).toBe(200);
  return response.json<InvitationsResponse>();
}

const lookup = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` });

describe('POST /api/members/invite', () => {
  test('creates a single-use invitation valid for INVITATION_TTL_DAYS and answers its token once', async () => {
    const email = uniqueEmail('newbie');
    const response = await admin.request({ method: 'POST', url: '/api/members/invite', payload: { email: ` ${email.toUpperCase()} `, roleId: agentRoleId } });
    expect(response.statusCode).toBe(201);
    const body = response.json<InvitationIssuedResponse>();
    expect(body.message).toBe(`Invitation created for ${email}. No email is configured: copy the link and send it yourself.`);
    expect(body.delivered).toBe(false);
    expect(body.token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    expect(body.invitation).toMatchObject({ email, role: { id: agentRoleId, name: 'Agent' }, invitedBy: { name: 'Ada Admin' } });
    const expiresIn = new Date(body.invitation.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan((INVITATION_TTL_DAYS - 1) * DAY_MS);
    expect(expiresIn).toBeLessThanOrEqual(INVITATION_TTL_DAYS * DAY_MS);

    expect((await lookup(body.token)).json()).toEqual({
      invitation: { email, organizationName: admin.user.organization!.organizationName, roleName: 'Agent' },
    });
    // Only the hash is stored.
    const stored = await t.database.db.select().from(invitations).where(eq(invitations.id, body.invitation.id));
    expect(JSON.stringify(stored)).not.toContain(body.token);
  });

  test('validates the form with the invite form\'s messages', async () => {
    const send = (payload: object) => admin.request({ method: 'POST', url: '/api/members/invite', payload });
    expect((await send({ roleId: agentRoleId })).json().error).toBe('Email is required');
    expect((await send({ email: 'not-an-email', roleId: agentRoleId })).json().error).toBe('Invalid email format');
    expect((await send({ email: 'ok@example.com' })).json().error).toBe('Role is required');
    const odd = await send({ email: { nested: true }, roleId: ['x'] });
    expect(odd.statusCode).toBe(400);
    expect((await send({ email: 'ok@example.com', roleId: 'not-a-role' })).statusCode).toBe(404);
  });

  test('an address that is already a member, or already invited, is a clear 409', async () => {
    const member = await admin.request({ method: 'POST', url: '/api/members/invite', payload: { email: admin.email, roleId: agentRoleId } });
    expect(member.statusCode).toBe(409);
    expect(member.json().error).toBe('This person is already a member of your organization');

    const issued = await invite(admin, agentRoleId);
    const twice = await admin.request({ method: 'POST', url: '/api/members/invite', payload: { email: issued.invitation.email, roleId: agentRoleId } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('An invitation has already been sent to this email address');
  });

  test('an expired invitation is replaced when the address is invited again', async () => {
    const issued = await invite(admin, agentRoleId);
    await expire(issued.invitation.id);
    const again = await admin.request({ method: 'POST', url: '/api/members/invite', payload: { email: issued.invitation.email, roleId: agentRoleId } });
    expect(again.statusCode).toBe(201);
    expect((await lookup(again.json().token)).statusCode).toBe(200);
  });

  test('nobody invites into a role with permissions beyond their own', async () => {
    const inviter = await addMemberWith(t, organizationId, ['members:invite', 'chats:view']);
    const response = await inviter.request({
      method: 'POST', url: '/api/members/invite', payload: { email: uniqueEmail('boss'), roleId: await roleIdByName(t, organizationId, 'Admin') },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('You cannot grant permissions you do not hold');
  });
});

describe('GET /api/members/invitations', () => {
  test('lists pending invitations only, with role, inviter and expiry, and never a token', async () => {
    const open = await invite(admin, agentRoleId);
    const expired = await invite(admin, agentRoleId);
    await expire(expired.invitation.id);
    const used = await invite(admin, agentRoleId);
    await signUpWithInvitation(t.app, used.invitation.email, used.token);

    const body = await pending();
    const ids = body.invitations.map((i) => i.id);
    expect(ids).toContain(open.invitation.id);
    expect(ids).not.toContain(expired.invitation.id);
    expect(ids).not.toContain(used.invitation.id);
    expect(body.total).toBe(body.invitations.length);
    expect(body.emailConfigured).toBe(false);
    expect(body.invitations.find((i) => i.id === open.invitation.id)).toEqual(open.invitation);
    expect(JSON.stringify(body)).not.toContain(open.token);
  });
});

describe('POST /api/members/invitations/:id/resend', () => {
  test('issues a fresh token and expiry; the previous link stops working', async () => {
    const issued = await invite(admin, agentRoleId);
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + DAY_MS) })
      .where(eq(invitations.id, issued.invitation.id));
    const response = await admin.request({ method: 'POST', url: `/api/members/invitations/${issued.invitation.id}/resend` });
    expect(response.statusCode).toBe(200);
    const resent = response.json<InvitationIssuedResponse>();
    expect(resent.token).not.toBe(issued.token);
    expect(resent.message).toBe(
      `A new invitation link was created for ${issued.invitation.email}. The previous link no longer works. No email is configured: copy the link and send it yourself.`,
    );
    expect(new Date(resent.invitation.expiresAt).getTime()).toBeGreaterThan(Date.now() + (INVITATION_TTL_DAYS - 1) * DAY_MS);
    expect((await lookup(issued.token)).statusCode).toBe(404);
    expect((await lookup(resent.token)).statusCode).toBe(200);
  });

  test('brings an expired invitation back to life', async () => {
    const issued = await invite(admin, agentRoleId);
    await expire(issued.invitation.id);
    const resent = await admin.request({ method: 'POST', url: `/api/members/invitations/${issued.invitation.id}/resend` });
    expect(resent.statusCode).toBe(200);
    expect((await lookup(resent.json().token)).statusCode).toBe(200);
  });

  test('an accepted, unknown or malformed invitation answers 404', async () => {
    const used = await invite(admin, agentRoleId);
    await signUpWithInvitation(t.app, used.invitation.email, used.token);
    const resend = (id: string) => admin.request({ method: 'POST', url: `/api/members/invitations/${id}/resend` });
    expect((await resend(used.invitation.id)).statusCode).toBe(404);
    expect((await resend('0190b5a0-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await resend('nope')).statusCode).toBe(404);
  });

  test('a link for a role beyond the caller cannot be reissued by them', async () => {
    const adminInvite = await invite(admin, await roleIdByName(t, organizationId, 'Admin'));
    const inviter = await addMemberWith(t, organizationId, ['members:invite', 'members:view', 'chats:view']);
    const response = await inviter.request({ method: 'POST', url: `/api/members/invitations/${adminInvite.invitation.id}/resend` });
    expect(response.statusCode).toBe(403);
    expect((await lookup(adminInvite.token)).statusCode).toBe(200);
  });
});

describe('joining through the link', () => {
  test('signing up with the token joins the organization in the invited role, once', async () => {
    const issued = await invite(admin, agentRoleId);
    const joined = await signUpWithInvitation(t.app, issued.invitation.email, issued.token, 'Jamal Joiner');
    expect(joined.user.organization).toMatchObject({ organizationId, role: { name: 'Agent' } });

    const reuse = await t.app.inject({
      method: 'POST', url: '/api/auth/signup',
      payload: { name: 'Second Try', email: uniqueEmail('reuse'), password: TEST_PASSWORD, inviteToken: issued.token },
    });
    expect(reuse.statusCode).toBe(404);
    expect((await lookup(issued.token)).statusCode).toBe(404);
  });

  test('an expired or unknown token answers 404', async () => {
    const issued = await invite(admin, agentRoleId);
    await expire(issued.invitation.id);
    expect((await lookup(issued.token)).statusCode).toBe(404);
    expect((await lookup('made-up-token')).statusCode).toBe(404);
    const signup = await t.app.inject({
      method: 'POST', url: '/api/auth/signup',
      payload: { name: 'Late Comer', email: issued.invitation.email, password: TEST_PASSWORD, inviteToken: issued.token },
    });
    expect(signup.statusCode).toBe(404);
  });
});

async function expire(invitationId: string): Promise<void> {
  await t.database.db
    .update(invitations)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(invitations.id, invitationId));
}

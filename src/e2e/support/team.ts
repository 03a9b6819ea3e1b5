import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { InvitationIssuedResponse } from '../../shared/api/members';
import type { RolesResponse } from '../../shared/api/roles';
import { E2E_PASSWORD, newSession, signInThroughUi, uniqueEmail } from './browser';

export interface JoinedMember {
  context: BrowserContext;
  page: Page;
  problems: string[];
  name: string;
  email: string;
}

/**
 * A new member of the inviter's organization in a role, in a browser context of their own: the inviter
 * invites through the API, the newcomer joins with the token as the invitation link's form does, and
 * lands signed in. For tests about what a role can do, not about the invitation flow (team.e2e has that).
 */
export async function joinAs(browser: Browser, inviter: Page, roleName: string, name: string): Promise<JoinedMember> {
  const { roles } = (await (await inviter.request.get('/api/roles')).json()) as RolesResponse;
  const role = roles.find((candidate) => candidate.name === roleName);
  if (!role) throw new Error(`no role named ${roleName}`);
  const email = uniqueEmail(roleName.toLowerCase().replace(/\W+/g, '-'));
  const invited = await inviter.request.post('/api/members/invite', { data: { email, roleId: role.id } });
  if (!invited.ok()) throw new Error(`invite answered ${invited.status()}: ${await invited.text()}`);
  const { token } = (await invited.json()) as InvitationIssuedResponse;

  const session = await newSession(browser);
  const joined = await session.page.request.post('/api/auth/signup', {
    data: { name, email, password: E2E_PASSWORD, inviteToken: token },
  });
  if (!joined.ok()) throw new Error(`joining answered ${joined.status()}: ${await joined.text()}`);
  return { ...session, name, email };
}

/** The demo organization's Admin, as `npm start` seeds it. */
export const DEMO_ADMIN = { email: 'admin@demo.parley.dev', password: 'Parley2026' };

/** The demo organization's Admin signed in through the UI, and a new member of theirs in `roleName`. */
export async function demoAdminWithMember(
  browser: Browser,
  roleName: string,
  name: string,
): Promise<{ admin: Awaited<ReturnType<typeof newSession>>; member: JoinedMember }> {
  const admin = await newSession(browser);
  await signInThroughUi(admin.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { admin, member: await joinAs(browser, admin.page, roleName, name) };
}

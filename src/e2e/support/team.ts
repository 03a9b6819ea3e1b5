import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { InvitationIssuedResponse } from '../../shared/api/members';
import type { RolesResponse } from '../../shared/api/roles';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo-credentials';
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
export const DEMO_ADMIN = { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD };

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

/** What the Invitation Link dialog showed when a link was created or re-issued. */
export interface ShownInvitationLink {
  message: string;
  link: string;
}

/** Invites an e-mail in a role from Settings → Team Members; answers what the link dialog showed, and closes it. */
export async function inviteThroughUi(page: Page, email: string, roleName: string): Promise<ShownInvitationLink> {
  await page.goto('/settings?tab=members');
  await page.getByRole('heading', { name: /^Current Members \(\d+\)$/ }).waitFor();
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite New Member' });
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: roleName, exact: true }).click();
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  return takeShownLink(page);
}

/** Reads the Invitation Link dialog (shown once a link is created or re-issued) and closes it with Done. */
export async function takeShownLink(page: Page): Promise<ShownInvitationLink> {
  const shown = page.getByRole('dialog', { name: 'Invitation Link' });
  await shown.waitFor();
  const link = await shown.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  const message = await shown.getByRole('alert').innerText();
  await shown.getByRole('button', { name: 'Done' }).click();
  await shown.waitFor({ state: 'hidden' });
  return { message, link };
}

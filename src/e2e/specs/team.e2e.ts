import type { Browser, Page } from 'playwright-core';
import { baseUrl, E2E_PASSWORD, launchBrowser, newSession, signUpThroughUi, uniqueEmail } from '../support/browser';
import { inviteThroughUi, takeShownLink } from '../support/team';
import { until } from '../support/until';

/**
 * The team flow of issue 5: an admin invites an agent and copies the link; the agent joins through it
 * in a second browser and sees exactly an agent's screens; the admin moves the agent to a custom role
 * made from the Chat Agent template (plus Broadcasts) and the agent's sidebar follows; the admin
 * removes the agent, whose next request is refused.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function sidebarItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

async function openSettingsTab(page: Page, tab: 'members' | 'roles'): Promise<void> {
  await page.goto(`/settings?tab=${tab}`);
  const heading = tab === 'members' ? /^Current Members \(\d+\)$/ : /^Role Management$/;
  await page.getByRole('heading', { name: heading }).waitFor();
}

/**
 * Copy Link for an invitation; answers what landed on the clipboard. Waits for the clipboard itself:
 * the "Copied!" label shows for two seconds only, which a busy machine can miss.
 */
async function copyLink(page: Page, email: string): Promise<string> {
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  const before = await clipboard();
  await page.getByRole('button', { name: `Copy Link (invitation for ${email})` }).click();
  await until(async () => (await clipboard()) !== before, 'the link on the clipboard', 10_000);
  return clipboard();
}

test('invite, join through the link, change role, remove', async () => {
  const admin = await newSession(browser);
  await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await signUpThroughUi(admin.page, { name: 'Hana Admin', organizationName: 'Team Flow Trading' });

  // The admin invites an agent and copies the link.
  const agentEmail = uniqueEmail('agent');
  await inviteThroughUi(admin.page, agentEmail, 'Agent');
  await admin.page.getByRole('heading', { name: 'Pending Invitations (1)' }).waitFor();
  const link = await copyLink(admin.page, agentEmail);
  expect(link).toMatch(new RegExp(`^${baseUrl()}/invite/[A-Za-z0-9_-]{22,}$`));

  // A second browser opens the link: the login screen in invite mode, e-mail locked.
  const agent = await newSession(browser);
  await agent.page.goto(link);
  await agent.page.getByText(/You have been invited to join Team Flow Trading with the Agent role/).waitFor();
  expect(new URL(agent.page.url()).pathname).toBe('/login');
  const email = agent.page.getByLabel(/^email/i);
  await expect(email.inputValue()).resolves.toBe(agentEmail);
  expect(await email.isEditable()).toBe(false);
  await agent.page.getByLabel(/^name/i).fill('Omar Agent');
  await agent.page.getByLabel(/^password/i).fill(E2E_PASSWORD);
  await agent.page.getByRole('button', { name: 'Join Organization' }).click();
  await agent.page.getByRole('heading', { name: 'Welcome back, Omar Agent!' }).waitFor();
  expect(await sidebarItems(agent.page)).toEqual(['Dashboard', 'Contacts', 'Tags', 'Templates', 'Conversations', 'Settings']);

  // The used link is dead: a third browser is told so when it tries to join with it.
  const latecomer = await newSession(browser);
  await latecomer.page.goto(link);
  await latecomer.page.getByRole('button', { name: 'Join Organization' }).waitFor();
  await latecomer.page.getByLabel(/^name/i).fill('Late Comer');
  await latecomer.page.getByLabel(/^email/i).fill(uniqueEmail('late'));
  await latecomer.page.getByLabel(/^password/i).fill(E2E_PASSWORD);
  await latecomer.page.getByRole('button', { name: 'Join Organization' }).click();
  await latecomer.page.getByText('This invitation is invalid, has expired or has already been used').waitFor();
  await latecomer.context.close();

  // The admin makes a custom role from the Chat Agent template, adding Broadcasts.
  await openSettingsTab(admin.page, 'roles');
  await admin.page.getByRole('button', { name: 'Create Role' }).click();
  const roleDialog = admin.page.getByRole('dialog', { name: 'Create New Role' });
  await roleDialog.getByRole('combobox', { name: 'Template (optional)' }).fill('Chat');
  await admin.page.getByRole('option', { name: /^Chat Agent/ }).click();
  await roleDialog.getByLabel(/Role Name/).fill('Chat Desk');
  await roleDialog.getByRole('button', { name: 'Broadcasts permissions' }).click();
  await roleDialog.getByRole('checkbox', { name: /^broadcasts:view\s/ }).check();
  await roleDialog.getByText(/^8 of \d+ permissions selected$/).waitFor();
  await roleDialog.getByRole('button', { name: 'Create Role' }).click();
  await admin.page.getByText('Role created successfully').waitFor();
  await admin.page.getByRole('row', { name: /Chat Desk/ }).waitFor();

  // …and gives it to the agent.
  await openSettingsTab(admin.page, 'members');
  await admin.page.getByRole('button', { name: 'Change role of Omar Agent' }).click();
  const roleChange = admin.page.getByRole('dialog', { name: 'Update Role for Omar Agent' });
  await roleChange.getByRole('combobox', { name: 'New Role' }).click();
  await admin.page.getByRole('option', { name: 'Chat Desk', exact: true }).click();
  await roleChange.getByRole('button', { name: 'Update Role' }).click();
  await admin.page.getByText('Omar Agent is now Chat Desk').waitFor();

  // The agent's sidebar follows after a reload.
  await agent.page.reload();
  await agent.page.getByRole('heading', { name: 'Welcome back, Omar Agent!' }).waitFor();
  expect(await sidebarItems(agent.page)).toEqual([
    'Dashboard', 'Contacts', 'Tags', 'Templates', 'Broadcasts', 'Conversations', 'Settings',
  ]);

  // The admin removes the agent; the agent's next request is refused.
  await admin.page.getByRole('button', { name: 'Remove Omar Agent' }).click();
  const confirm = admin.page.getByRole('dialog', { name: 'Remove Member' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await admin.page.getByText('Member removed successfully').waitFor();

  const verify = await agent.page.request.get('/api/auth/verify');
  expect(verify.status()).toBe(401);
  await agent.page.reload();
  await agent.page.getByRole('button', { name: /^sign in$/i }).waitFor();
  expect(new URL(agent.page.url()).pathname).toBe('/login');

  expect(admin.problems).toEqual([]);
  expect(agent.problems).toEqual([]);
  await agent.context.close();
  await admin.context.close();
});

test('Copy Link on a later visit never retires the shared link unasked: "Create a new link" warns, and its link works', async () => {
  const admin = await newSession(browser);
  await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await signUpThroughUi(admin.page, { name: 'Rami Admin', organizationName: 'Second Visit Trading' });
  const inviteeEmail = uniqueEmail('later');
  await inviteThroughUi(admin.page, inviteeEmail, 'Team Lead');
  const first = await copyLink(admin.page, inviteeEmail);

  // A new visit no longer holds the token (only its hash is stored): Copy Link offers a new link, and warns.
  await openSettingsTab(admin.page, 'members');
  await admin.page.getByRole('button', { name: `Copy Link (invitation for ${inviteeEmail})` }).click();
  const confirm = admin.page.getByRole('dialog', { name: 'Create a New Link' });
  await confirm.getByText(/The previous link will stop working\./).waitFor();
  await confirm.getByRole('button', { name: 'Create a new link' }).click();
  const second = (await takeShownLink(admin.page)).link;
  expect(second).not.toBe(first);

  const tokenOf = (link: string) => link.split('/invite/')[1];
  const lookup = (link: string) => admin.page.request.get(`/api/auth/invitation/${tokenOf(link)}`);
  expect((await lookup(second)).status()).toBe(200);
  expect((await lookup(first)).status()).toBe(404);
  expect(admin.problems).toEqual([]);
  await admin.context.close();
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  auditPage,
  blocking,
  formatViolations,
  openInColorScheme,
  paintedScheme,
  waitUntilSettled,
  type ColorScheme,
} from '../support/accessibility';
import { broadcastScreen, FIXTURE_BROADCAST_ID, FIXTURE_DRAFT_ID } from '../support/broadcast-screens';
import { launchBrowser, newSession, signInThroughUi } from '../support/browser';
import type { ConversationPage } from '../../shared/api/conversations';
import { DEMO_ADMIN } from '../support/team';

/**
 * Every screen of the app, and the modals easy to reach, must have no serious or critical WCAG 2.1
 * A/AA violation (axe-core), in the light scheme and in the dark one.
 */

interface Screen {
  name: string;
  /** Where it lives; a function when the URL needs an id that only the server knows. */
  path: string | ((page: Page) => Promise<string>);
  /** Whether it is seen signed in as the demo organization's admin, or signed out. */
  signedIn: boolean;
  /** What shows the screen (or the modal) has opened; the suite then waits for loading to end. */
  shown: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor();

/**
 * For a screen whose layout is still being built (its heading may change or go): the route's title is
 * in the tab's title ("{title} | Parley"), so its screen has rendered.
 */
const routeTitled = (title: string) => (page: Page) =>
  // The inbox's title may lead with its unread count: "(3) Conversations | Parley".
  page.waitForFunction((expected) => document.title.replace(/^\(\d+\) /, '').startsWith(`${expected} |`), title).then(() => undefined);

const settingsTab = (tab: string, panelHeading?: RegExp) => async (page: Page) => {
  await page.getByRole('tab', { name: tab, selected: true }).waitFor();
  if (panelHeading) await page.getByRole('heading', { name: panelHeading }).waitFor();
};

/** Clicks the button that opens a modal, and waits for the modal. */
const modal = (button: string, dialog: string, before: (page: Page) => Promise<void>) => async (page: Page) => {
  await before(page);
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog', { name: dialog }).waitFor();
};

/** New Broadcast with a template chosen: its parameters, preview and button automation are shown too. */
async function composing(page: Page): Promise<void> {
  await heading('New Broadcast')(page);
  await page.getByRole('combobox', { name: /^Template/ }).click();
  await page.getByRole('option', { name: /^welcome_message / }).click();
  await page.getByRole('region', { name: 'Button automation' }).waitFor();
}

/** The chat of the demo inbox's most recent conversation. */
async function firstConversation(page: Page): Promise<string> {
  const response = await page.request.get('/api/conversations');
  const { data } = (await response.json()) as ConversationPage;
  if (data.length === 0) throw new Error('the demo inbox has no conversation');
  return `/conversations/${data[0].contact.id}`;
}

/** The chat of a demo conversation whose 24-hour window is open (`open`) or closed. */
const conversationWithWindow = (open: boolean) => async (page: Page): Promise<string> => {
  const response = await page.request.get('/api/conversations', { params: open ? {} : { search: 'Khalid Al Sabah' } });
  const { data } = (await response.json()) as ConversationPage;
  const found = data.find((conversation) => conversation.isConversationWindowOpen === open);
  if (!found) throw new Error(`the demo inbox has no conversation with an ${open ? 'open' : 'closed'} window`);
  return `/conversations/${found.contact.id}`;
};

/** Send Template Message from a closed chat, a template chosen: its parameters and preview are shown too. */
async function pickingTemplate(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send Template Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Template Message' });
  await dialog.getByRole('combobox', { name: /^Template/ }).click();
  await page.getByRole('option', { name: /^order_confirmation / }).click();
  await dialog.getByRole('textbox', { name: 'Parameter 1' }).waitFor();
}

/** The composer's emoji picker, its emoji shown. */
async function pickingEmoji(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Insert emoji' }).click();
  await page.getByRole('dialog', { name: 'Emoji picker' }).getByLabel('grinning face', { exact: true }).first().waitFor();
}

/** The composer in Note mode, '@' typed: the teammates it may mention are listed. */
async function mentioningInNote(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Note' }).click();
  // The box stays disabled until the thread's messages have loaded, and typing does not wait for it.
  await page.getByRole('textbox', { name: 'Note', disabled: false }).pressSequentially('@');
  await page.getByRole('listbox', { name: 'Mention a teammate' }).getByRole('option').first().waitFor();
}

/**
 * Every screen, and the modals easy to open, checked in both schemes. A screen or modal added to the
 * app is checked by adding its line here; nothing else in this file needs to change.
 */
const SCREENS: readonly Screen[] = [
  { name: 'Login', path: '/login', signedIn: false, shown: heading('Sign In') },
  { name: 'Sign up', path: '/login?signup=true', signedIn: false, shown: heading('Create Account & Organization') },
  { name: 'Forgot password', path: '/forgot-password', signedIn: false, shown: heading('Forgot Password') },
  { name: 'Reset password link', path: '/reset-password/an-unused-token', signedIn: false, shown: heading('Set a New Password') },
  { name: 'Email confirmation link', path: '/confirm-email/an-unused-token', signedIn: false, shown: heading('Confirm Your New Email Address') },
  { name: 'Dashboard', path: '/', signedIn: true, shown: heading(/^Welcome back, /) },
  { name: 'Contacts', path: '/contacts', signedIn: true, shown: heading('Contacts') },
  { name: 'Add Contact dialog', path: '/contacts', signedIn: true, shown: modal('Add Contact', 'Add Contact', heading('Contacts')) },
  { name: 'Import Contacts', path: '/contacts/import', signedIn: true, shown: heading('Import Contacts') },
  { name: 'Conversations', path: '/conversations', signedIn: true, shown: routeTitled('Conversations') },
  { name: 'Open conversation', path: firstConversation, signedIn: true, shown: (page) => page.getByRole('textbox', { name: 'Message' }).waitFor() },
  { name: 'Note composer with mentions', path: firstConversation, signedIn: true, shown: mentioningInNote },
  { name: 'Send Template Message dialog', path: conversationWithWindow(false), signedIn: true, shown: pickingTemplate },
  { name: 'Emoji picker', path: conversationWithWindow(true), signedIn: true, shown: pickingEmoji },
  { name: 'Templates', path: '/templates', signedIn: true, shown: heading('Templates') },
  { name: 'Tags', path: '/tags', signedIn: true, shown: heading('Tags') },
  { name: 'Create Tag dialog', path: '/tags', signedIn: true, shown: modal('Create Tag', 'Create Tag', heading('Tags')) },
  { name: 'Broadcasts', path: broadcastScreen('/broadcast'), signedIn: true, shown: (page) => page.getByText('payment_reminder').waitFor() },
  { name: 'New Broadcast', path: '/broadcast/new', signedIn: true, shown: composing },
  {
    name: 'Broadcast Analytics',
    path: broadcastScreen(`/broadcast/${FIXTURE_BROADCAST_ID}/analytics`),
    signedIn: true,
    shown: (page) => page.getByRole('table', { name: 'Funnel stages' }).waitFor(),
  },
  {
    name: 'Broadcast recipients dialog',
    path: broadcastScreen(`/broadcast/${FIXTURE_BROADCAST_ID}/analytics`),
    signedIn: true,
    shown: async (page) => {
      await page.getByRole('table', { name: 'Funnel stages' }).getByRole('button', { name: 'View attempted recipients' }).click();
      await page.getByRole('dialog', { name: 'Recipients: Attempted' }).getByRole('grid').waitFor();
    },
  },
  {
    name: 'Button rules panel and its Add dialog',
    path: broadcastScreen(`/broadcast/${FIXTURE_BROADCAST_ID}/analytics`),
    signedIn: true,
    shown: async (page) => {
      await page.getByRole('table', { name: 'Button rules' }).waitFor();
      await page.getByRole('button', { name: 'Add rule' }).click();
      await page.getByRole('dialog', { name: 'Add button rule' }).waitFor();
    },
  },
  {
    name: 'Edit Broadcast',
    path: broadcastScreen(`/broadcast/${FIXTURE_DRAFT_ID}/edit`),
    signedIn: true,
    shown: (page) => page.getByRole('form', { name: 'Edit broadcast' }).getByRole('button', { name: 'Sameer Joshi' }).waitFor(),
  },
  { name: 'Reports', path: '/reports', signedIn: true, shown: (page) => page.locator('dl[aria-label="Summary"]').waitFor() },
  {
    name: 'Settings: Profile',
    path: '/settings?tab=profile',
    signedIn: true,
    shown: async (page) => {
      await settingsTab('Profile', /^Notifications$/)(page);
      await page.getByRole('list', { name: 'Active sessions' }).waitFor();
      // The test server sends email, so the address change is offered.
      await page.getByRole('region', { name: 'Change Email Address' }).waitFor();
    },
  },
  { name: 'Settings: Messaging API', path: '/settings?tab=whatsapp', signedIn: true, shown: settingsTab('Messaging API') },
  {
    name: 'Settings: Organization',
    path: '/settings?tab=organization',
    signedIn: true,
    shown: async (page) => {
      await settingsTab('Organization', /^Organization$/)(page);
      await page.getByRole('grid', { name: 'Organization setting changes' }).waitFor();
    },
  },
  {
    name: 'Settings: Team Members',
    path: '/settings?tab=members',
    signedIn: true,
    shown: settingsTab('Team Members', /^Current Members \(\d+\)$/),
  },
  {
    name: 'Invite Member dialog',
    path: '/settings?tab=members',
    signedIn: true,
    shown: modal('Invite Member', 'Invite New Member', settingsTab('Team Members', /^Current Members \(\d+\)$/)),
  },
  {
    name: 'Invitation Link dialog (a new invitation, emailed)',
    path: '/settings?tab=members',
    signedIn: true,
    shown: async (page) => {
      await modal('Invite Member', 'Invite New Member', settingsTab('Team Members', /^Current Members \(\d+\)$/))(page);
      const dialog = page.getByRole('dialog', { name: 'Invite New Member' });
      await dialog.getByLabel('Email Address').fill(`axe.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`);
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Agent', exact: true }).click();
      await dialog.getByRole('button', { name: 'Send Invitation' }).click();
      await page.getByRole('dialog', { name: 'Invitation Link' }).waitFor();
    },
  },
  {
    name: 'Create a New Link dialog (Copy Link on an invitation from an earlier visit)',
    path: '/settings?tab=members',
    signedIn: true,
    shown: async (page) => {
      await settingsTab('Team Members', /^Pending Invitations \(\d+\)$/)(page);
      await page.getByRole('button', { name: /^Copy Link \(invitation for / }).first().click();
      await page.getByRole('dialog', { name: 'Create a New Link' }).waitFor();
    },
  },
  { name: 'Settings: Roles & Permissions', path: '/settings?tab=roles', signedIn: true, shown: settingsTab('Roles & Permissions', /^Role Management$/) },
  {
    name: 'Create Role dialog',
    path: '/settings?tab=roles',
    signedIn: true,
    shown: modal('Create Role', 'Create New Role', settingsTab('Roles & Permissions', /^Role Management$/)),
  },
  {
    name: 'Settings: Canned Responses',
    path: '/settings?tab=canned-responses',
    signedIn: true,
    shown: async (page) => {
      await settingsTab('Canned Responses', /^Canned Responses$/)(page);
      await page.getByText('/greet').waitFor();
    },
  },
  {
    name: 'Add Canned Response dialog',
    path: '/settings?tab=canned-responses',
    signedIn: true,
    shown: modal('Add Canned Response', 'Add Canned Response', settingsTab('Canned Responses', /^Canned Responses$/)),
  },
  { name: 'Page Not Found', path: '/no-such-page', signedIn: true, shown: heading('Page Not Found') },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe.each<ColorScheme>(['light', 'dark'])('%s scheme', (scheme) => {
  let signedOut: { context: BrowserContext; page: Page; problems: string[] };
  let signedIn: { context: BrowserContext; page: Page; problems: string[] };

  beforeAll(async () => {
    signedOut = await newSession(browser);
    signedIn = await newSession(browser);
    await openInColorScheme(signedOut.context, scheme);
    await openInColorScheme(signedIn.context, scheme);
    // Signed in once: every later visit of the context carries the session cookie.
    await signInThroughUi(signedIn.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  });
  afterAll(async () => {
    await signedOut.context.close();
    await signedIn.context.close();
  });

  test.each(SCREENS.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
    const { page, problems } = screen.signedIn ? signedIn : signedOut;
    const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
    await page.goto(path);
    await screen.shown(page);
    await waitUntilSettled(page);
    expect(await paintedScheme(page)).toBe(scheme);

    const violations = blocking(await auditPage(page));
    if (violations.length > 0) {
      throw new Error(`${screen.name} (${path}, ${scheme} scheme) has accessibility violations:\n${formatViolations(violations)}`);
    }
    expect(problems).toEqual([]);
  });
});

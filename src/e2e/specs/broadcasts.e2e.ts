import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { SANDBOX_MOUNT_PATH } from '../../server/config';
import type { BroadcastAnalytics } from '../../shared/api/broadcasts';
import type { Contact } from '../../shared/api/contacts';
import type { Tag } from '../../shared/api/tags';
import { baseUrl, specBrowser } from '../support/browser';
import { api, choose, DISPATCH_WAIT_MS } from '../support/broadcast-workspace';
import { ownWorkspace } from '../support/workspace';
import { until } from '../support/until';
import { customerWrites, makeAttentive, newCustomer, sendsTo, storedConversation, type SandboxCustomer } from '../support/sandbox';

/**
 * Broadcasts against the real server, its dispatcher and the sandbox: a supervisor composes a broadcast
 * of an approved template with a variable to a tag, with a rule that assigns whoever presses 'Browse
 * products' to an agent; it is sent and completes; its analytics show the funnel; the customer presses
 * the button, and the conversation is assigned to that agent with a note on the timeline saying why,
 * and the press counts in the analytics.
 *
 * The test runs in an organization of its own (on a made-up sandbox number): its sends and replies never
 * move the demo organization's inbox, which other specs watch at the same time.
 */

/** The sandbox's approved template with a {{1}} in its header and body and two quick replies. */
const TEMPLATE = 'welcome_message';
const BUTTON = 'Browse products';

const browser = specBrowser();

/** A tag of its own, put on the customer's contact: the broadcast's audience is exactly that customer. */
async function tagCustomer(page: Page, contactId: string): Promise<Tag> {
  const tag = await api<Tag>(page, 'POST', '/tags', { name: `Spring launch ${randomInt(1_000_000)}`, color: '#388e3c' });
  const contact = await api<Contact>(page, 'GET', `/contacts/${contactId}`);
  await api<Contact>(page, 'PUT', `/contacts/${contactId}`, {
    name: contact.name, countryCode: contact.countryCode, phoneNumber: contact.phoneNumber, tagIds: [tag.id],
  });
  return tag;
}

/** The customer presses a quick-reply button of the business message `wamid` (the sandbox sends the webhook). */
async function customerPresses(phoneNumberId: string, customer: SandboxCustomer, wamid: string, button: { text: string; payload: string }): Promise<void> {
  const response = await fetch(`${baseUrl()}${SANDBOX_MOUNT_PATH}/_sandbox/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      phoneNumberId, from: customer.waId, name: customer.name, type: 'button', text: button.text, payload: button.payload, context: wamid,
    }),
  });
  if (!response.ok) throw new Error(`sandbox inbound answered ${response.status}: ${await response.text()}`);
}

/** Asks `check` again every 250 ms until it answers true (the webhook is handled after the sandbox answers). */
/** A figure card of the analytics screen, by its title. */
function figure(page: Page, title: string): Locator {
  return page.getByRole('list', { name: 'Figures' }).getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });
}

test('a broadcast to a tag is sent and completes; a button press assigns the conversation by its rule and counts in the analytics', async () => {
  const { context, page, problems } = await browser.newSession();
  const { founder: agent, phoneNumberId } = await ownWorkspace(page, { name: 'Layla Haddad', organizationName: 'Spring Launch Perfumes' });

  const customer = newCustomer('Mariam');
  await makeAttentive(customer);
  await customerWrites(phoneNumberId, customer, 'Hello, I saw your spring collection.');
  const conversation = await storedConversation(page, customer);
  const contactId = conversation.contact.id;
  const tag = await tagCustomer(page, contactId);

  // Compose.
  await page.goto('/broadcast');
  await page.getByRole('heading', { name: 'Broadcasts', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'New Broadcast' }).click();
  await page.getByRole('heading', { name: 'New Broadcast', level: 1 }).waitFor();
  await choose(page, /^Template/, new RegExp(`^${TEMPLATE} \\(en\\)$`));
  const firstName = customer.name.split(' ')[0];
  await page.getByRole('textbox', { name: /^Parameter 1/ }).fill(firstName);
  const preview = page.getByRole('figure', { name: 'Message preview' });
  await preview.getByText(`Welcome to Desert Rose, ${firstName}`).waitFor();
  await preview.getByRole('list', { name: 'Buttons' }).getByText(BUTTON).waitFor();

  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: tag.name }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('status').filter({ hasText: 'This broadcast will reach 1 contact.' }).waitFor();

  await choose(page, `Action for “${BUTTON}”`, 'Assign to agent');
  await choose(page, new RegExp(`^Agent for “${BUTTON}”`), `${agent.name} (${agent.email})`);
  await page.getByRole('button', { name: 'Send now' }).click();

  // Sent: the analytics screen refreshes itself until the broadcast completes.
  await page.waitForURL(/\/broadcast\/[^/]+\/analytics$/);
  const broadcastId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  await page.getByRole('heading', { name: 'Broadcast Analytics', level: 1 }).waitFor();
  await page.getByText('Completed', { exact: true }).waitFor({ timeout: DISPATCH_WAIT_MS });
  const funnel = page.getByRole('table', { name: 'Funnel stages' });
  await funnel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Sent' }) }).getByRole('cell', { name: '1', exact: true }).waitFor();
  await page.getByRole('figure', { name: /^Funnel chart/ }).locator('svg').first().waitFor();

  // The list shows it done, with its final counts.
  await page.getByRole('link', { name: 'Back to Broadcasts' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Analytics of ${TEMPLATE}` }) }).first();
  await row.getByText('Completed', { exact: true }).waitFor();
  await row.getByText('1 sent / 0 failed / 0 unknown of 1').waitFor();

  // The sandbox sent the template once to the customer; the customer presses the button.
  const templateSends = (await sendsTo(customer)).filter((sent) => sent.type === 'template');
  expect(templateSends).toHaveLength(1);
  const [sent] = templateSends;
  const quickReply = sent.quickReplies.find((reply) => reply.text === BUTTON);
  if (!quickReply) throw new Error(`the template message has no '${BUTTON}' quick reply: ${JSON.stringify(sent.quickReplies)}`);
  await customerPresses(phoneNumberId, customer, sent.wamid, quickReply);

  await until(async () => (await api<BroadcastAnalytics>(page, 'GET', `/broadcast/${broadcastId}/analytics`)).totalButtonClicks === 1, 'the press to count', DISPATCH_WAIT_MS);

  // The click counts in the analytics, with its rule and the agent it assigned.
  await page.goto(`/broadcast/${broadcastId}/analytics`);
  await figure(page, 'Button clicks').getByText('1', { exact: true }).waitFor();
  await figure(page, 'Unique clickers').getByText('1', { exact: true }).waitFor();
  const buttons = page.getByRole('table', { name: 'Button performance' });
  const pressed = buttons.getByRole('row').filter({ has: page.getByRole('rowheader', { name: BUTTON }) });
  await pressed.getByText('Assign to agent').waitFor();
  expect(await pressed.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['1']));
  await page.getByRole('table', { name: 'Assignment distribution' }).getByText(agent.name).waitFor();

  // The conversation is the agent's, and the timeline says which button of which broadcast did it.
  await page.goto(`/conversations/${contactId}`);
  const toggle = page.getByRole('button', { name: 'Contact info' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const info = page.getByRole('region', { name: 'Contact info' });
  await info.getByText(agent.name, { exact: true }).waitFor();
  await info.getByRole('button', { name: 'Notes' }).click();
  const notes = page.getByRole('dialog');
  await notes.getByText(`Assigned to ${agent.name} by the '${BUTTON}' button of the broadcast '${TEMPLATE}'`).waitFor();

  expect(problems).toEqual([]);
  await context.close();
});

/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload } from '@sandbox/payloads';
import type { AutomationRuleInput } from '@shared/api/broadcasts';
import type { ContactNote, ContactNotePage } from '@shared/api/notes';
import type { TemplateComponent } from '@shared/api/templates';
import { broadcasts, buttonClicks, conversations } from '../../db/schema';
import { addMember, addMemberWith, roleIdByName } from '../../testing/fixtures';
import { signUpAdmin } from '../../testing/test-app';
import { kitWithAdminForFile, postWebhook, sandboxNumber } from '../../testing/whatsapp-test-kit';
import { customerNumber, customerWrites } from '../conversations/inbox-test-fixtures';
import { attachWamid, recordOutboundMessage } from '../conversations/message-delivery-service';
import { clickSummary } from './button-clicks-repository';
import { insertRules } from './automation-rules-repository';

const suite = kitWithAdminForFile();
const db = () => suite.kit.t.database.db;
const app = () => suite.kit.t.app;

const COMPONENTS: TemplateComponent[] = [
  { type: 'BODY', text: 'Hi {{1}}, your order is ready. Shall we deliver today?' },
  {
    type: 'BUTTONS',
    buttons: [
      { id: '0', text: 'Yes, today', type: 'QUICK_REPLY' },
      { id: '1', text: 'Talk to us', type: 'QUICK_REPLY' },
      { id: '2', text: 'Track order', type: 'URL', url: 'https://example.com/{{1}}' },
    ],
  },
];

let counter = 0;

/** A broadcast of the order template with these rules, and its message to one customer (with a wamid). */
async function broadcastTo(rules: AutomationRuleInput[], organizationId = suite.organizationId) {
  const [broadcast] = await db()
    .insert(broadcasts)
    .values({
      organizationId,
      templateId: randomUUID(),
      templateName: 'order_ready',
      templateLanguage: 'en_US',
      templateComponents: COMPONENTS,
      parameters: ['Aisha'],
      status: 'completed',
    })
    .returning({ id: broadcasts.id });
  await insertRules(db(), organizationId, broadcast.id, rules);
  const waId = customerNumber();
  const chat = await customerWrites(db(), organizationId, { waId, name: 'Aisha Khan' });
  const messageId = await recordOutboundMessage(db(), {
    organizationId,
    conversationId: chat.conversationId,
    contactId: chat.contactId,
    messageType: 'template',
    content: '{}',
    broadcastId: broadcast.id,
  });
  counter += 1;
  const wamid = `wamid.broadcast-${counter}-${Date.now()}`;
  await attachWamid(db(), organizationId, messageId, wamid);
  return { broadcastId: broadcast.id, waId, wamid, chat };
}

/** The customer presses a button of the message, as Meta reports it; answers the press's webhook body. */
function pressPayload(waId: string, contextWamid: string, text: string, pressWamid = `wamid.press-${randomUUID()}`) {
  return inboundPayload(
    DEMO_BUSINESS.businessAccountId,
    sandboxNumber(),
    { waId, name: 'Aisha Khan' },
    { id: pressWamid, type: 'button', button: { text, payload: text }, context: { from: '15550001111', id: contextWamid } },
    Date.now(),
  );
}

async function deliver(payload: unknown): Promise<void> {
  expect((await postWebhook(app(), payload)).statusCode).toBe(200);
  await app().webhookInbox.drain();
}

async function entriesOf(contactId: string): Promise<ContactNote[]> {
  return (await suite.admin.request({ method: 'GET', url: `/api/contacts/${contactId}/notes` })).json<ContactNotePage>().data;
}

async function timelineOf(contactId: string): Promise<string[]> {
  return (await entriesOf(contactId)).map((note) => note.content);
}

describe('a quick-reply press on a broadcast message', () => {
  it('assigns the conversation to the rule\'s agent once, with a system note naming the button and the broadcast, however often the webhook comes', async () => {
    const agent = await addMember(suite.kit.t, suite.organizationId, await roleIdByName(suite.kit.t, suite.organizationId, 'Agent'), { name: 'Zara Khan' });
    const sent = await broadcastTo([{ triggerId: '1', triggerText: 'Talk to us', actionType: 'assign_agent', targetUserId: agent.user.userId }]);
    const press = pressPayload(sent.waId, sent.wamid, 'Talk to us');

    await deliver(press);
    await deliver(press);

    const [conversation] = await db().select().from(conversations).where(eq(conversations.id, sent.chat.conversationId));
    expect(conversation.assignedToUserId).toBe(agent.user.userId);
    const notes = await timelineOf(sent.chat.contactId);
    expect(notes.filter((note) => note.startsWith('Assigned to'))).toEqual([
      "Assigned to Zara Khan by the 'Talk to us' button of the broadcast 'order_ready'",
    ]);
    // Parley assigned it, so the entry is credited to Parley, not to a member.
    const assigned = (await entriesOf(sent.chat.contactId)).find((note) => note.content.startsWith('Assigned to'));
    expect(assigned).toMatchObject({ userId: null, credit: 'parley' });
    const summary = await clickSummary(db(), suite.organizationId, sent.broadcastId);
    expect(summary).toMatchObject({ totalButtonClicks: 1, uniqueContactsClicked: 1 });
    expect(summary.assignmentDistribution).toEqual([
      { agentName: 'Zara Khan', agentEmail: agent.email, assignmentCount: 1, buttons: [{ buttonText: 'Talk to us', clickCount: 1 }] },
    ]);
  });

  it('counts a second press as a new click, and a press of a button without a rule only counts', async () => {
    const sent = await broadcastTo([{ triggerId: '0', triggerText: 'Yes, today', actionType: 'do_nothing' }]);
    await deliver(pressPayload(sent.waId, sent.wamid, 'Yes, today'));
    await deliver(pressPayload(sent.waId, sent.wamid, 'Yes, today'));
    await deliver(pressPayload(sent.waId, sent.wamid, 'Talk to us'));

    const summary = await clickSummary(db(), suite.organizationId, sent.broadcastId);
    expect(summary.totalButtonClicks).toBe(3);
    expect(summary.uniqueContactsClicked).toBe(1);
    expect(summary.buttonPerformance).toEqual([
      { buttonText: 'Yes, today', clickCount: 2, uniqueClicks: 1, actionType: 'do_nothing', assignedAgent: null, tagName: null },
      { buttonText: 'Talk to us', clickCount: 1, uniqueClicks: 1, actionType: null, assignedAgent: null, tagName: null },
    ]);
    const [conversation] = await db().select().from(conversations).where(eq(conversations.id, sent.chat.conversationId));
    expect(conversation.assignedToUserId).toBeNull();
  });

  it('tags the contact for an add_tag rule and says so on the timeline', async () => {
    const tag = (await suite.admin.request({ method: 'POST', url: '/api/tags', payload: { name: 'Wants delivery', color: '#388e3c' } })).json();
    const sent = await broadcastTo([{ triggerId: '0', triggerText: 'Yes, today', actionType: 'add_tag', targetTagId: tag.id }]);
    await deliver(pressPayload(sent.waId, sent.wamid, 'Yes, today'));

    const contact = (await suite.admin.request({ method: 'GET', url: `/api/contacts/${sent.chat.contactId}` })).json();
    expect(contact.tags.map((t: { tag: { name: string } }) => t.tag.name)).toEqual(['Wants delivery']);
    expect(await timelineOf(sent.chat.contactId)).toContain("Tagged Wants delivery by the 'Yes, today' button of the broadcast 'order_ready'");
    // The analytics name the tag the rule adds.
    const summary = await clickSummary(db(), suite.organizationId, sent.broadcastId);
    expect(summary.buttonPerformance).toEqual([
      { buttonText: 'Yes, today', clickCount: 1, uniqueClicks: 1, actionType: 'add_tag', assignedAgent: null, tagName: 'Wants delivery' },
    ]);
  });

  it('ignores a press on a message that was not a broadcast', async () => {
    const waId = customerNumber();
    const chat = await customerWrites(db(), suite.organizationId, { waId });
    await deliver(pressPayload(waId, 'wamid.not-a-broadcast', 'Yes'));
    const clicks = await db().select().from(buttonClicks).where(eq(buttonClicks.contactId, chat.contactId));
    expect(clicks).toEqual([]);
  });
});

describe('a press from someone else', () => {
  it("applies nothing and counts nothing when the pressing customer is not the message's recipient", async () => {
    const agent = await addMember(suite.kit.t, suite.organizationId, await roleIdByName(suite.kit.t, suite.organizationId, 'Agent'), { name: 'Omar Haddad' });
    const sent = await broadcastTo([{ triggerId: '1', triggerText: 'Talk to us', actionType: 'assign_agent', targetUserId: agent.user.userId }]);
    const stranger = customerNumber();
    const strangerChat = await customerWrites(db(), suite.organizationId, { waId: stranger });

    // A `button` message from another customer naming the recipient's broadcast message.
    await deliver(pressPayload(stranger, sent.wamid, 'Talk to us'));

    const [theirs] = await db().select().from(conversations).where(eq(conversations.id, strangerChat.conversationId));
    const [recipients] = await db().select().from(conversations).where(eq(conversations.id, sent.chat.conversationId));
    expect([theirs.assignedToUserId, recipients.assignedToUserId]).toEqual([null, null]);
    expect(await clickSummary(db(), suite.organizationId, sent.broadcastId)).toMatchObject({ totalButtonClicks: 0, uniqueContactsClicked: 0 });
    expect(await db().select().from(buttonClicks).where(eq(buttonClicks.contactId, strangerChat.contactId))).toEqual([]);

    // The recipient's own press still counts and applies.
    await deliver(pressPayload(sent.waId, sent.wamid, 'Talk to us'));
    expect(await clickSummary(db(), suite.organizationId, sent.broadcastId)).toMatchObject({ totalButtonClicks: 1, uniqueContactsClicked: 1 });
  });
});

describe('/api/automation/rules', () => {
  it('adds rules to a broadcast\'s quick-reply buttons, lists them and deletes one', async () => {
    const sent = await broadcastTo([]);
    const agent = await addMember(suite.kit.t, suite.organizationId, await roleIdByName(suite.kit.t, suite.organizationId, 'Agent'), { name: 'Omar Ali' });
    const created = await suite.admin.request({
      method: 'POST',
      url: '/api/automation/rules',
      payload: {
        broadcastId: sent.broadcastId,
        rules: [
          { triggerId: '1', triggerText: 'anything', actionType: 'assign_agent', targetUserId: agent.user.userId },
          { triggerId: '0', triggerText: 'Yes, today', actionType: 'do_nothing' },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const rules = created.json().rules;
    expect(rules.map((r: { triggerId: string; triggerText: string; actionType: string }) => [r.triggerId, r.triggerText, r.actionType])).toEqual([
      ['0', 'Yes, today', 'do_nothing'],
      ['1', 'Talk to us', 'assign_agent'],
    ]);

    const listed = await suite.admin.request({ method: 'GET', url: `/api/automation/rules?broadcastId=${sent.broadcastId}` });
    expect(listed.json().rules).toHaveLength(2);

    const removed = await suite.admin.request({ method: 'DELETE', url: `/api/automation/rules/${rules[0].id}` });
    expect(removed.statusCode).toBe(200);
    expect((await suite.admin.request({ method: 'GET', url: `/api/automation/rules?broadcastId=${sent.broadcastId}` })).json().rules).toHaveLength(1);
    expect((await suite.admin.request({ method: 'DELETE', url: `/api/automation/rules/${rules[0].id}` })).statusCode).toBe(404);
  });

  it('refuses a rule for a button that is not a quick reply, an assign_agent without an agent, and an agent of another organization', async () => {
    const sent = await broadcastTo([]);
    const post = (rules: unknown[]) => suite.admin.request({ method: 'POST', url: '/api/automation/rules', payload: { broadcastId: sent.broadcastId, rules } });

    const urlButton = await post([{ triggerId: '2', triggerText: 'Track order', actionType: 'do_nothing' }]);
    expect(urlButton.statusCode).toBe(400);
    expect(urlButton.json().error).toMatch(/quick-reply buttons/);

    const noAgent = await post([{ triggerId: '0', triggerText: 'Yes, today', actionType: 'assign_agent' }]);
    expect(noAgent.statusCode).toBe(400);
    expect(noAgent.json().error).toBe('Please select an agent');

    const stranger = await signUpAdmin(app(), { name: 'Other Owner', organizationName: 'Another Shop' });
    const foreignAgent = await post([{ triggerId: '0', triggerText: 'Yes, today', actionType: 'assign_agent', targetUserId: stranger.user.userId }]);
    expect(foreignAgent.statusCode).toBe(400);
    expect(foreignAgent.json().error).toBe('Agent not found');
  });

  it('answers another organization\'s broadcast and rules as not found', async () => {
    const sent = await broadcastTo([{ triggerId: '0', triggerText: 'Yes, today', actionType: 'do_nothing' }]);
    const stranger = await signUpAdmin(app(), { name: 'Other Owner', organizationName: 'Another Shop' });
    const rules = (await suite.admin.request({ method: 'GET', url: `/api/automation/rules?broadcastId=${sent.broadcastId}` })).json().rules;

    const create = await stranger.request({
      method: 'POST',
      url: '/api/automation/rules',
      payload: { broadcastId: sent.broadcastId, rules: [{ triggerId: '1', triggerText: 'Talk to us', actionType: 'do_nothing' }] },
    });
    expect(create.statusCode).toBe(404);
    expect((await stranger.request({ method: 'GET', url: `/api/automation/rules?broadcastId=${sent.broadcastId}` })).json().rules).toEqual([]);
    expect((await stranger.request({ method: 'DELETE', url: `/api/automation/rules/${rules[0].id}` })).statusCode).toBe(404);
  });

  it('needs automation:view to list, automation:create to add and automation:delete to delete', async () => {
    const sent = await broadcastTo([{ triggerId: '0', triggerText: 'Yes, today', actionType: 'do_nothing' }]);
    const [rule] = (await suite.admin.request({ method: 'GET', url: `/api/automation/rules?broadcastId=${sent.broadcastId}` })).json().rules;
    const viewer = await addMemberWith(suite.kit.t, suite.organizationId, ['automation:view']);
    expect((await viewer.request({ method: 'GET', url: '/api/automation/rules' })).statusCode).toBe(200);
    const body = { broadcastId: sent.broadcastId, rules: [{ triggerId: '1', triggerText: 'Talk to us', actionType: 'do_nothing' }] };
    expect((await viewer.request({ method: 'POST', url: '/api/automation/rules', payload: body })).statusCode).toBe(403);
    expect((await viewer.request({ method: 'DELETE', url: `/api/automation/rules/${rule.id}` })).statusCode).toBe(403);
    const agent = await addMemberWith(suite.kit.t, suite.organizationId, ['chats:view', 'messages:send']);
    expect((await agent.request({ method: 'GET', url: '/api/automation/rules' })).statusCode).toBe(403);
  });
});

/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { MessagePage } from '@shared/api/conversations';
import type { Template } from '@shared/api/templates';
import { HEADER_MEDIA_TEXTS } from '@shared/templates/header-media';
import { TEMPLATE_MESSAGE_TEXTS } from '@shared/validation/template-messages';
import { messages } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { organizationOf, signUpAdmin, type Member } from '../../testing/test-app';
import { kitWithAdminForFile } from '../../testing/whatsapp-test-kit';
import { GraphClient } from '../../whatsapp/graph-client';
import { replaceTemplates } from '../templates';
import { customerNumber, customerWrites } from './inbox-test-fixtures';

const suite = kitWithAdminForFile();
const db = () => suite.kit.t.database.db;

const HOURS = 3_600_000;
let templates: Template[] = [];
const templateNamed = (name: string) => {
  const found = templates.find((t) => t.name === name);
  if (!found) throw new Error(`no template ${name}`);
  return found;
};

beforeAll(async () => {
  expect((await suite.admin.request({ method: 'POST', url: '/api/templates/sync' })).statusCode).toBe(200);
  templates = (await suite.admin.request({ method: 'GET', url: '/api/templates/local' })).json().data;
});

const sendsTo = (waId: string) => [...suite.kit.sandbox.world.sent.values()].filter((sent) => sent.to === waId);

/** A customer who last wrote 25 hours ago: the 24-hour window is closed. */
async function closedWindowChat(): Promise<{ waId: string; conversationId: string }> {
  const waId = customerNumber();
  const { conversationId } = await customerWrites(db(), suite.organizationId, { waId, name: 'Layla' }, 'Where is my order?', { at: new Date(Date.now() - 25 * HOURS) });
  return { waId, conversationId };
}

function sendTemplate(member: Member, conversationId: string, payload: Record<string, unknown>) {
  return member.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages/template`, payload });
}

async function history(conversationId: string): Promise<MessagePage> {
  return (await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages` })).json();
}

const order = () => ({ templateId: templateNamed('order_confirmation').id, parameters: ['Layla', 'DR-1', '12 December'] });

describe('sending a template from the chat', () => {
  it('on a closed window: stored as a template message, sent to Meta once with its parameters in number order', async () => {
    const { waId, conversationId } = await closedWindowChat();
    const spy = jest.spyOn(GraphClient.prototype, 'sendTemplate');
    try {
      const clientId = randomUUID();
      const response = await sendTemplate(suite.admin, conversationId, { ...order(), clientId });
      expect(response.statusCode).toBe(201);
      const { message, conversation } = response.json();
      expect(message).toMatchObject({ clientId, conversationId, direction: 'outbound', messageType: 'template', status: 'sent' });
      expect(JSON.parse(message.content)).toEqual({
        templateName: 'order_confirmation',
        language: 'en_US',
        text: 'Hi {{1}}, thank you for shopping with Desert Rose Trading. Your order {{2}} will arrive on {{3}}.',
        parameters: ['Layla', 'DR-1', '12 December'],
        header: 'Your order is confirmed',
        footer: 'Desert Rose Trading, Dubai',
        buttons: ['Track my order', 'Talk to an agent'],
      });
      expect(conversation.lastMessage).toMatchObject({ id: message.id });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy).toHaveBeenCalledWith(`+${waId}`, {
        name: 'order_confirmation',
        language: 'en_US',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Layla' }, { type: 'text', text: 'DR-1' }, { type: 'text', text: '12 December' }] }],
      });
    } finally {
      spy.mockRestore();
    }
    expect(sendsTo(waId).map((sent) => sent.type)).toEqual(['template']);
    expect((await history(conversationId)).data.map((m) => m.messageType)).toEqual(['template', 'text']);
  });

  it('the same clientId twice stores and sends ONE message (201, then 200 with the same message)', async () => {
    const { waId, conversationId } = await closedWindowChat();
    const clientId = randomUUID();
    const first = await sendTemplate(suite.admin, conversationId, { ...order(), clientId });
    const again = await sendTemplate(suite.admin, conversationId, { ...order(), clientId });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().message.id).toBe(first.json().message.id);
    expect(sendsTo(waId)).toHaveLength(1);
    const other = await sendTemplate(suite.admin, conversationId, { ...order(), parameters: ['Omar', 'DR-2', 'Monday'], clientId });
    expect(other.statusCode).toBe(409);
    const rows = await db().select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'outbound')));
    expect(rows).toHaveLength(1);
  });

  it('messages:send or chats:respond may send; messages:view alone may not', async () => {
    const { conversationId } = await closedWindowChat();
    const responder = await addMemberWith(suite.kit.t, suite.organizationId, ['chats:view', 'chats:respond']);
    expect((await sendTemplate(responder, conversationId, { ...order(), clientId: randomUUID() })).statusCode).toBe(201);
    const sender = await addMemberWith(suite.kit.t, suite.organizationId, ['chats:view', 'messages:send']);
    expect((await sendTemplate(sender, conversationId, { ...order(), clientId: randomUUID() })).statusCode).toBe(201);
    const reader = await addMemberWith(suite.kit.t, suite.organizationId, ['chats:view', 'messages:view']);
    expect((await sendTemplate(reader, conversationId, { ...order(), clientId: randomUUID() })).statusCode).toBe(403);
  });

  it('a member who can send may read the templates to choose one', async () => {
    const responder = await addMemberWith(suite.kit.t, suite.organizationId, ['chats:view', 'chats:respond']);
    const list = await responder.request({ method: 'GET', url: '/api/templates/local?status=APPROVED' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((t: Template) => t.name)).toContain('order_confirmation');
  });

  it('refuses a media-header template without its header, an unapproved one and wrong parameters with a reason, before calling Meta', async () => {
    const { waId, conversationId } = await closedWindowChat();
    const refusal = async (payload: Record<string, unknown>) => {
      const response = await sendTemplate(suite.admin, conversationId, { clientId: randomUUID(), ...payload });
      return { status: response.statusCode, body: response.json() };
    };
    expect(await refusal({ templateId: templateNamed('seasonal_offer').id, parameters: ['Ahmed', '20', '15 April'] }))
      .toEqual({ status: 400, body: { error: HEADER_MEDIA_TEXTS.required('image') } });
    expect(await refusal({ templateId: templateNamed('feedback_request').id, parameters: ['Ahmed', 'Dubai Mall'] }))
      .toEqual({ status: 400, body: { error: TEMPLATE_MESSAGE_TEXTS.notApproved } });
    expect(await refusal({ ...order(), parameters: ['Layla', 'DR-1'] })).toEqual({ status: 400, body: { error: 'Parameter 3 is required' } });
    expect(await refusal({ ...order(), parameters: ['Layla', 'DR-1', 'Monday', 'extra'] }))
      .toEqual({ status: 400, body: { error: 'This template takes 3 parameters, not 4' } });
    expect(await refusal({ ...order(), parameters: ['Layla', '  ', 'Monday'] })).toEqual({ status: 400, body: { error: 'Parameter 2 is required' } });
    expect(await refusal({ ...order(), parameters: ['Layla', 'x'.repeat(1001), 'Monday'] }))
      .toEqual({ status: 400, body: { error: 'Parameter 2 is too long (max 1000 characters)' } });
    expect(await refusal({ parameters: [] })).toEqual({ status: 400, body: { error: TEMPLATE_MESSAGE_TEXTS.chooseTemplate } });
    expect(sendsTo(waId)).toHaveLength(0);
    expect((await history(conversationId)).data.map((m) => m.direction)).toEqual(['inbound']);
  });

  it("another organization's template or conversation answers 404 like a missing one", async () => {
    const { conversationId } = await closedWindowChat();
    const other = await signUpAdmin(suite.kit.t.app, { organizationName: 'Other Trading' });
    await replaceTemplates(db(), organizationOf(other), [{
      id: 'other-1', name: 'other_hello', language: 'en', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hello there' }],
    }]);
    const foreignTemplate = (await other.request({ method: 'GET', url: '/api/templates/local' })).json().data[0].id;
    const withForeignTemplate = await sendTemplate(suite.admin, conversationId, { templateId: foreignTemplate, parameters: [], clientId: randomUUID() });
    expect({ status: withForeignTemplate.statusCode, body: withForeignTemplate.json() }).toEqual({ status: 404, body: { error: TEMPLATE_MESSAGE_TEXTS.notFound } });
    const missing = await sendTemplate(suite.admin, conversationId, { templateId: randomUUID(), parameters: [], clientId: randomUUID() });
    expect(missing.statusCode).toBe(404);

    const intoForeignConversation = await sendTemplate(other, conversationId, { templateId: foreignTemplate, parameters: [], clientId: randomUUID() });
    expect({ status: intoForeignConversation.statusCode, body: intoForeignConversation.json() }).toEqual({ status: 404, body: { error: 'Conversation not found' } });
  });
});

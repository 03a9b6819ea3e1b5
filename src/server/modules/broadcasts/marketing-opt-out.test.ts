/** @jest-environment node */
import { and, eq } from 'drizzle-orm';
import { DEMO_BUSINESS, TEMPLATE_FIXTURES } from '@sandbox/fixtures';
import { inboundPayload, statusPayload } from '@sandbox/payloads';
import type { AudienceCheckResponse } from '@shared/api/audience-check';
import type { Contact, ContactConversationResponse } from '@shared/api/contacts';
import type { ContactNotePage } from '@shared/api/notes';
import { OPTED_OUT_CHAT_REFUSAL } from '@shared/opt-out/opt-out';
import { broadcasts, messageTemplates } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { multipartBody } from '../../testing/multipart';
import { postWebhook, sandboxNumber } from '../../testing/whatsapp-test-kit';
import { upsertTemplates } from '../templates/templates-repository';
import { broadcastCustomer, dispatchSuite, queueBroadcast, recipientRows, sandboxTemplateComponents } from './dispatch-test-fixtures';

const { suite, db, app, dispatch, sendsTo, customers } = dispatchSuite();
const WABA = DEMO_BUSINESS.businessAccountId;
const organizationId = () => suite.organizationId;

let counter = 0;
/** An approved template of this category (without variables, unless it is a sandbox template by `name`); answers its id. */
async function template(category: 'MARKETING' | 'UTILITY', name = `opt_out_${category.toLowerCase()}_${(counter += 1)}`): Promise<string> {
  const known = TEMPLATE_FIXTURES.some((fixture) => fixture.name === name);
  await upsertTemplates(db(), [{
    organizationId: organizationId(), externalId: `ext-${name}`, name, language: 'en_US', status: 'APPROVED', category,
    components: known ? sandboxTemplateComponents(name) : [{ type: 'BODY', text: 'Our spring sale starts today' }],
  }]);
  const [row] = await db().select({ id: messageTemplates.id }).from(messageTemplates)
    .where(and(eq(messageTemplates.organizationId, organizationId()), eq(messageTemplates.name, name)));
  return row.id;
}

/** A broadcast to new contacts, its recipients queued, sending the template `templateId`. */
async function queueWith(templateId: string, waIds: string[]) {
  const queued = await queueBroadcast(db(), organizationId(), { waIds, status: 'paused' });
  await db().update(broadcasts).set({ templateId }).where(eq(broadcasts.id, queued.broadcastId));
  return queued;
}

async function send(broadcastId: string): Promise<void> {
  await db().update(broadcasts).set({ status: 'pending' }).where(eq(broadcasts.id, broadcastId));
  app().broadcastDispatch.kick();
  await dispatch();
}

async function deliver(payload: unknown): Promise<void> {
  expect((await postWebhook(app(), payload)).statusCode).toBe(200);
  await app().webhookInbox.drain();
}

let wamidCounter = 0;
function customerWrites(waId: string, message: Record<string, unknown> & { type: string }) {
  wamidCounter += 1;
  return deliver(inboundPayload(WABA, sandboxNumber(), { waId, name: 'Layla' }, { id: `wamid.opt-${wamidCounter}`, ...message }, Date.now()));
}
const writesText = (waId: string, body: string) => customerWrites(waId, { type: 'text', text: { body } });

function userPreference(waId: string, value: 'stop' | 'resume') {
  const number = sandboxNumber();
  return {
    object: 'whatsapp_business_account',
    entry: [{
      id: WABA,
      changes: [{
        field: 'user_preferences',
        value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: number.displayPhoneNumber.replace(/\D/g, ''), phone_number_id: number.id },
          contacts: [{ wa_id: waId, profile: { name: 'Layla' } }],
          user_preferences: [{ wa_id: waId, detail: 'User requested to stop marketing messages', category: 'marketing_messages', value, timestamp: Math.floor(Date.now() / 1000) }],
        },
      }],
    }],
  };
}

async function contactOf(waId: string): Promise<Contact> {
  const response = await suite.admin.request({ method: 'GET', url: `/api/contacts/search?q=${waId.slice(-9)}` });
  const [contact] = response.json<{ data: Contact[] }>().data;
  expect(contact).toBeDefined();
  return contact;
}

async function timelineOf(contactId: string): Promise<string[]> {
  const response = await suite.admin.request({ method: 'GET', url: `/api/contacts/${contactId}/notes` });
  return response.json<ContactNotePage>().data.map((entry) => entry.content);
}

/** A known contact (written once, so it exists) with a fresh number. */
async function knownCustomer(): Promise<string> {
  const waId = broadcastCustomer();
  await writesText(waId, 'Hello');
  return waId;
}

describe('a customer opts out', () => {
  it.each(['STOP', ' stop ', 'Unsubscribe', 'UNSUBSCRIBE  '])('by writing %j: the contact shows it, with a timeline entry', async (text) => {
    const waId = await knownCustomer();
    await writesText(waId, text);
    const contact = await contactOf(waId);
    expect(contact).toMatchObject({ optedOutAt: expect.any(String), optOutSource: 'keyword' });
    expect(await timelineOf(contact.id)).toContain('Opted out of marketing messages: replied with an opt-out keyword');
  });

  it('not by a message that only contains a keyword', async () => {
    const waId = await knownCustomer();
    await writesText(waId, 'Please stop by the shop tomorrow');
    expect((await contactOf(waId)).optedOutAt).toBeNull();
  });

  it("by the organization's own keyword, case and space ignored", async () => {
    const saved = await suite.admin.request({ method: 'PATCH', url: '/api/organization/settings', payload: { optOutKeywords: ['Basta', 'no more offers'] } });
    expect(saved.statusCode).toBe(200);
    const waId = await knownCustomer();
    await writesText(waId, '  NO MORE   offers ');
    expect(await contactOf(waId)).toMatchObject({ optOutSource: 'keyword' });
  });

  it('by pressing an opt-out button', async () => {
    const waId = await knownCustomer();
    await customerWrites(waId, { type: 'button', context: { id: 'wamid.some-broadcast' }, button: { text: 'Stop promotions', payload: 'x:2' } });
    expect(await contactOf(waId)).toMatchObject({ optedOutAt: expect.any(String), optOutSource: 'button' });
  });

  it("by Meta's user_preferences stop, and back in with resume", async () => {
    const waId = await knownCustomer();
    await deliver(userPreference(waId, 'stop'));
    const contact = await contactOf(waId);
    expect(contact).toMatchObject({ optOutSource: 'meta' });
    await deliver(userPreference(waId, 'resume'));
    expect(await contactOf(waId)).toMatchObject({ optedOutAt: null, optOutSource: null });
    expect(await timelineOf(contact.id)).toContain('Opted back in to marketing messages in WhatsApp');
  });

  it('by a send Meta failed with 131050', async () => {
    const waId = await knownCustomer();
    await deliver(statusPayload(WABA, sandboxNumber(), [{
      wamid: 'wamid.refused-131050', status: 'failed', recipient: waId, at: Date.now(),
      error: { code: 131050, title: 'User has stopped marketing messages', details: 'Stopped' },
    }]));
    expect(await contactOf(waId)).toMatchObject({ optOutSource: 'send_error' });
  });
});

describe('marketing is held back from opted-out contacts', () => {
  it('at the audience check and when each recipient is sent, counted as opted out; not for a utility template', async () => {
    const waIds = customers(3);
    const marketingTemplate = await template('MARKETING');
    const marketing = await queueWith(marketingTemplate, waIds);
    const [stopper] = waIds;
    await writesText(stopper, 'STOP');
    const check = async (templateId: string) => {
      const response = await suite.admin.request({
        method: 'POST', url: '/api/broadcast/audience/check', payload: { contactIds: marketing.recipients.map((r) => r.contactId), templateId },
      });
      expect(response.statusCode).toBe(200);
      return response.json<AudienceCheckResponse>();
    };

    expect(await check(marketingTemplate)).toMatchObject({ total: 3, optedOut: 1, count: 2, messagingLimit: { tier: 'TIER_2K', limit: 2000, overBy: 0 } });
    expect(await check(await template('UTILITY'))).toMatchObject({ total: 3, optedOut: 0, count: 3 });

    await send(marketing.broadcastId);
    expect(sendsTo(stopper)).toBe(0);
    for (const waId of waIds.slice(1)) expect(sendsTo(waId)).toBe(1);
    const rows = await recipientRows(db(), organizationId(), marketing.broadcastId);
    const held = rows.find((row) => row.contactId === marketing.recipients[0].contactId);
    expect(held).toMatchObject({ state: 'failed', errorCode: 131050, errorMessage: 'Opted out of marketing messages' });

    const analytics = await suite.admin.request({ method: 'GET', url: `/api/broadcast/${marketing.broadcastId}/analytics` });
    expect(analytics.json<{ failureReasons: unknown[] }>().failureReasons).toContainEqual({ errorCode: 131050, reason: 'Opted out of marketing messages', count: 1 });
  });

  it('a contact who opts out after the broadcast was queued is not sent to', async () => {
    const waIds = customers(2);
    const queued = await queueWith(await template('MARKETING'), waIds);
    await writesText(waIds[1], 'unsubscribe');
    await send(queued.broadcastId);
    expect(sendsTo(waIds[0])).toBe(1);
    expect(sendsTo(waIds[1])).toBe(0);
  });

  it('a utility broadcast still reaches an opted-out contact', async () => {
    const waIds = customers(1);
    const queued = await queueWith(await template('UTILITY'), waIds);
    await writesText(waIds[0], 'STOP');
    await send(queued.broadcastId);
    expect(sendsTo(waIds[0])).toBe(1);
  });

  it("the chat refuses a MARKETING template to an opted-out contact, with the reason, and sends a UTILITY one", async () => {
    const waId = await knownCustomer();
    await writesText(waId, 'STOP');
    const contact = await contactOf(waId);
    const { conversationId } = (await suite.admin.request({ method: 'GET', url: `/api/conversations/contact/${contact.id}` })).json<ContactConversationResponse>();
    const sendTemplate = async (templateId: string, parameters: string[] = []) =>
      suite.admin.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages/template`, payload: { templateId, parameters } });

    const refused = await sendTemplate(await template('MARKETING'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(OPTED_OUT_CHAT_REFUSAL);
    const utility = await sendTemplate(await template('UTILITY', 'order_confirmation'), ['Layla', 'DR-10293', '12 December']);
    expect(utility.statusCode).toBe(201);
    expect(sendsTo(waId)).toBe(1);
  });
});

describe('clearing and importing', () => {
  it('a member with contacts:edit clears the opt-out, with a timeline entry; one without it is refused', async () => {
    const waId = await knownCustomer();
    await writesText(waId, 'STOP');
    const contact = await contactOf(waId);

    const viewer = await addMemberWith(suite.kit.t, organizationId(), ['contacts:view']);
    const refused = await viewer.request({ method: 'DELETE', url: `/api/contacts/${contact.id}/opt-out` });
    expect(refused.statusCode).toBe(403);
    expect((await contactOf(waId)).optedOutAt).not.toBeNull();

    const editor = await addMemberWith(suite.kit.t, organizationId(), ['contacts:view', 'contacts:edit']);
    const cleared = await editor.request({ method: 'DELETE', url: `/api/contacts/${contact.id}/opt-out` });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Contact>()).toMatchObject({ optedOutAt: null, optOutSource: null });
    expect(await timelineOf(contact.id)).toContain('Marketing opt-out cleared');

    const foreign = await editor.request({ method: 'DELETE', url: '/api/contacts/00000000-0000-7000-8000-000000000999/opt-out' });
    expect(foreign.statusCode).toBe(404);
  });

  it('a CSV import that names an opted-out contact keeps the opt-out', async () => {
    const waId = await knownCustomer();
    await writesText(waId, 'STOP');
    const response = await suite.admin.request({
      method: 'POST',
      url: '/api/tags/import',
      ...multipartBody([{ name: 'tagName', value: 'Spring list' }, { name: 'file', filename: 'spring.csv', type: 'text/csv', content: `mobile,name\n+${waId},Layla Imported\n` }]),
    });
    expect(response.statusCode).toBe(200);
    const contact = await contactOf(waId);
    expect(contact).toMatchObject({ name: 'Layla Imported', optOutSource: 'keyword', optedOutAt: expect.any(String) });
  });
});

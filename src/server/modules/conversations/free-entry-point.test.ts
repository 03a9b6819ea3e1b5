/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { samplePhoto } from '@sandbox/media-samples';
import { WINDOW_CLOSED_MESSAGE, type Conversation, type ConversationResponse, type SendMessageResponse } from '@shared/api/conversations';
import { conversations, messages } from '../../db/schema';
import type { Member } from '../../testing/test-app';
import { kitWithAdminForFile } from '../../testing/whatsapp-test-kit';
import { customerNumber } from './inbox-test-fixtures';
import { formDataBody } from '../../testing/multipart';

/**
 * Free-form messages only within 24 hours of the customer's latest message, whatever the entry point
 * (WHATSAPP.md §9: Meta refuses them later with 131047). A free entry point (a Click-to-WhatsApp ad)
 * only makes messages free: 72 hours from the business's first reply sent within 24 hours of it.
 */

const suite = kitWithAdminForFile();

const db = () => suite.kit.t.database.db;
const HOUR = 3_600_000;

/** A customer writes through the sandbox (a webhook, as Meta would send it); answers the conversation. */
async function customerWrites(waId: string, options: { hoursAgo?: number; ad?: boolean } = {}): Promise<Conversation> {
  suite.kit.sandbox.inbound({
    phoneNumberId: DEMO_BUSINESS.phoneNumberId, from: waId, type: 'text', text: options.ad ? 'I saw your Eid offer ad' : 'Hello again',
    referral: options.ad, at: Date.now() - (options.hoursAgo ?? 0) * HOUR,
  });
  await suite.kit.sandbox.settle();
  await suite.kit.t.app.webhookInbox.drain();
  return (await suite.admin.request({ method: 'GET', url: `/api/conversations?search=${waId}` })).json().data[0];
}

const sandboxSends = () => suite.kit.sandbox.world.sent.size;

function sendText(conversationId: string, content = 'Thanks for writing!') {
  return suite.admin.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { content, clientId: randomUUID() } });
}

/** POST /api/media/upload as a browser's FormData sends it. */
async function sendPhoto(member: Member, contactId: string) {
  const form = new FormData();
  form.append('contactId', contactId);
  form.append('clientId', randomUUID());
  form.append('file', new Blob([new Uint8Array(samplePhoto(7).data)], { type: 'image/png' }), 'offer.png');
  return member.request({ method: 'POST', url: '/api/media/upload', ...(await formDataBody(form)) });
}

async function conversationView(conversationId: string): Promise<Conversation> {
  const response = await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}` });
  expect(response.statusCode).toBe(200);
  return response.json<ConversationResponse>().conversation;
}

it('25 hours after an ad-click message, a free-form text and a file are refused before any call to Meta', async () => {
  const waId = customerNumber();
  const ad = await customerWrites(waId, { ad: true, hoursAgo: 25 });
  expect(ad).toMatchObject({ isFreeEntryPoint: true, isConversationWindowOpen: false, freeEntryPointExpiresAt: null });
  const before = sandboxSends();

  const text = await sendText(ad.id);
  expect({ status: text.statusCode, body: text.json() }).toEqual({ status: 409, body: { error: WINDOW_CLOSED_MESSAGE } });
  const photo = await sendPhoto(suite.admin, ad.contact.id);
  expect({ status: photo.statusCode, body: photo.json() }).toEqual({ status: 409, body: { error: WINDOW_CLOSED_MESSAGE } });

  await suite.kit.sandbox.settle();
  expect(sandboxSends()).toBe(before);
  const stored = await db().select().from(messages).where(eq(messages.conversationId, ad.id));
  expect(stored.map((m) => m.direction)).toEqual(['inbound']);
});

it('within 24 hours the send goes; the first reply starts 72 hours of free messages, a later reply moves nothing', async () => {
  const waId = customerNumber();
  const ad = await customerWrites(waId, { ad: true, hoursAgo: 23 });
  expect(ad).toMatchObject({ isFreeEntryPoint: true, isConversationWindowOpen: true, freeEntryPointExpiresAt: null });
  expect(new Date(ad.conversationWindowExpiresAt!).getTime()).toBeLessThanOrEqual(Date.now() + HOUR);
  const before = sandboxSends();

  const first = await sendText(ad.id);
  expect(first.statusCode).toBe(201);
  const { message, conversation } = first.json<SendMessageResponse>();
  expect(message.status).toBe('sent');
  expect(sandboxSends()).toBe(before + 1);
  const freeUntil = new Date(message.sentAt).getTime() + 72 * HOUR;
  expect(new Date(conversation.freeEntryPointExpiresAt!).getTime()).toBe(freeUntil);
  // The window is still the customer's 24 hours: free messages do not widen it.
  expect(conversation.conversationWindowExpiresAt).toBe(ad.conversationWindowExpiresAt);

  const second = await sendPhoto(suite.admin, ad.contact.id);
  expect(second.statusCode).toBe(201);
  expect(new Date((await conversationView(ad.id)).freeEntryPointExpiresAt!).getTime()).toBe(freeUntil);
});

it('a first reply more than 24 hours after the ad-click message starts no free messages', async () => {
  const waId = customerNumber();
  await customerWrites(waId, { ad: true, hoursAgo: 30 });
  // The customer writes again (no ad): the window is open, the entry point's 24 hours are not.
  const again = await customerWrites(waId, { hoursAgo: 1 });
  expect(again).toMatchObject({ isFreeEntryPoint: true, isConversationWindowOpen: true });

  const sent = await sendText(again.id);
  expect(sent.statusCode).toBe(201);
  expect(sent.json<SendMessageResponse>().conversation.freeEntryPointExpiresAt).toBeNull();
  const [row] = await db().select().from(conversations).where(eq(conversations.id, again.id));
  expect(row.freeEntryPointExpiresAt).toBeNull();
  expect(row.freeEntryPointAt!.getTime()).toBeLessThan(Date.now() - 29 * HOUR);
});

it('the API shows both windows: conversationWindowExpiresAt (24 h), freeEntryPointExpiresAt, isFreeEntryPoint', async () => {
  const waId = customerNumber();
  const ad = await customerWrites(waId, { ad: true, hoursAgo: 2 });
  expect((await sendText(ad.id)).statusCode).toBe(201);
  const view = await conversationView(ad.id);
  expect(view).toEqual(expect.objectContaining({
    conversationWindowExpiresAt: expect.any(String),
    isConversationWindowOpen: true,
    isFreeEntryPoint: true,
    freeEntryPointExpiresAt: expect.any(String),
  }));
  const [inbound] = await db().select().from(messages).where(eq(messages.conversationId, ad.id)).orderBy(messages.seq);
  expect(new Date(view.conversationWindowExpiresAt!).getTime()).toBe(inbound.sentAt.getTime() + 24 * HOUR);
  const listed = (await suite.admin.request({ method: 'GET', url: `/api/conversations?search=${waId}` })).json().data[0];
  expect(listed.freeEntryPointExpiresAt).toBe(view.freeEntryPointExpiresAt);

  const plain = await customerWrites(customerNumber());
  expect(plain).toMatchObject({ isFreeEntryPoint: false, freeEntryPointExpiresAt: null, isConversationWindowOpen: true });
});

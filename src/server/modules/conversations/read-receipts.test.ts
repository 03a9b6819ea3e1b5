/** @jest-environment node */
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import type { Conversation, ConversationResponse } from '@shared/api/conversations';
import { kitWithAdminForFile } from '../../testing/whatsapp-test-kit';
import { customerNumber } from './inbox-test-fixtures';

/**
 * Read receipts at Meta: opening a conversation with unread customer messages marks the newest one read
 * at Meta (WHATSAPP.md, `status: read`), once per message, only while the organization's setting is on,
 * after the local mark-read and never at its expense.
 */

const suite = kitWithAdminForFile();
const receipts = () => suite.kit.sandbox.world.readReceipts;

/** A customer writes through the sandbox (a webhook, as Meta sends it); answers the message's wamid and the conversation. */
async function customerWrites(waId: string, text = 'Hello'): Promise<{ wamid: string; conversationId: string }> {
  const wamid = suite.kit.sandbox.inbound({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, from: waId, type: 'text', text });
  await suite.kit.sandbox.settle();
  await suite.kit.t.app.webhookInbox.drain();
  const conversation = (await suite.admin.request({ method: 'GET', url: `/api/conversations?search=${waId}` })).json().data[0] as Conversation;
  return { wamid, conversationId: conversation.id };
}

/** The member opens the conversation (the client's mark-read), then every receipt it started is settled. */
async function open(conversationId: string): Promise<Conversation> {
  const response = await suite.admin.request({ method: 'PATCH', url: `/api/conversations/${conversationId}/read` });
  expect(response.statusCode).toBe(200);
  await suite.kit.t.app.readReceipts.settled();
  return response.json<ConversationResponse>().conversation;
}

async function setReadReceipts(on: boolean): Promise<void> {
  const response = await suite.admin.request({ method: 'PATCH', url: '/api/organization/settings', payload: { readReceipts: on } });
  expect(response.statusCode).toBe(200);
}

test('opening marks the newest unread customer message read at Meta, once', async () => {
  const waId = customerNumber();
  const first = await customerWrites(waId, 'Hi');
  const second = await customerWrites(waId, 'Are you open today?');
  const before = receipts().summary().total;

  expect((await open(second.conversationId)).unreadCount).toBe(0);
  expect(receipts().countFor(second.wamid)).toBe(1);
  // Meta reads the earlier messages with the newest: no call for them.
  expect(receipts().countFor(first.wamid)).toBe(0);

  // Opening it again, from this member or another tab, tells Meta nothing new.
  await open(second.conversationId);
  await open(second.conversationId);
  expect(receipts().countFor(second.wamid)).toBe(1);
  expect(receipts().summary().total).toBe(before + 1);

  // A new customer message is read once in its turn.
  const third = await customerWrites(waId, 'Hello?');
  await open(third.conversationId);
  expect(receipts().countFor(third.wamid)).toBe(1);
  expect(receipts().summary().total).toBe(before + 2);
});

test('no call while the organization has read receipts off', async () => {
  await setReadReceipts(false);
  try {
    const written = await customerWrites(customerNumber());
    const before = receipts().summary().total;
    expect((await open(written.conversationId)).unreadCount).toBe(0);
    expect(receipts().summary().total).toBe(before);
  } finally {
    await setReadReceipts(true);
  }
});

test('Meta failing leaves the mark-read done and the agent unbothered; a later opening tells Meta', async () => {
  const written = await customerWrites(customerNumber());
  suite.kit.sandbox.injectFault(DEMO_BUSINESS.phoneNumberId, 'server_error');
  try {
    expect((await open(written.conversationId)).unreadCount).toBe(0);
    expect(receipts().countFor(written.wamid)).toBe(0);
    const view = await suite.admin.request({ method: 'GET', url: `/api/conversations/${written.conversationId}` });
    expect(view.json<ConversationResponse>().conversation.unreadCount).toBe(0);
  } finally {
    suite.kit.sandbox.clearFaults(DEMO_BUSINESS.phoneNumberId);
  }
  await open(written.conversationId);
  expect(receipts().countFor(written.wamid)).toBe(1);
});

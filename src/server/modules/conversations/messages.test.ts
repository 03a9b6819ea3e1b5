/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload, statusPayload, type StatusEvent } from '@sandbox/payloads';
import { WINDOW_CLOSED_MESSAGE, type Message, type MessagePage, type MessagePollResponse } from '@shared/api/conversations';
import { messages } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { signUpAdmin, type Member } from '../../testing/test-app';
import {
  insertOutboundMessage, kitWithAdminForFile, postWebhook, sandboxNumber,
} from '../../testing/whatsapp-test-kit';
import { DELIVERED_RANK, finalStatus, seededRandom, shuffled, type DeliveredStatus } from '../../testing/delivery-order';
import { customerNumber, customerWrites } from './inbox-test-fixtures';
import { attachWamid } from './message-delivery-service';

const suite = kitWithAdminForFile();

const db = () => suite.kit.t.database.db;
const app = () => suite.kit.t.app;

/** Everything the sandbox and the app still have to do: status callbacks, webhooks, their processing. */
async function settle(): Promise<void> {
  await suite.kit.sandbox.settle();
  await app().webhookInbox.drain();
}

/** A customer writes through the sandbox (which then knows their 24-hour window is open); answers the conversation id. */
async function customerOpensChat(waId = customerNumber()): Promise<{ waId: string; conversationId: string }> {
  suite.kit.sandbox.inbound({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, from: waId, type: 'text', text: 'Hello, is anyone there?' });
  await settle();
  const page = (await suite.admin.request({ method: 'GET', url: `/api/conversations?search=${waId}` })).json();
  return { waId, conversationId: page.data[0].id };
}

const sendsTo = (waId: string) => [...suite.kit.sandbox.world.sent.values()].filter((sent) => sent.to === waId).length;

function send(member: Member, conversationId: string, content: string, clientId: string = randomUUID()) {
  return member.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { content, clientId } });
}

async function history(conversationId: string, query = ''): Promise<MessagePage> {
  const response = await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function poll(conversationId: string, cursor: number): Promise<MessagePollResponse> {
  const response = await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages/poll?cursor=${cursor}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('history', () => {
  it('newest first, 50 a page, older pages before a seq; the cursor is where the poll continues', async () => {
    const customer = { waId: customerNumber() };
    let conversationId = '';
    for (let i = 0; i < 53; i += 1) ({ conversationId } = await customerWrites(db(), suite.organizationId, customer, `Message ${i}`));
    const first = await history(conversationId);
    expect(first.data).toHaveLength(50);
    expect(first.data[0]).toMatchObject({ content: 'Message 52', seq: 53, direction: 'inbound', messageType: 'text', status: 'delivered', conversationId });
    expect(first.hasMore).toBe(true);
    expect(first.cursor).toBe(53);
    const older = await history(conversationId, `?before=${first.data[49].seq}`);
    expect(older.data.map((m) => m.content)).toEqual(['Message 2', 'Message 1', 'Message 0']);
    expect(older.hasMore).toBe(false);
    expect((await poll(conversationId, first.cursor))).toEqual({ messages: [], cursor: 53 });
  });

  it("SPEC's ?page=N&limit=: page 2 is the messages before page 1", async () => {
    const customer = { waId: customerNumber() };
    let conversationId = '';
    for (let i = 0; i < 7; i += 1) ({ conversationId } = await customerWrites(db(), suite.organizationId, customer, `Message ${i}`));
    const contents = (page: MessagePage) => page.data.map((m) => m.content);
    expect(contents(await history(conversationId, '?page=1&limit=3'))).toEqual(['Message 6', 'Message 5', 'Message 4']);
    const second = await history(conversationId, '?page=2&limit=3');
    expect(contents(second)).toEqual(['Message 3', 'Message 2', 'Message 1']);
    expect(second.hasMore).toBe(true);
    const last = await history(conversationId, '?page=3&limit=3');
    expect(contents(last)).toEqual(['Message 0']);
    expect(last.hasMore).toBe(false);
    expect(contents(await history(conversationId, '?page=9&limit=3'))).toEqual([]);
    const refused = await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages?page=0` });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 400, body: { error: 'Page must be 1 or more' } });
  });
});

describe('sending a text', () => {
  it('stores, sends and answers the message (201); the conversation moves to the top', async () => {
    const { waId, conversationId } = await customerOpensChat();
    const clientId = randomUUID();
    const response = await send(suite.admin, conversationId, '  Yes! How can we help?  ', clientId);
    expect(response.statusCode).toBe(201);
    const { message, conversation } = response.json();
    expect(message).toMatchObject({
      clientId, conversationId, content: 'Yes! How can we help?', direction: 'outbound', messageType: 'text', status: 'sent', errorCode: null,
      mediaId: null, mediaUrl: null,
    });
    expect(conversation).toMatchObject({ id: conversationId, lastMessage: { id: message.id, content: 'Yes! How can we help?' } });
    expect((await suite.admin.request({ method: 'GET', url: '/api/conversations' })).json().data[0].id).toBe(conversationId);
    expect(sendsTo(waId)).toBe(1);
    await settle();
    expect((await history(conversationId)).data[0]).toMatchObject({ id: message.id, status: 'read' });
  });

  it('the same clientId twice (one after the other, or at once) stores and sends ONE message', async () => {
    const { waId, conversationId } = await customerOpensChat();
    const clientId = randomUUID();
    const first = await send(suite.admin, conversationId, 'Your order ships today', clientId);
    const again = await send(suite.admin, conversationId, 'Your order ships today', clientId);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().message.id).toBe(first.json().message.id);

    const racing = randomUUID();
    const both = await Promise.all([send(suite.admin, conversationId, 'Tracking: DR-1', racing), send(suite.admin, conversationId, 'Tracking: DR-1', racing)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0].json().message.id).toBe(both[1].json().message.id);

    const rows = await db().select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'outbound')));
    expect(rows).toHaveLength(2);
    expect(sendsTo(waId)).toBe(2);
  });

  it("records Meta's refusal on the message and answers it; Retry (the same clientId) sends once more", async () => {
    const { waId, conversationId } = await customerOpensChat();
    const clientId = randomUUID();
    suite.kit.sandbox.injectFault(DEMO_BUSINESS.phoneNumberId, 'server_error', 1);
    const failed = await send(suite.admin, conversationId, 'Are you still interested?', clientId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: 'API call failed: Service temporarily unavailable' });
    expect(sendsTo(waId)).toBe(0);
    const [stored] = await db().select().from(messages).where(eq(messages.clientId, clientId));
    expect(stored).toMatchObject({ status: 'failed', errorCode: 2, errorMessage: 'Service temporarily unavailable' });
    expect((await history(conversationId)).data[0]).toMatchObject({ clientId, status: 'failed', errorCode: 2 });

    const retried = await send(suite.admin, conversationId, 'Are you still interested?', clientId);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().message).toMatchObject({ id: stored.id, status: 'sent', errorCode: null, errorMessage: null });
    expect(sendsTo(waId)).toBe(1);
    expect((await send(suite.admin, conversationId, 'Are you still interested?', clientId)).statusCode).toBe(200);
    expect(sendsTo(waId)).toBe(1);
  });

  it('a clientId is one message: another text under it is refused (409) and sends nothing, failed or not', async () => {
    const { waId, conversationId } = await customerOpensChat();
    const clientId = randomUUID();
    suite.kit.sandbox.injectFault(DEMO_BUSINESS.phoneNumberId, 'server_error', 1);
    expect((await send(suite.admin, conversationId, 'Your refund is on its way', clientId)).statusCode).toBe(502);

    const CLIENT_ID_TAKEN = { error: 'This clientId belongs to another message: a retry must send the same message' };
    const other = await send(suite.admin, conversationId, 'Your refund was declined', clientId);
    expect({ status: other.statusCode, body: other.json() }).toEqual({ status: 409, body: CLIENT_ID_TAKEN });
    expect(sendsTo(waId)).toBe(0);
    const [stored] = await db().select().from(messages).where(eq(messages.clientId, clientId));
    expect(stored).toMatchObject({ content: 'Your refund is on its way', status: 'failed' });

    expect((await send(suite.admin, conversationId, 'Your refund is on its way', clientId)).statusCode).toBe(201);
    const afterSent = await send(suite.admin, conversationId, 'Something else entirely', clientId);
    expect({ status: afterSent.statusCode, body: afterSent.json() }).toEqual({ status: 409, body: CLIENT_ID_TAKEN });
    expect(sendsTo(waId)).toBe(1);
  });

  it("a retry by another member sends the stored message and keeps its author", async () => {
    const colleague = await addMemberWith(suite.kit.t, suite.organizationId, ['chats:view', 'messages:view', 'messages:send']);
    const { waId, conversationId } = await customerOpensChat();
    const clientId = randomUUID();
    suite.kit.sandbox.injectFault(DEMO_BUSINESS.phoneNumberId, 'server_error', 1);
    expect((await send(suite.admin, conversationId, 'We have your size in stock', clientId)).statusCode).toBe(502);

    const retried = await send(colleague, conversationId, 'We have your size in stock', clientId);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().message).toMatchObject({ status: 'sent', content: 'We have your size in stock' });
    expect(sendsTo(waId)).toBe(1);
    const [stored] = await db().select().from(messages).where(eq(messages.clientId, clientId));
    expect(stored.senderUserId).toBe(suite.admin.user.userId);
  });

  it('passes the WhatsApp configuration codes on to the client', async () => {
    const { conversationId } = await customerOpensChat();
    suite.kit.sandbox.injectFault(DEMO_BUSINESS.phoneNumberId, 'permission_denied', 1);
    const denied = await send(suite.admin, conversationId, 'Hello');
    expect(denied.statusCode).toBe(400);
    expect(denied.json().code).toBe('WHATSAPP_PERMISSION_DENIED');
    suite.kit.sandbox.injectFault(DEMO_BUSINESS.phoneNumberId, 'token_expired', 1);
    const expired = await send(suite.admin, conversationId, 'Hello');
    expect(expired.json().code).toBe('WHATSAPP_TOKEN_EXPIRED');
    const failures = await db().select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.status, 'failed')));
    expect(failures.map((m) => m.errorCode).sort()).toEqual([10, 190]);

    const unconfigured = await signUpAdmin(app(), { organizationName: 'No WhatsApp Yet' });
    const { conversationId: theirs } = await customerWrites(db(), unconfigured.user.organization!.organizationId, { waId: customerNumber() });
    const refused = await send(unconfigured, theirs, 'Hello');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('WHATSAPP_NOT_CONFIGURED');
    expect(await db().select().from(messages).where(and(eq(messages.conversationId, theirs), eq(messages.direction, 'outbound')))).toEqual([]);
  });

  it("SPEC's payload, `content` alone, sends: the server makes the clientId", async () => {
    const { waId, conversationId } = await customerOpensChat();
    const before = sendsTo(waId);
    const sent = await suite.admin.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { content: 'Hello from a script' } });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({ content: 'Hello from a script', direction: 'outbound', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const again = await suite.admin.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { content: 'Hello from a script' } });
    expect(again.statusCode).toBe(201);
    expect(again.json().message.clientId).not.toBe(sent.json().message.clientId);
    await suite.kit.sandbox.settle();
    expect(sendsTo(waId)).toBe(before + 2);
  });

  it('refuses a text on a closed window before calling Meta, and stores nothing', async () => {
    const waId = customerNumber();
    const { conversationId } = await customerWrites(db(), suite.organizationId, { waId }, 'Old question', { at: new Date(Date.now() - 25 * 3_600_000) });
    const refused = await send(suite.admin, conversationId, 'Sorry for the delay');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: WINDOW_CLOSED_MESSAGE });
    expect(sendsTo(waId)).toBe(0);
    expect((await history(conversationId)).data.map((m) => m.direction)).toEqual(['inbound']);
  });

  it('checks the message and the access: chats:respond may send, messages:view alone may not', async () => {
    const { conversationId } = await customerOpensChat();
    expect((await send(suite.admin, conversationId, '   ')).json()).toEqual({ error: 'Message cannot be empty' });
    expect((await send(suite.admin, conversationId, 'x'.repeat(4097))).json()).toEqual({ error: 'Message is too long (max 4096 characters)' });
    const responder = await addMemberWith(suite.kit.t, suite.organizationId, ['chats:view', 'chats:respond']);
    expect((await send(responder, conversationId, 'Happy to help')).statusCode).toBe(201);
    const reader = await addMemberWith(suite.kit.t, suite.organizationId, ['chats:view', 'messages:view']);
    expect((await send(reader, conversationId, 'Happy to help')).statusCode).toBe(403);
  });
});

describe('the poll', () => {
  const RANK = DELIVERED_RANK;
  type Status = DeliveredStatus;

  it('sees every message once and every status change, whatever order and however often webhooks arrive', async () => {
    const random = seededRandom(7);
    const waId = customerNumber();
    const customer = { waId, name: 'Layla Hassan' };
    const { conversationId } = await customerWrites(db(), suite.organizationId, customer, 'First');
    const start = (await history(conversationId)).cursor;

    // Outbound messages Meta accepted, whose statuses will come in any order.
    const plans: Array<{ wamid: string; statuses: Status[] }> = [];
    const options: Status[][] = [['sent', 'delivered', 'read'], ['sent', 'delivered'], ['delivered', 'read'], ['sent', 'failed'], ['failed', 'delivered'], ['read']];
    for (let i = 0; i < 12; i += 1) {
      const messageId = await insertOutboundMessage(db(), suite.organizationId, waId, `Reply ${i}`);
      const wamid = `wamid.poll-${i}`;
      await attachWamid(db(), suite.organizationId, messageId, wamid);
      plans.push({ wamid, statuses: options[i % options.length] });
    }
    // The customer's messages, all in the same second (Meta's timestamps are seconds).
    const at = Date.now();
    const inbound = Array.from({ length: 8 }, (_, i) =>
      inboundPayload(DEMO_BUSINESS.businessAccountId, sandboxNumber(), customer, { id: `wamid.poll-in-${i}`, type: 'text', text: { body: `Question ${i}` } }, at));
    const statuses: StatusEvent[] = plans.flatMap((plan) => plan.statuses.map((status) => ({
      wamid: plan.wamid, status, recipient: waId, at: at + RANK[status] * 1000,
      ...(status === 'failed' ? { error: { code: 131049, title: 'Not delivered', details: 'limit' } } : {}),
    })));
    const events = shuffled([...inbound, ...statuses.map((s) => statusPayload(DEMO_BUSINESS.businessAccountId, sandboxNumber(), [s]))], random);
    const deliveries = shuffled([...events, ...events], random);

    // The poller follows the cursor while the events arrive, in random batches.
    let cursor = start;
    const seen = new Map<string, Message[]>();
    const take = (answer: MessagePollResponse) => {
      expect(answer.cursor).toBeGreaterThanOrEqual(cursor);
      cursor = answer.cursor;
      for (const message of answer.messages) seen.set(message.id, [...(seen.get(message.id) ?? []), message]);
    };
    for (let i = 0; i < deliveries.length; ) {
      const size = 1 + Math.floor(random() * 6);
      const batch = deliveries.slice(i, i + size);
      i += size;
      const responses = await Promise.all(batch.map((payload) => postWebhook(app(), payload)));
      expect(responses.every((r) => r.statusCode === 200)).toBe(true);
      await app().webhookInbox.drain();
      take(await poll(conversationId, cursor));
    }
    take(await poll(conversationId, cursor));
    expect((await poll(conversationId, cursor)).messages).toEqual([]);

    // The poller holds exactly the final state.
    const final = (await history(conversationId, '?limit=200')).data.filter((m) => m.seq > 1);
    expect(final).toHaveLength(12 + 8);
    for (const message of final) {
      const versions = seen.get(message.id) ?? [];
      expect({ id: message.id, last: versions.at(-1) }).toEqual({ id: message.id, last: message });
      // A message comes again only when something about it changed.
      for (let v = 1; v < versions.length; v += 1) {
        expect({ id: message.id, changed: versions[v].status !== versions[v - 1].status || versions[v].errorCode !== versions[v - 1].errorCode })
          .toEqual({ id: message.id, changed: true });
        expect(RANK[versions[v].status as Status] ?? 0).toBeGreaterThanOrEqual(RANK[versions[v - 1].status as Status] ?? 0);
      }
    }
    for (const plan of plans) {
      const expected = finalStatus(plan.statuses);
      const [row] = await db().select().from(messages).where(eq(messages.wamid, plan.wamid));
      expect({ wamid: plan.wamid, status: row.status }).toEqual({ wamid: plan.wamid, status: expected });
    }
    const inboundSeqs = final.filter((m) => m.direction === 'inbound').map((m) => m.seq);
    expect(new Set(inboundSeqs).size).toBe(8);
  });

  it('lastMessageId alone: the messages after that one', async () => {
    const customer = { waId: customerNumber() };
    const first = await customerWrites(db(), suite.organizationId, customer, 'one');
    await customerWrites(db(), suite.organizationId, customer, 'two');
    const response = await suite.admin.request({ method: 'GET', url: `/api/conversations/${first.conversationId}/messages/poll?lastMessageId=${first.messageId}` });
    expect(response.json()).toMatchObject({ messages: [{ content: 'two' }], cursor: 2 });
    expect((await suite.admin.request({ method: 'GET', url: `/api/conversations/${first.conversationId}/messages/poll?cursor=-1` })).json())
      .toEqual({ error: 'Cursor must be 0 or more' });
  });
});

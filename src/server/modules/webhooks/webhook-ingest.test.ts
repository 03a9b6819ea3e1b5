/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload, statusPayload, templateStatusPayload, type StatusEvent } from '@sandbox/payloads';
import { contacts, conversations, mediaFiles, messages, messageTemplates, pendingStatuses, webhookEvents } from '../../db/schema';
import { signUpAdmin, type Member } from '../../testing/test-app';
import {
  createKitWithAdmin, insertOutboundMessage, postWebhook, saveConfig, sandboxNumber, type WhatsAppTestKit,
} from '../../testing/whatsapp-test-kit';
import { storeInboundMessages } from '../conversations/inbound-service';
import { attachWamid } from '../conversations/message-delivery-service';
import { WebhookInbox } from './webhook-inbox';
import { DELIVERED_RANK, finalStatus, seededRandom, shuffled, type DeliveredStatus } from '../../testing/delivery-order';

const WABA = DEMO_BUSINESS.businessAccountId;
const HOUR = 3_600_000;

let kit: WhatsAppTestKit;
let admin: Member;
let organizationId: string;

beforeAll(async () => {
  ({ kit, admin } = await createKitWithAdmin());
  organizationId = admin.user.organization!.organizationId;
});

afterAll(() => kit.close());

const db = () => kit.t.database.db;
const customer = { waId: '971501234567', name: 'Layla Hassan' };

function inbound(message: Record<string, unknown> & { id: string; type: string }, at = Date.now(), who = customer, number = sandboxNumber()) {
  return inboundPayload(WABA, number, who, message, at);
}

async function deliver(...payloads: unknown[]): Promise<void> {
  for (const payload of payloads) expect((await postWebhook(kit.t.app, payload)).statusCode).toBe(200);
  await kit.t.app.webhookInbox.drain();
}

async function messageByWamid(wamid: string) {
  const [row] = await db().select().from(messages).where(and(eq(messages.organizationId, organizationId), eq(messages.wamid, wamid)));
  return row;
}

async function messageCount(wamid: string): Promise<number> {
  const [{ n }] = await db().select({ n: count() }).from(messages).where(eq(messages.wamid, wamid));
  return Number(n);
}

describe('inbound messages', () => {
  it("create the customer's contact and conversation, take the next seq, and open the 24-hour window", async () => {
    const at = Date.now() - 60_000;
    await deliver(inbound({ id: 'wamid.in-1', type: 'text', text: { body: 'Do you have the oud gift set?' } }, at));

    const message = await messageByWamid('wamid.in-1');
    expect(message).toMatchObject({ direction: 'inbound', messageType: 'text', content: 'Do you have the oud gift set?', seq: 1 });
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, message.contactId));
    expect(contact).toMatchObject({ name: 'Layla Hassan', countryCode: '+971', phoneNumber: '501234567', phoneE164: '+971501234567' });
    const [conversation] = await db().select().from(conversations).where(eq(conversations.id, message.conversationId));
    expect(conversation).toMatchObject({ unreadCount: 1, lastSeq: 1, lastMessageId: message.id, isFreeEntryPoint: false });
    expect(conversation.windowExpiresAt?.getTime()).toBe(Math.floor(at / 1000) * 1000 + 24 * HOUR);

    await deliver(inbound({ id: 'wamid.in-2', type: 'text', text: { body: 'And in a larger size?' } }));
    const second = await messageByWamid('wamid.in-2');
    expect(second.seq).toBe(2);
    expect(second.conversationId).toBe(message.conversationId);
    const [after] = await db().select().from(conversations).where(eq(conversations.id, message.conversationId));
    expect(after).toMatchObject({ unreadCount: 2, lastSeq: 2, lastMessageId: second.id });
  });

  it('store a message once however often and however concurrently Meta delivers it', async () => {
    const payload = inbound({ id: 'wamid.dup-1', type: 'text', text: { body: 'once' } });
    const responses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(kit.t.app, payload)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    await kit.t.app.webhookInbox.drain();
    expect(await messageCount('wamid.dup-1')).toBe(1);

    const message = await messageByWamid('wamid.dup-1');
    const [conversation] = await db().select().from(conversations).where(eq(conversations.id, message.conversationId));
    expect(conversation.lastSeq).toBe(message.seq);

    // A batch where only some items are new: the known one changes nothing, the new one is stored.
    const batch = inbound({ id: 'wamid.dup-1', type: 'text', text: { body: 'once' } });
    const value = (batch.entry as Array<{ changes: Array<{ value: { messages: unknown[] } }> }>)[0].changes[0].value;
    value.messages.push({ from: customer.waId, id: 'wamid.dup-2', timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'new' } });
    await deliver(batch);
    expect(await messageCount('wamid.dup-1')).toBe(1);
    expect((await messageByWamid('wamid.dup-2')).seq).toBe(message.seq + 1);
  });

  it('survive two workers storing the same message at the same moment: one row, no seq gap', async () => {
    const message = (wamid: string) => ({
      wamid, from: '96891234567', profileName: 'Salim Al Balushi', sentAt: new Date(), type: 'text' as const,
      content: wamid, media: undefined, payload: null, freeEntryPoint: false,
    });
    const [first, second] = await Promise.all([
      storeInboundMessages(db(), organizationId, [message('wamid.race-1'), message('wamid.race-2')]),
      storeInboundMessages(db(), organizationId, [message('wamid.race-2'), message('wamid.race-3')]),
    ]);
    expect([...first, ...second].map((m) => m.wamid).sort()).toEqual(['wamid.race-1', 'wamid.race-2', 'wamid.race-3']);
    const stored = await Promise.all(['wamid.race-1', 'wamid.race-2', 'wamid.race-3'].map(messageByWamid));
    const [conversation] = await db().select().from(conversations).where(eq(conversations.id, stored[0].conversationId));
    expect(stored.map((m) => m.seq).sort()).toEqual([1, 2, 3]);
    expect(conversation).toMatchObject({ lastSeq: 3, unreadCount: 3 });
  });

  it('note a free entry point (Click-to-WhatsApp ad); the window stays 24 hours and no free messages start before a reply', async () => {
    const who = { waId: '966501234567', name: 'Noura Al Saud' };
    const at = Date.now();
    await deliver(inbound({ id: 'wamid.ctwa-1', type: 'text', text: { body: 'I saw your ad' }, referral: { source_type: 'ad' } }, at, who));
    const message = await messageByWamid('wamid.ctwa-1');
    const [conversation] = await db().select().from(conversations).where(eq(conversations.id, message.conversationId));
    expect(conversation.isFreeEntryPoint).toBe(true);
    expect(conversation.windowExpiresAt?.getTime()).toBe(Math.floor(at / 1000) * 1000 + 24 * HOUR);
    expect(conversation.freeEntryPointAt?.getTime()).toBe(Math.floor(at / 1000) * 1000);
    expect(conversation.freeEntryPointExpiresAt).toBeNull();
  });

  it('keep buttons, interactive replies and reactions with their text, and unknown types as unsupported', async () => {
    await deliver(
      inbound({ id: 'wamid.btn-1', type: 'button', button: { text: 'Track my order', payload: 'TRACK' }, context: { from: '97145550100', id: 'wamid.x' } }),
      inbound({ id: 'wamid.int-1', type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'r2', title: 'Gift sets' } } }),
      inbound({ id: 'wamid.rea-1', type: 'reaction', reaction: { message_id: 'wamid.x', emoji: '❤️' } }),
      inbound({ id: 'wamid.ord-1', type: 'order', order: { catalog_id: '1' } }),
    );
    expect(await messageByWamid('wamid.btn-1')).toMatchObject({ messageType: 'button', content: 'Track my order' });
    expect((await messageByWamid('wamid.btn-1')).payload).toMatchObject({ button: { payload: 'TRACK' } });
    expect(await messageByWamid('wamid.int-1')).toMatchObject({ messageType: 'interactive', content: 'Gift sets' });
    expect(await messageByWamid('wamid.rea-1')).toMatchObject({ messageType: 'reaction', content: '❤️' });
    expect(await messageByWamid('wamid.ord-1')).toMatchObject({ messageType: 'unsupported', content: 'Unsupported message (order)' });
  });

  it("store a photo's media id, then download its bytes with the organization's token", async () => {
    const wamid = kit.sandbox.inbound({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, from: '919876543210', type: 'image', text: 'Is this one available?' });
    await kit.sandbox.settle();
    await kit.t.app.webhookInbox.drain();
    const message = await messageByWamid(wamid);
    expect(message).toMatchObject({ messageType: 'image', content: 'Is this one available?' });

    await kit.t.app.mediaFetcher.drain();
    const [file] = await db().select().from(mediaFiles).where(eq(mediaFiles.id, message.mediaId!));
    expect(file.metaMediaId).toMatch(/^\d+$/);
    expect(file.storageKey).toBe(`${organizationId}/${file.id}`);
    const stored = readFileSync(path.join(kit.dataDir, 'media', file.storageKey!));
    expect(stored.subarray(1, 4).toString()).toBe('PNG');
    expect(file).toMatchObject({ mimeType: 'image/png', sizeBytes: stored.length, downloadError: null });
  });

  it('are never routed to an organization that does not own the phone number', async () => {
    const [{ before }] = await db().select({ before: count() }).from(messages);
    await deliver(inbound({ id: 'wamid.stranger-1', type: 'text', text: { body: 'hello?' } }, Date.now(), customer, sandboxNumber('999999999999')));
    const [{ after }] = await db().select({ after: count() }).from(messages);
    expect(after).toBe(before);
    const [event] = await db()
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.payload}::text like '%wamid.stranger-1%'`);
    expect(event.processedAt).not.toBeNull();
    expect(event.deadAt).toBeNull();
  });

  it("go to the organization whose number received them, and only there", async () => {
    const other = await signUpAdmin(kit.t.app, { organizationName: 'Second Shop' });
    const otherOrg = other.user.organization!.organizationId;
    await saveConfig(other, { accessToken: 'EAAGsecondShopSandboxToken01', phoneNumberId: '200000000000001', businessAccountId: '200000000000009' });
    await deliver(inbound({ id: 'wamid.org-b-1', type: 'text', text: { body: 'for B' } }, Date.now(), customer, sandboxNumber('200000000000001')));
    const [row] = await db().select().from(messages).where(eq(messages.wamid, 'wamid.org-b-1'));
    expect(row.organizationId).toBe(otherOrg);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, row.contactId));
    expect(contact.organizationId).toBe(otherOrg);
  });
});

describe('statuses', () => {
  const RANK = DELIVERED_RANK;
  type Status = DeliveredStatus;

  it('end at the highest state whatever the order and however often they repeat', async () => {
    const random = seededRandom(42);
    const base = Math.floor(Date.now() / 1000) * 1000;
    const plans: Array<{ wamid: string; messageId: string; statuses: Status[] }> = [];
    const options: Status[][] = [['sent'], ['sent', 'delivered'], ['sent', 'delivered', 'read'], ['delivered', 'read'], ['sent', 'failed'], ['failed', 'delivered'], ['read']];
    for (let i = 0; i < 28; i += 1) {
      const messageId = await insertOutboundMessage(db(), organizationId, `97150000${String(1000 + i)}`);
      const wamid = `wamid.status-${i}`;
      await attachWamid(db(), organizationId, messageId, wamid);
      plans.push({ wamid, messageId, statuses: options[i % options.length] });
    }
    const events: StatusEvent[] = plans.flatMap((plan) =>
      plan.statuses.map((status) => ({
        wamid: plan.wamid,
        status,
        recipient: '971500001000',
        at: base + RANK[status] * 1000,
        ...(status === 'failed' ? { error: { code: 131049, title: 'Not delivered to maintain ecosystem engagement', details: 'limit' } } : {}),
      })),
    );
    // Every event three times, shuffled, in batches of random sizes, posted concurrently.
    const stream = shuffled([...events, ...events, ...events], random);
    const batches: StatusEvent[][] = [];
    for (let i = 0; i < stream.length; ) {
      const size = 1 + Math.floor(random() * 12);
      batches.push(stream.slice(i, i + size));
      i += size;
    }
    const responses = await Promise.all(batches.map((batch) => postWebhook(kit.t.app, statusPayload(WABA, sandboxNumber(), batch))));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    await kit.t.app.webhookInbox.drain();

    for (const plan of plans) {
      const expected = finalStatus(plan.statuses);
      const row = await messageByWamid(plan.wamid);
      expect({ wamid: plan.wamid, status: row.status }).toEqual({ wamid: plan.wamid, status: expected });
      if (plan.statuses.includes('delivered') || plan.statuses.includes('read')) {
        const earliest = plan.statuses.includes('delivered') ? base + 3000 : base + 4000;
        expect(row.deliveredAt?.getTime()).toBe(earliest);
      }
      if (expected === 'failed') expect(row).toMatchObject({ errorCode: 131049, errorMessage: 'Not delivered to maintain ecosystem engagement' });
    }
  });

  it('that arrive before the message is known are kept and applied when it appears', async () => {
    const at = Date.now();
    await deliver(statusPayload(WABA, sandboxNumber(), [
      { wamid: 'wamid.early-1', status: 'delivered', recipient: '971501234567', at },
      { wamid: 'wamid.early-1', status: 'sent', recipient: '971501234567', at: at - 1000 },
    ]));
    const [{ parked }] = await db().select({ parked: count() }).from(pendingStatuses).where(eq(pendingStatuses.wamid, 'wamid.early-1'));
    expect(Number(parked)).toBe(2);

    const messageId = await insertOutboundMessage(db(), organizationId, '971501234567', 'Your order shipped');
    await attachWamid(db(), organizationId, messageId, 'wamid.early-1');
    expect(await messageByWamid('wamid.early-1')).toMatchObject({ id: messageId, status: 'delivered' });
    const [{ left }] = await db().select({ left: count() }).from(pendingStatuses).where(eq(pendingStatuses.wamid, 'wamid.early-1'));
    expect(Number(left)).toBe(0);
  });

  it('flow from the sandbox after a real send: sent, delivered, read', async () => {
    const client = await kit.t.app.whatsappAccounts.clientFor(organizationId);
    const messageId = await insertOutboundMessage(db(), organizationId, '971552345678', 'Thank you for your order');
    kit.sandbox.inbound({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, from: '971552345678', type: 'text', text: 'hi' });
    await kit.sandbox.settle();
    const { wamid } = await client.sendText('+971552345678', 'Thank you for your order');
    await attachWamid(db(), organizationId, messageId, wamid);
    await kit.sandbox.settle();
    await kit.t.app.webhookInbox.drain();
    const row = await messageByWamid(wamid);
    expect(row.status).toBe('read');
    expect(row.readAt).not.toBeNull();
  });

  it("report Meta's reason when a free-form message misses the 24-hour window", async () => {
    const client = await kit.t.app.whatsappAccounts.clientFor(organizationId);
    const messageId = await insertOutboundMessage(db(), organizationId, '97455012345', 'Are you there?');
    const { wamid } = await client.sendText('+97455012345', 'Are you there?');
    await attachWamid(db(), organizationId, messageId, wamid);
    await kit.sandbox.settle();
    await kit.t.app.webhookInbox.drain();
    expect(await messageByWamid(wamid)).toMatchObject({ status: 'failed', errorCode: 131047, errorMessage: 'Re-engagement message' });
  });
});

describe('template review updates', () => {
  it("change the local template's status", async () => {
    expect((await admin.request({ method: 'POST', url: '/api/templates/sync' })).statusCode).toBe(200);
    const [before] = await db().select().from(messageTemplates).where(and(eq(messageTemplates.organizationId, organizationId), eq(messageTemplates.name, 'feedback_request')));
    expect(before.status).toBe('PENDING');
    await deliver(templateStatusPayload(WABA, { id: before.externalId, name: 'feedback_request', language: 'en', category: 'MARKETING' }, 'APPROVED'));
    const [after] = await db().select().from(messageTemplates).where(eq(messageTemplates.id, before.id));
    expect(after.status).toBe('APPROVED');
  });
});

describe('the inbox worker', () => {
  it('retries a failing event with backoff and dead-letters it, while other events keep flowing', async () => {
    const seen: string[] = [];
    const inbox = new WebhookInbox(db(), kit.t.app.log, {
      maxAttempts: 2,
      process: async (_db, payloads) => {
        const markers = payloads.map((payload) => (payload as { marker: string }).marker);
        if (markers.includes('poison')) throw new Error('cannot process this');
        seen.push(...markers);
        return { inbound: 0, media: 0, statuses: 0 };
      },
    });
    // The kit's own worker must not take these test events.
    await kit.t.app.webhookInbox.stop();
    await inbox.store({ marker: 'poison' });
    await inbox.store({ marker: 'fine' });
    await inbox.drain();
    expect(seen).toEqual(['fine']);

    const [failing] = await db().select().from(webhookEvents).where(eq(webhookEvents.lastError, 'cannot process this'));
    expect(failing).toMatchObject({ attempts: 1, processedAt: null, deadAt: null });
    expect(failing.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    await db().update(webhookEvents).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(webhookEvents.id, failing.id));
    await inbox.drain();
    const [dead] = await db().select().from(webhookEvents).where(eq(webhookEvents.id, failing.id));
    expect(dead.attempts).toBe(2);
    expect(dead.deadAt).not.toBeNull();
    const [fine] = await db().select().from(webhookEvents).where(eq(webhookEvents.payload, { marker: 'fine' }));
    expect(fine.processedAt).not.toBeNull();
  });
});

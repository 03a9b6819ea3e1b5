/** @jest-environment node */
import { and, eq, inArray } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload, statusPayload, type StatusEvent } from '@sandbox/payloads';
import { contacts, conversations, messages, webhookEvents } from '../../db/schema';
import { ensureContactsForCustomers } from '../contacts/contact-intake-service';
import { attachWamid } from '../conversations/message-delivery-service';
import { DELIVERED_RANK, finalStatus, seededRandom, shuffled, type DeliveredStatus } from '../../testing/delivery-order';
import { insertOutboundMessage, kitWithAdminForFile, sandboxNumber } from '../../testing/whatsapp-test-kit';
import { processWebhookEvents } from './event-processing-service';
import { WebhookInbox } from './webhook-inbox';

/**
 * Several inbox workers at once, as on PostgreSQL (on the embedded database the same workers take
 * turns on its one connection): events racing for the same new contact, the same conversation's
 * counters and the same message's status must end as if processed one by one, and no event may fail.
 */

const file = kitWithAdminForFile();
const WABA = DEMO_BUSINESS.businessAccountId;
const db = () => file.kit.t.database.db;

/** Batches that fail (a failed batch is retried event by event, which would hide a race). */
let failures: unknown[] = [];

beforeAll(async () => {
  // Only the workers under test take events.
  await file.kit.t.app.webhookInbox.stop();
});

beforeEach(() => {
  failures = [];
});

/** Stores the payloads, then processes them with `workers` workers claiming `batchSize` events each. */
async function processConcurrently(payloads: unknown[], options: { workers: number; batchSize: number }): Promise<void> {
  const inbox = new WebhookInbox(db(), file.kit.t.app.log, {
    ...options,
    process: async (database, batch, log) => {
      try {
        return await processWebhookEvents(database, batch, log);
      } catch (error) {
        failures.push(error);
        throw error;
      }
    },
  });
  await Promise.all(payloads.map((payload) => inbox.store(payload)));
  await inbox.drain();
}

const text = (wamid: string, body: string) => ({ id: wamid, type: 'text', text: { body } });

async function conversationOf(waId: string) {
  const [contact] = await db().select().from(contacts).where(and(eq(contacts.organizationId, file.organizationId), eq(contacts.phoneE164, `+${waId}`)));
  const [conversation] = await db().select().from(conversations).where(eq(conversations.contactId, contact.id));
  return conversation;
}

/** Events not processed, or processed only after a failed attempt. */
async function eventsNotDoneAtFirstAttempt(): Promise<number> {
  const rows = await db().select({ processedAt: webhookEvents.processedAt, attempts: webhookEvents.attempts }).from(webhookEvents);
  return rows.filter((row) => row.processedAt === null || row.attempts !== 1).length;
}

describe('inbox workers processing at the same time', () => {
  it('give two new customers writing many messages one contact and one gapless conversation each', async () => {
    const customers = [{ waId: '971509990001', name: 'Hessa' }, { waId: '971509990002', name: 'Omar' }];
    const now = Date.now();
    const payloads = Array.from({ length: 24 }, (_, i) => {
      const who = customers[i % 2];
      return inboundPayload(WABA, sandboxNumber(), who, text(`wamid.new-${i}`, `message ${i}`), now + i * 1000);
    });

    for (const options of [{ workers: 4, batchSize: 1 }, { workers: 4, batchSize: 3 }]) {
      await processConcurrently(payloads, options);
      expect(failures).toEqual([]);
    }

    expect(await eventsNotDoneAtFirstAttempt()).toBe(0);
    for (const who of customers) {
      const numbers = await db().select().from(contacts).where(eq(contacts.phoneE164, `+${who.waId}`));
      expect(numbers).toHaveLength(1);
      const conversation = await conversationOf(who.waId);
      const stored = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
      expect(stored.map((m) => m.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(conversation).toMatchObject({ lastSeq: 12, unreadCount: 12 });
      const latest = stored.reduce((a, b) => (a.sentAt > b.sentAt ? a : b));
      expect(conversation.lastMessageId).toBe(latest.id);
    }
  });

  it('fill nameless contacts with their profile names from batches racing over the same customers', async () => {
    const random = seededRandom(11);
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const customers = Array.from({ length: 150 }, (_, i) => ({ waId: `97150999${String(2000 + i)}`, name: `Customer ${letters[i % 26]}${letters[Math.floor(i / 26)]}` }));
    await ensureContactsForCustomers(db(), file.organizationId, customers.map((c) => ({ waId: c.waId, profileName: undefined })));
    // Every webhook carries a message from each customer, in its own order, with their profile names.
    const payloads = Array.from({ length: 12 }, (_, k) => {
      const order = shuffled(customers, random);
      const payload = inboundPayload(WABA, sandboxNumber(), order[0], text(`wamid.named-${k}-0`, 'hi'), Date.now());
      const value = (payload.entry as Array<{ changes: Array<{ value: Record<string, unknown> }> }>)[0].changes[0].value;
      value.contacts = order.map((c) => ({ profile: { name: c.name }, wa_id: c.waId }));
      value.messages = order.map((c, i) => ({ from: c.waId, id: `wamid.named-${k}-${i}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'hi' } }));
      return payload;
    });

    await processConcurrently(payloads, { workers: 4, batchSize: 2 });

    expect(failures).toEqual([]);
    expect(await eventsNotDoneAtFirstAttempt()).toBe(0);
    const stored = await db().select().from(contacts).where(inArray(contacts.phoneE164, customers.map((c) => `+${c.waId}`)));
    expect(stored.map((c) => c.name).sort()).toEqual(customers.map((c) => c.name).sort());
  });

  it('move every status forward only, whatever order and however many workers apply them', async () => {
    const random = seededRandom(7);
    const plans: Array<{ wamid: string; statuses: DeliveredStatus[] }> = [];
    const options: DeliveredStatus[][] = [['sent', 'delivered', 'read'], ['sent', 'failed'], ['failed', 'delivered'], ['read', 'sent']];
    for (let i = 0; i < 8; i += 1) {
      const wamid = `wamid.race-status-${i}`;
      await attachWamid(db(), file.organizationId, await insertOutboundMessage(db(), file.organizationId, `97150999${String(1000 + (i % 3))}`), wamid);
      plans.push({ wamid, statuses: options[i % options.length] });
    }
    const base = Math.floor(Date.now() / 1000) * 1000;
    const events: StatusEvent[] = plans.flatMap((plan) =>
      plan.statuses.map((status) => ({
        wamid: plan.wamid,
        status,
        recipient: '971509991000',
        at: base + DELIVERED_RANK[status] * 1000,
        ...(status === 'failed' ? { error: { code: 131049, title: 'Not delivered', details: 'limit' } } : {}),
      })),
    );
    // Each status alone in its own webhook, every one three times: the same message's statuses race.
    const payloads = shuffled([...events, ...events, ...events], random).map((event) => statusPayload(WABA, sandboxNumber(), [event]));

    await processConcurrently(payloads, { workers: 4, batchSize: 2 });

    expect(failures).toEqual([]);
    expect(await eventsNotDoneAtFirstAttempt()).toBe(0);
    const stored = await db().select().from(messages).where(inArray(messages.wamid, plans.map((plan) => plan.wamid)));
    for (const plan of plans) {
      const row = stored.find((message) => message.wamid === plan.wamid);
      expect({ wamid: plan.wamid, status: row?.status }).toEqual({ wamid: plan.wamid, status: finalStatus(plan.statuses) });
    }
    // Each conversation's change numbers stay unique: the poll cursor can miss none of these changes.
    const conversationIds = [...new Set(stored.map((message) => message.conversationId))];
    const all = await db().select().from(messages).where(inArray(messages.conversationId, conversationIds));
    for (const conversationId of conversationIds) {
      const changes = all.filter((message) => message.conversationId === conversationId).map((message) => message.changeSeq);
      expect(new Set(changes).size).toBe(changes.length);
    }
  });
});

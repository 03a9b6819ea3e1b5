/** @jest-environment node */
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload } from '@sandbox/payloads';
import type { MessagePage } from '@shared/api/conversations';
import { kitWithAdminForFile, insertOutboundMessage, postWebhook, sandboxNumber } from '../../testing/whatsapp-test-kit';
import { seededRandom, shuffled } from '../../testing/delivery-order';
import { customerNumber, customerWrites } from './inbox-test-fixtures';

const suite = kitWithAdminForFile();

const db = () => suite.kit.t.database.db;
const app = () => suite.kit.t.app;

const MINUTE = 60_000;

async function history(conversationId: string, query = ''): Promise<MessagePage> {
  const response = await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const contents = (page: MessagePage) => page.data.map((message) => message.content);

/** The customer's messages, each in its own webhook, delivered one after the other in the order given. */
async function deliver(customer: { waId: string; name: string }, sent: Array<{ text: string; at: number }>): Promise<string> {
  for (const { text, at } of sent) {
    const payload = inboundPayload(DEMO_BUSINESS.businessAccountId, sandboxNumber(), customer, { id: `wamid.order-${customer.waId}-${text}`, type: 'text', text: { body: text } }, at);
    expect((await postWebhook(app(), payload)).statusCode).toBe(200);
    // Stored before the next arrives: each webhook is its own arrival, as Meta's retries and parallel deliveries make them.
    await app().webhookInbox.drain();
  }
  const list = (await suite.admin.request({ method: 'GET', url: `/api/conversations?search=${customer.waId}` })).json();
  return list.data[0].id;
}

/** Every message of the conversation, oldest first, read page by page with the `before` cursor. */
async function readAllBefore(conversationId: string, limit: number): Promise<MessagePage['data']> {
  const pages: MessagePage['data'][] = [];
  let page = await history(conversationId, `?limit=${limit}`);
  pages.push(page.data);
  while (page.hasMore) {
    page = await history(conversationId, `?limit=${limit}&before=${page.data[page.data.length - 1].sortKey}`);
    pages.push(page.data);
  }
  return pages.flat().reverse();
}

describe("messages in the customer's order", () => {
  it('shows webhooks delivered out of order by the WhatsApp timestamp, in the history and in its pages', async () => {
    const customer = { waId: customerNumber(), name: 'Noor Saleh' };
    const start = Date.now() - 60 * MINUTE;
    const sent = Array.from({ length: 12 }, (_, i) => ({ text: `Message ${String(i).padStart(2, '0')}`, at: start + i * 7_000 }));
    const conversationId = await deliver(customer, shuffled(sent, seededRandom(22)));

    const inOrder = sent.map((message) => message.text);
    const newest = await history(conversationId);
    expect(contents(newest)).toEqual([...inOrder].reverse());
    // Arrival order is not the customer's: the seqs say when each reached Parley.
    expect(newest.data.map((message) => message.seq)).not.toEqual([...newest.data.map((message) => message.seq)].sort((a, b) => b - a));
    // Sort keys are fixed-width digits: a string comparison orders them as shown.
    expect(newest.data.map((message) => message.sortKey)).toEqual([...newest.data.map((message) => message.sortKey)].sort().reverse());

    expect((await readAllBefore(conversationId, 5)).map((message) => message.content)).toEqual(inOrder);
    const pages = await Promise.all([1, 2, 3].map((page) => history(conversationId, `?page=${page}&limit=5`)));
    expect(pages.flatMap(contents)).toEqual([...inOrder].reverse());
    expect(pages.map((page) => page.hasMore)).toEqual([true, true, false]);
  });

  it("places the team's messages by their creation among the customer's, and a late webhook in its place", async () => {
    const customer = { waId: customerNumber(), name: 'Omar Khalil' };
    const now = Date.now();
    const conversationId = await deliver(customer, [{ text: 'Where is my order?', at: now - 10 * MINUTE }]);
    await insertOutboundMessage(db(), suite.organizationId, customer.waId, 'Let me check');
    await insertOutboundMessage(db(), suite.organizationId, customer.waId, 'It ships today');
    // Written before the replies, delivered after them.
    await deliver(customer, [{ text: 'Order DR-1', at: now - 9 * MINUTE }]);

    expect(contents(await history(conversationId))).toEqual(['It ships today', 'Let me check', 'Order DR-1', 'Where is my order?']);
  });

  it('pages across messages of the same second without losing or repeating one (ties by arrival)', async () => {
    const customer = { waId: customerNumber(), name: 'Aisha Rahman' };
    const second = Math.floor((Date.now() - 30 * MINUTE) / 1000) * 1000;
    // Meta's timestamps are whole seconds: a burst shares one. Before and after it, a message each.
    const burst = Array.from({ length: 9 }, (_, i) => ({ text: `Burst ${i}`, at: second }));
    const arrivals = [{ text: 'After', at: second + 5_000 }, ...shuffled(burst, seededRandom(5)), { text: 'Before', at: second - 5_000 }];
    const conversationId = await deliver(customer, arrivals);
    const expected = ['Before', ...arrivals.slice(1, 10).map((message) => message.text), 'After'];

    for (const limit of [2, 3, 4]) {
      expect((await readAllBefore(conversationId, limit)).map((message) => message.content)).toEqual(expected);
      const pages = await Promise.all([1, 2, 3, 4, 5, 6].map((page) => history(conversationId, `?page=${page}&limit=${limit}`)));
      expect(pages.flatMap(contents).reverse()).toEqual(expected);
    }
  });

  it("still pages before a message's seq, the cursor clients sent before sort keys", async () => {
    const customer = { waId: customerNumber() };
    const now = Date.now();
    let conversationId = '';
    // Stored in the order 'Second', 'First', 'Third': the seq of 'Third' is 3, and two messages come before it.
    for (const [text, minutesAgo] of [['Second', 2], ['First', 3], ['Third', 1]] as const) {
      ({ conversationId } = await customerWrites(db(), suite.organizationId, customer, text, { at: new Date(now - minutesAgo * MINUTE) }));
    }
    const third = (await history(conversationId)).data[0];
    expect(third).toMatchObject({ content: 'Third', seq: 3 });
    expect(contents(await history(conversationId, `?before=${third.seq}`))).toEqual(['Second', 'First']);
    expect(contents(await history(conversationId, `?before=${third.sortKey}`))).toEqual(['Second', 'First']);
    // A seq no message has: nothing before it.
    expect(await history(conversationId, '?before=999')).toMatchObject({ data: [], hasMore: false });
  });

  it('refuses a cursor that is no sort key with a clear reason', async () => {
    const { conversationId } = await customerWrites(db(), suite.organizationId, { waId: customerNumber() }, 'Hello');
    for (const [before, error] of [['abc', "Before must be a message's sortKey"], ['-5', "Before must be a message's sortKey"], ['9223372036854775808', 'Before is too large']]) {
      const response = await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages?before=${before}` });
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { error } });
    }
  });
});

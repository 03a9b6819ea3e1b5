/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload, statusPayload, type StatusEvent } from '@sandbox/payloads';
import type { BroadcastAnalytics, Broadcast } from '@shared/api/broadcasts';
import type { Template } from '@shared/api/templates';
import { rowsOf } from '../../db/rows-of';
import { broadcastButtonCounts, broadcastSummaries, broadcastSummaryChanges, buttonClicks, messages } from '../../db/schema';
import { seededRandom, shuffled } from '../../testing/delivery-order';
import { kitWithAdminForFile, postWebhook, sandboxNumber } from '../../testing/whatsapp-test-kit';
import { clickSummary } from '../automation/button-clicks-repository';
import { foldSummaryChanges, reconcileSummaries } from '../broadcast-summary';
import { failureReasons, recipientFigures } from './broadcast-recount-fixtures';
import { makeContacts, recipientsOf, type TestContact } from './broadcast-test-fixtures';

/**
 * A broadcast's kept summary against a full recount over its recipients, after the dispatcher really
 * sent it to the sandbox and Meta's status callbacks, customers' replies, reactions and button presses
 * arrived in a random order, repeated, in random batches.
 */

// Folds happen only where a test calls them: it reads notes before they are folded, which a background
// fold (every second by default) would otherwise take away at a moment the test cannot choose.
const file = kitWithAdminForFile({ broadcastSummaryFoldMs: Number.POSITIVE_INFINITY });
const db = () => file.kit.t.database.db;
const WABA = DEMO_BUSINESS.businessAccountId;
const MINUTE = 60_000;

// Three rounds of webhooks through the real ingestion, on two shared cores.
jest.setTimeout(120_000);

async function createBroadcast(templateId: string, people: readonly TestContact[]): Promise<string> {
  const response = await file.admin.request({
    method: 'POST',
    url: '/api/broadcast',
    payload: { templateId, parameters: ['Layla', 'A-1001', 'Monday'], contactIds: people.map((c) => c.id) },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function sendEverything(): Promise<void> {
  const { kit } = file;
  await kit.t.app.broadcastDispatch.drain();
  await kit.sandbox.settle();
  await kit.t.app.webhookInbox.drain();
  await kit.t.app.broadcastDispatch.drain();
}

async function analytics(id: string): Promise<BroadcastAnalytics> {
  const response = await file.admin.request({ method: 'GET', url: `/api/broadcast/${id}/analytics` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function listed(id: string): Promise<Broadcast> {
  const response = await file.admin.request({ method: 'GET', url: `/api/broadcast/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Each button's presses and pressers, by text. */
function byText(buttons: ReadonlyArray<{ buttonText: string; clickCount: number; uniqueClicks: number }>) {
  return buttons.map(({ buttonText, clickCount, uniqueClicks }) => ({ buttonText, clickCount, uniqueClicks }))
    .sort((a, b) => a.buttonText.localeCompare(b.buttonText));
}

/** What the analytics screen shows, as the API answers it. */
async function shown(id: string) {
  const a = await analytics(id);
  const broadcast = await listed(id);
  return {
    total: a.totalCount, sent: a.totalMessagesSent, failed: a.messagesFailed, delivered: a.messagesDelivered, read: a.messagesRead,
    replied: a.replyCount, pending: a.pendingCount, unknown: a.unknownCount, clicks: a.totalButtonClicks, clicked: a.uniqueContactsClicked,
    clickThroughRate: a.clickThroughRate, engagementRate: a.engagementRate, avgResponseTimeMinutes: a.avgResponseTimeMinutes,
    attempted: a.funnel.find((stage) => stage.stage === 'attempted')?.count,
    failureReasons: a.failureReasons.map(({ errorCode, count: n }) => ({ errorCode, count: n })),
    buttons: byText(a.buttonPerformance ?? []),
    detail: {
      sent: broadcast.sentCount, failed: broadcast.failedCount, pending: broadcast.pendingCount, unknown: broadcast.unknownCount,
      delivered: broadcast.deliveredCount, read: broadcast.readCount,
    },
  };
}

/** The same figures counted from scratch over every recipient, message, reply and press. */
async function recounted(id: string) {
  const f = await recipientFigures(db(), file.organizationId, id);
  const [clicks] = await db()
    .select({ n: count(), contacts: countDistinct(buttonClicks.contactId) })
    .from(buttonClicks)
    .where(and(eq(buttonClicks.organizationId, file.organizationId), eq(buttonClicks.broadcastId, id)));
  const reasons = await failureReasons(db(), file.organizationId, id);
  const buttons = (await clickSummary(db(), file.organizationId, id)).buttonPerformance;
  return {
    total: f.total, sent: f.sent, failed: f.failed, delivered: f.delivered, read: f.read, replied: f.replied, pending: f.pending,
    unknown: f.unknown, clicks: Number(clicks.n), clicked: Number(clicks.contacts), clickThroughRate: f.clickThroughRate,
    engagementRate: f.engagementRate, avgResponseTimeMinutes: f.avgResponseTimeMinutes, attempted: f.attempted,
    failureReasons: reasons.map(({ errorCode, count: n }) => ({ errorCode, count: n })),
    buttons: byText(buttons),
    detail: { sent: f.sent, failed: f.failed, pending: f.pending, unknown: f.unknown, delivered: f.delivered, read: f.read },
  };
}

async function notedChanges(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(broadcastSummaryChanges);
  return Number(row.n);
}

interface Sent {
  broadcastId: string;
  recipientId: string;
  contact: TestContact;
  wamid: string;
}

async function sentMessages(broadcastId: string, people: readonly TestContact[]): Promise<Sent[]> {
  const rows = await recipientsOf(db(), broadcastId);
  const sent: Sent[] = [];
  for (const row of rows) {
    if (!row.messageId) continue;
    const [message] = await db().select({ wamid: messages.wamid }).from(messages).where(eq(messages.id, row.messageId));
    const contact = people.find((c) => c.id === row.contactId);
    if (message?.wamid && contact) sent.push({ broadcastId, recipientId: row.id, contact, wamid: message.wamid });
  }
  return sent;
}

const STATUSES: StatusEvent['status'][] = ['sent', 'delivered', 'read', 'failed'];
const FAILURES = [
  { code: 131026, title: 'Message undeliverable', details: 'The number cannot receive this message' },
  { code: 131049, title: 'Not delivered to maintain ecosystem engagement', details: 'limit' },
];

/** A random webhook: a status (sometimes naming its recipient), a reply, a reaction, or a button press (sometimes by someone else). */
function randomEvent(random: () => number, sent: readonly Sent[], people: readonly TestContact[], n: number, base: number): unknown {
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const target = pick(sent);
  const at = base + Math.floor(random() * 90) * MINUTE;
  const kind = random();
  if (kind < 0.45) {
    const status = pick(STATUSES);
    return statusPayload(WABA, sandboxNumber(), [{
      wamid: target.wamid, status, recipient: target.contact.waId, at,
      ...(random() < 0.5 ? { callbackData: target.recipientId } : {}),
      ...(status === 'failed' ? { error: pick(FAILURES) } : {}),
    }]);
  }
  const who = random() < 0.85 ? target.contact : pick(people);
  const customer = { waId: who.waId, name: 'Customer' };
  const id = `wamid.summary-${n}-${randomUUID()}`;
  if (kind < 0.7) return inboundPayload(WABA, sandboxNumber(), customer, { id, type: 'text', text: { body: `Reply ${n}` } }, at);
  if (kind < 0.8) return inboundPayload(WABA, sandboxNumber(), customer, { id, type: 'reaction', reaction: { message_id: target.wamid, emoji: '👍' } }, at);
  return inboundPayload(WABA, sandboxNumber(), customer, {
    id, type: 'button', button: { text: pick(['Track order', 'Talk to us']), payload: 'p' }, context: { from: DEMO_BUSINESS.phoneNumberId, id: target.wamid },
  }, at);
}

let template = '';
beforeAll(async () => {
  expect((await file.admin.request({ method: 'POST', url: '/api/templates/sync' })).statusCode).toBe(200);
  const templates: Template[] = (await file.admin.request({ method: 'GET', url: '/api/templates/local?status=APPROVED&limit=100' })).json().data;
  template = templates.find((t) => t.name === 'order_confirmation')!.id;
});

/** The change log's table on disk, in bytes: what a vacuum after the fold leaves of it. */
async function notedChangesBytes(): Promise<number> {
  const [row] = rowsOf<{ bytes: number | string }>(await db().execute(sql`select pg_relation_size('broadcast_summary_changes'::regclass) as bytes`));
  return Number(row?.bytes ?? 0);
}

describe('the broadcast summary', () => {
  it('equals a full recount after random status callbacks, replies, reactions and presses, before and after the fold', async () => {
    const people = await makeContacts(db(), file.organizationId, 14);
    const first = await createBroadcast(template, people);
    await sendEverything();
    // A second broadcast to some of them: a later reply answers it, not the first.
    const second = await createBroadcast(template, people.slice(0, 5));
    await sendEverything();
    const sent = [...await sentMessages(first, people), ...await sentMessages(second, people)];
    expect(sent.length).toBe(19);

    for (const seed of [7, 1234, 99]) {
      const random = seededRandom(seed);
      const base = Date.now() - 60 * MINUTE;
      const events = Array.from({ length: 60 }, (_, n) => randomEvent(random, sent, people, seed * 1000 + n, base));
      // Every event twice (Meta delivers at least once), shuffled, posted in random batches at once.
      const stream = shuffled([...events, ...events], random);
      const batches: unknown[][] = [];
      for (let i = 0; i < stream.length;) {
        const size = 1 + Math.floor(random() * 8);
        batches.push(stream.slice(i, i + size));
        i += size;
      }
      const answers = await Promise.all(batches.map((batch) => Promise.all(batch.map((payload) => postWebhook(file.kit.t.app, payload)))));
      expect(answers.flat().every((answer) => answer.statusCode === 200)).toBe(true);
      await file.kit.t.app.webhookInbox.drain();

      // Read while changes are noted and not folded: the readers add them.
      expect(await notedChanges()).toBeGreaterThan(0);
      for (const id of [first, second]) expect({ seed, id, figures: await shown(id) }).toEqual({ seed, id, figures: await recounted(id) });

      // Folded: the summary rows alone hold the figures.
      await foldSummaryChanges(db());
      expect(await notedChanges()).toBe(0);
      for (const id of [first, second]) expect({ seed, id, figures: await shown(id) }).toEqual({ seed, id, figures: await recounted(id) });
    }
    const figures = await shown(first);
    // The random events did reach every kind of figure.
    expect(figures.replied).toBeGreaterThan(0);
    expect(figures.clicks).toBeGreaterThan(figures.clicked);
    expect(figures.buttons.length).toBe(2);
    expect(figures.read).toBeGreaterThan(0);
  });

  it("clears the change log's deleted notes once a fold has taken enough of them, so reads stop stepping over them", async () => {
    const people = await makeContacts(db(), file.organizationId, 6);
    const id = await createBroadcast(template, people);
    await sendEverything();
    expect(await notedChanges()).toBeGreaterThan(0);
    // Below the threshold, the folded notes stay in the table as deleted rows (autovacuum's, later).
    await foldSummaryChanges(db(), 5_000, Number.MAX_SAFE_INTEGER);
    expect(await notedChanges()).toBe(0);
    expect(await notedChangesBytes()).toBeGreaterThan(0);
    // At the threshold, the fold vacuums: the emptied table is cut to nothing.
    await foldSummaryChanges(db(), 5_000, 1);
    expect(await notedChangesBytes()).toBe(0);
    expect(await shown(id)).toEqual(await recounted(id));
  });

  it('is corrected by the periodic reconcile when it drifted from its recipients', async () => {
    const people = await makeContacts(db(), file.organizationId, 4);
    const id = await createBroadcast(template, people);
    await sendEverything();
    await foldSummaryChanges(db());
    const truth = await recounted(id);
    expect(await shown(id)).toEqual(truth);

    // A summary knocked out of line (as a lost update or a hand edit would).
    await db().update(broadcastSummaries)
      .set({ sent: sql`${broadcastSummaries.sent} + 7`, delivered: 0, replied: 3, responseSeconds: 999 })
      .where(eq(broadcastSummaries.broadcastId, id));
    await db().insert(broadcastButtonCounts).values({ organizationId: file.organizationId, broadcastId: id, buttonText: 'Ghost', clicks: 4, clickers: 2 });
    expect((await shown(id)).sent).toBe(truth.sent + 7);

    const drifted = await reconcileSummaries(db(), { limit: 100, changedAfterSeconds: 0, recheckAfterSeconds: 0 });
    expect(drifted).toContain(id);
    expect(await shown(id)).toEqual(truth);
    // Recounted now and unchanged since: nothing is due, and a recount of a right summary reports nothing.
    expect(await reconcileSummaries(db(), { limit: 100 })).toEqual([]);
    expect(await reconcileSummaries(db(), { limit: 100, changedAfterSeconds: 0, recheckAfterSeconds: 0 })).toEqual([]);
  });
});

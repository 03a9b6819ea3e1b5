/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import type { MessagePage, MessagePollResponse } from '@shared/api/conversations';
import type { Database } from '../../db/database';
import { contacts, messages, sendBuckets } from '../../db/schema';
import { BroadcastDispatcher } from './dispatcher';
import { GraphError } from '../../whatsapp/graph-error';
import { saveConfig, storeUnconfirmedConfig } from '../../testing/whatsapp-test-kit';
import { reopenBroadcast } from './broadcasts-repository';
import { DEFAULT_RETRY_POLICY, judgeSend, type SendResult } from './dispatch-outcomes';
import { completeIdleBroadcasts, settleBatch } from './dispatch-service';
import {
  broadcastCustomer, broadcastRow, dispatchSuite, findBucket, interruptedSends, makeRetriesDue, queueBroadcast, recipientRows,
  setBroadcastStatus,
} from './dispatch-test-fixtures';
import { reserveSlots, slowDown } from './send-buckets-repository';

const { suite, db, app, sandbox, settle, dispatch, sendsTo, customers } = dispatchSuite();
const PHONE = DEMO_BUSINESS.phoneNumberId;
/** Due times come from the database's clock and are compared with the test's: the same clock, rounded differently. */
const CLOCK_SLACK_MS = 50;
const pace = (messagesPerSecond: number) => saveConfig(suite.admin, { messagesPerSecond });
const statesOf = async (broadcastId: string) => (await recipientRows(db(), suite.organizationId, broadcastId)).map((row) => row.state).sort();

beforeAll(async () => {
  await pace(1000);
});

afterEach(async () => {
  sandbox().clearFaults();
  // Each test starts with the number at its configured pace (a 130429 slowdown lasts 30 s).
  await db().delete(sendBuckets);
});

describe('sending a broadcast', () => {
  it('sends each recipient once, with its id as callback data and quick-reply payloads, and completes the broadcast', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(3) });
    app().broadcastDispatch.kick();
    await dispatch();

    const rows = await recipientRows(db(), suite.organizationId, queued.broadcastId);
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'sent', attempts: 1, errorCode: null, errorMessage: null, lockedUntil: null });
      expect(row.wamid).toMatch(/^wamid\./);
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    for (const recipient of queued.recipients) expect(sendsTo(recipient.waId)).toBe(1);
    const [first] = queued.recipients;
    const sent = [...sandbox().world.sent.values()].find((message) => message.to === first.waId);
    expect(sent).toMatchObject({
      type: 'template',
      callbackData: first.id,
      quickReplies: [
        { text: 'Track my order', payload: `${queued.broadcastId}:0` },
        { text: 'Talk to an agent', payload: `${queued.broadcastId}:1` },
      ],
    });
    expect(await broadcastRow(db(), queued.broadcastId)).toMatchObject({ status: 'completed', completedAt: expect.any(Date), statusReason: null });
  });

  it('stores the template message in the contact’s conversation, where the inbox and its poll show it', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(1), parameters: ['Omar', 'DR-777', '3 March'] });
    await dispatch();
    const [recipient] = await recipientRows(db(), suite.organizationId, queued.broadcastId);
    const [stored] = await db().select().from(messages).where(eq(messages.id, recipient.messageId ?? ''));
    expect(stored).toMatchObject({ broadcastId: queued.broadcastId, direction: 'outbound', messageType: 'template', wamid: recipient.wamid, contactId: recipient.contactId });

    const list = (await suite.admin.request({ method: 'GET', url: `/api/conversations?search=${queued.recipients[0].waId}` })).json();
    expect(list.data).toHaveLength(1);
    const conversationId: string = list.data[0].id;
    expect(conversationId).toBe(stored.conversationId);
    const history: MessagePage = (await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages` })).json();
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ id: stored.id, direction: 'outbound', messageType: 'template', status: 'read' });
    expect(JSON.parse(history.data[0].content)).toEqual({
      templateName: 'order_confirmation',
      language: 'en_US',
      text: 'Hi {{1}}, thank you for shopping with Desert Rose Trading. Your order {{2}} will arrive on {{3}}.',
      parameters: ['Omar', 'DR-777', '3 March'],
      header: 'Your order is confirmed',
      footer: 'Desert Rose Trading, Dubai',
      buttons: ['Track my order', 'Talk to an agent'],
    });
    const poll: MessagePollResponse = (await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages/poll?cursor=0` })).json();
    expect(poll.messages.map((m) => [m.id, m.status])).toEqual([[stored.id, 'read']]);
  });

  it('fails a recipient whose contact was deleted after the broadcast was created, without sending it', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(2), status: 'paused' });
    const [gone, kept] = queued.recipients;
    await db().update(contacts).set({ deletedAt: new Date() }).where(eq(contacts.id, gone.contactId));
    await reopenBroadcast(db(), suite.organizationId, queued.broadcastId, ['paused']);
    await dispatch();

    const rows = await recipientRows(db(), suite.organizationId, queued.broadcastId);
    expect(rows.find((row) => row.id === gone.id)).toMatchObject({ state: 'failed', errorMessage: 'Contact was deleted', errorCode: null, messageId: null });
    expect(rows.find((row) => row.id === kept.id)).toMatchObject({ state: 'sent' });
    expect(sendsTo(gone.waId)).toBe(0);
    expect((await broadcastRow(db(), queued.broadcastId)).status).toBe('completed');
  });
});

describe('pace', () => {
  it('reserves a number’s slots at its rate in one atomic step; the next reservation starts where the last one ended', async () => {
    const phone = 'pace-test-number';
    const policy = { factor: 2, maxSlowdown: 64, holdSeconds: 30, pauseMs: 0 };
    const first = await reserveSlots(db(), phone, { n: 800, rate: 80, leadMs: 0 }, policy);
    expect(first).toEqual({ startInMs: 0, spacingMs: 12.5, slowdown: 1 });
    const afterFirst = (await findBucket(db(), phone))?.nextSlotAt.getTime() ?? 0;

    const second = await reserveSlots(db(), phone, { n: 80, rate: 80, leadMs: 0 }, policy);
    const afterSecond = (await findBucket(db(), phone))?.nextSlotAt.getTime() ?? 0;
    expect(afterSecond - afterFirst).toBe(1_000);
    expect(second.startInMs).toBeGreaterThan(5_000);

    // Meta's 130429: slots stretch (by the policy's factor), and not again within the same second.
    await slowDown(db(), phone, policy);
    await slowDown(db(), phone, policy);
    const third = await reserveSlots(db(), phone, { n: 80, rate: 80, leadMs: 0 }, policy);
    expect(third).toMatchObject({ spacingMs: 25, slowdown: 2 });
    expect(((await findBucket(db(), phone))?.nextSlotAt.getTime() ?? 0) - afterSecond).toBe(2_000);
  });

  it('two dispatchers on one database share the queue and the pace: every recipient is sent exactly once', async () => {
    await pace(40);
    try {
      const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(30) });
      const others = [0, 1].map(() => new BroadcastDispatcher(db(), app().whatsappAccounts, app().log));
      const startedAt = Date.now();
      await Promise.all([...others.map((dispatcher) => dispatcher.drain()), app().broadcastDispatch.drain()]);
      await Promise.all(others.map((dispatcher) => dispatcher.stop()));
      await settle();

      expect(await statesOf(queued.broadcastId)).toEqual(Array(30).fill('sent'));
      for (const recipient of queued.recipients) expect(sendsTo(recipient.waId)).toBe(1);
      const rows = await recipientRows(db(), suite.organizationId, queued.broadcastId);
      // Batches of 10 at 40 messages per second: several claims, whichever dispatcher made them.
      expect(new Set(rows.map((row) => row.attemptId)).size).toBeGreaterThanOrEqual(3);
      // 30 slots of 25 ms were reserved on the number's one bucket, whoever reserved them.
      const bucket = await findBucket(db(), PHONE);
      expect((bucket?.nextSlotAt.getTime() ?? 0) - startedAt).toBeGreaterThanOrEqual(30 * 25);
    } finally {
      await pace(1000);
    }
  });
});

describe('Meta refusing sends', () => {
  it('130429 puts the refused recipients back in the queue unsent and slows the number down; nothing is lost', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(6) });
    sandbox().injectFault(PHONE, 'throughput', 2);
    await dispatch();
    // Once per refusal a second or more after the previous one: the second refused send may only go out
    // after the number's one-second pause, its batch having been released when the first was refused.
    expect([1.25, 1.25 * 1.25]).toContain((await findBucket(db(), PHONE))?.slowdown);
    // The refused ones wait a second (or were sent already, if that second passed during the drain).
    await makeRetriesDue(db(), queued.broadcastId);
    await dispatch();

    const rows = await recipientRows(db(), suite.organizationId, queued.broadcastId);
    expect(rows.map((row) => row.state)).toEqual(Array(6).fill('sent'));
    // A refused attempt does not count: every recipient was attempted once.
    expect(rows.map((row) => row.attempts)).toEqual(Array(6).fill(1));
    for (const recipient of queued.recipients) expect(sendsTo(recipient.waId)).toBe(1);
    // The retried recipients kept their one message (no second bubble in the chat).
    const stored = await db().select().from(messages).where(eq(messages.broadcastId, queued.broadcastId));
    expect(stored).toHaveLength(6);
    expect((await broadcastRow(db(), queued.broadcastId)).status).toBe('completed');
  });

  it('settling a throughput refusal queues the recipient again shortly, unsent and with its message kept', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(1), status: 'paused' });
    const batch = await interruptedSends(db(), suite.organizationId, queued, 60);
    const refusal = GraphError.fromResponse(400, { error: { code: 130429, message: '(#130429) Rate limit hit' } });
    const before = Date.now();
    const settled = await settleBatch(db(), batch, [{ kind: 'error', error: refusal }], DEFAULT_RETRY_POLICY);
    const after = Date.now();
    expect(settled).toMatchObject({ throttled: true, paused: [] });
    const [row] = await recipientRows(db(), suite.organizationId, queued.broadcastId);
    expect(row).toMatchObject({ state: 'pending', attempts: 0, errorCode: 130429, lockedUntil: null, messageId: batch.items[0].messageId });
    // Due again the throttle's wait after the refusal was settled (the database's clock, in the settle).
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + DEFAULT_RETRY_POLICY.throttledMs - CLOCK_SLACK_MS);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + DEFAULT_RETRY_POLICY.throttledMs + CLOCK_SLACK_MS);
    const [message] = await db().select().from(messages).where(eq(messages.id, batch.items[0].messageId));
    expect(message.status).toBe('sending');
    expect(sendsTo(queued.recipients[0].waId)).toBe(0);
  });

  it('deleting a broadcast whose recipient waits for a retry fails its waiting message instead of leaving it sending', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(1), status: 'paused' });
    const batch = await interruptedSends(db(), suite.organizationId, queued, 60);
    const refusal = GraphError.fromResponse(400, { error: { code: 130429, message: '(#130429) Rate limit hit' } });
    await settleBatch(db(), batch, [{ kind: 'error', error: refusal }], DEFAULT_RETRY_POLICY);

    expect((await suite.admin.request({ method: 'DELETE', url: `/api/broadcast/${queued.broadcastId}` })).statusCode).toBe(200);
    const [message] = await db().select().from(messages).where(eq(messages.id, batch.items[0].messageId));
    expect(message).toMatchObject({ status: 'failed', errorMessage: 'The broadcast was deleted before this message was sent' });
    await dispatch();
    expect(sendsTo(queued.recipients[0].waId)).toBe(0);
  });

  it('a transient failure (503) retries with backoff and then sends; after five answered failures the recipient fails with the last reason', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(1) });
    const [recipient] = queued.recipients;
    sandbox().injectFault(PHONE, 'server_error', 1);
    const before = Date.now();
    await dispatch();
    let [row] = await recipientRows(db(), suite.organizationId, queued.broadcastId);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, errorCode: 2, errorMessage: 'Service temporarily unavailable' });
    // Backed off: not due before the first transient wait has passed since the send.
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + DEFAULT_RETRY_POLICY.transientBaseMs - CLOCK_SLACK_MS);
    await makeRetriesDue(db(), queued.broadcastId);
    await dispatch();
    [row] = await recipientRows(db(), suite.organizationId, queued.broadcastId);
    expect(row).toMatchObject({ state: 'sent', attempts: 2, errorCode: null });
    expect(sendsTo(recipient.waId)).toBe(1);

    const failing = await queueBroadcast(db(), suite.organizationId, { waIds: customers(1) });
    sandbox().injectFault(PHONE, 'server_error');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await makeRetriesDue(db(), failing.broadcastId);
      await dispatch();
    }
    [row] = await recipientRows(db(), suite.organizationId, failing.broadcastId);
    expect(row).toMatchObject({ state: 'failed', attempts: 5, errorCode: 2, errorMessage: 'Service temporarily unavailable' });
    const [message] = await db().select().from(messages).where(eq(messages.id, row.messageId ?? ''));
    expect(message).toMatchObject({ status: 'failed', errorCode: 2, errorMessage: 'Service temporarily unavailable' });
    expect(await broadcastRow(db(), failing.broadcastId)).toMatchObject({ status: 'failed', completedAt: expect.any(Date) });
  });

  it('a permanent refusal fails the recipient and its message with Meta’s code and reason, once', async () => {
    // The snapshot names one body variable; the template Meta has takes three: 132000.
    const queued = await queueBroadcast(db(), suite.organizationId, {
      waIds: customers(2),
      components: [{ type: 'BODY', text: 'Hi {{1}}' }],
      parameters: ['Layla'],
    });
    await dispatch();
    const rows = await recipientRows(db(), suite.organizationId, queued.broadcastId);
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'failed', attempts: 1, errorCode: 132000 });
      expect(row.errorMessage).toContain('Number of parameters does not match the expected number of params');
      const [message] = await db().select().from(messages).where(eq(messages.id, row.messageId ?? ''));
      expect(message).toMatchObject({ status: 'failed', errorCode: 132000, errorMessage: row.errorMessage });
    }
    expect(await broadcastRow(db(), queued.broadcastId)).toMatchObject({ status: 'failed', statusReason: null });

    await makeRetriesDue(db(), queued.broadcastId);
    await dispatch();
    expect((await recipientRows(db(), suite.organizationId, queued.broadcastId)).map((row) => row.attempts)).toEqual([1, 1]);
  });

  it('a number Meta cannot deliver to is accepted, then failed by its status webhook (131026)', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: [broadcastCustomer('0000'), broadcastCustomer()] });
    await dispatch();
    const rows = await recipientRows(db(), suite.organizationId, queued.broadcastId);
    const undeliverable = rows.find((row) => row.id === queued.recipients[0].id);
    expect(undeliverable).toMatchObject({ state: 'failed', errorCode: 131026, errorMessage: 'Message undeliverable' });
    expect(undeliverable?.wamid).toMatch(/^wamid\./);
    expect(rows.find((row) => row.id === queued.recipients[1].id)?.state).toBe('sent');
    expect((await broadcastRow(db(), queued.broadcastId)).status).toBe('completed');
  });

  it('a paused template pauses the broadcast with the reason; the queued recipients wait for Resume and are then sent', async () => {
    await pace(10);
    const business = sandbox().world.wabaOwner(DEMO_BUSINESS.businessAccountId);
    if (!business) throw new Error('no demo business in the sandbox');
    try {
      sandbox().setTemplateStatus(business, 'order_confirmation', 'en_US', 'PAUSED');
      const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(4) });
      await dispatch();

      expect(await broadcastRow(db(), queued.broadcastId)).toMatchObject({
        status: 'paused', statusReason: 'WhatsApp paused the template order_confirmation', completedAt: null,
      });
      const rows = await recipientRows(db(), suite.organizationId, queued.broadcastId);
      const failed = rows.filter((row) => row.state === 'failed');
      expect(failed.length).toBeGreaterThanOrEqual(1);
      for (const row of failed) expect(row.errorCode).toBe(132015);
      expect(rows.filter((row) => row.state === 'pending')).toHaveLength(4 - failed.length);
      for (const recipient of queued.recipients) expect(sendsTo(recipient.waId)).toBe(0);

      // Paused: nothing more is claimed.
      await makeRetriesDue(db(), queued.broadcastId);
      await dispatch();
      expect((await recipientRows(db(), suite.organizationId, queued.broadcastId)).filter((row) => row.state === 'pending')).toHaveLength(4 - failed.length);

      sandbox().setTemplateStatus(business, 'order_confirmation', 'en_US', 'APPROVED');
      await reopenBroadcast(db(), suite.organizationId, queued.broadcastId, ['paused']);
      await dispatch();
      expect(await statesOf(queued.broadcastId)).toEqual([...Array(failed.length).fill('failed'), ...Array(4 - failed.length).fill('sent')].sort());
      expect((await broadcastRow(db(), queued.broadcastId)).status).toBe('completed');
    } finally {
      sandbox().setTemplateStatus(business, 'order_confirmation', 'en_US', 'APPROVED');
      await pace(1000);
    }
  });

  it('a refused token pauses the broadcast with the configuration error', async () => {
    await storeUnconfirmedConfig(app(), suite.admin, { accessToken: 'EAAG_EXPIRED_sandbox_token_2026', messagesPerSecond: 10 });
    try {
      const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(3) });
      await dispatch();
      const broadcast = await broadcastRow(db(), queued.broadcastId);
      expect(broadcast.status).toBe('paused');
      expect(broadcast.statusReason).toMatch(/^WhatsApp rejected the access token as invalid or expired: Error validating access token/);
      const rows = await recipientRows(db(), suite.organizationId, queued.broadcastId);
      expect(rows.filter((row) => row.state === 'failed').every((row) => row.errorCode === 190)).toBe(true);
      expect(rows.filter((row) => row.state === 'sent')).toHaveLength(0);
    } finally {
      await saveConfig(suite.admin, { messagesPerSecond: 1000 });
    }
  });
});

describe('a refused token and a concurrent completion', () => {
  /** `db`, except that every transaction it runs is followed, before the caller goes on, by another worker's completion check. */
  const completingAfterEachTransaction = (database: Database): Database => new Proxy(database, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
      const transaction: Database['transaction'] = async (run, config) => {
        const result = await target.transaction(run, config);
        await completeIdleBroadcasts(target);
        return result;
      };
      return transaction;
    },
  });

  it('the broadcast is paused in the transaction that fails its recipients: a completion check right after it cannot fail it', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(3), status: 'paused' });
    const batch = await interruptedSends(db(), suite.organizationId, queued, 60);
    await setBroadcastStatus(db(), queued.broadcastId, 'processing');
    const refusal = GraphError.fromResponse(401, { error: { code: 190, message: 'Error validating access token: Session has expired' } });
    const settled = await settleBatch(
      completingAfterEachTransaction(db()), batch, batch.items.map(() => ({ kind: 'error', error: refusal })), DEFAULT_RETRY_POLICY,
    );

    expect(settled.paused.map((p) => p.broadcastId)).toEqual([queued.broadcastId]);
    expect(await broadcastRow(db(), queued.broadcastId)).toMatchObject({ status: 'paused', completedAt: null });
    expect((await broadcastRow(db(), queued.broadcastId)).statusReason).toMatch(/^WhatsApp rejected the access token as invalid or expired/);
    expect(await statesOf(queued.broadcastId)).toEqual(['failed', 'failed', 'failed']);
  });
});

describe('judging a send', () => {
  const judge = (result: SendResult, attempts = 1) => judgeSend({ id: 'r1', attempts }, 'order_update', result, DEFAULT_RETRY_POLICY);
  const metaError = (code: number, httpStatus = 400) =>
    GraphError.fromResponse(httpStatus, { error: { code, message: `(#${code}) refused` } });

  it.each<[string, SendResult, object]>([
    ['accepted', { kind: 'accepted', wamid: 'wamid.1' }, { settlement: { id: 'r1', state: 'sent', wamid: 'wamid.1' } }],
    ['throughput (130429): back in the queue, attempt refunded, pace slowed', { kind: 'error', error: metaError(130429) },
      { settlement: { id: 'r1', state: 'pending', refund: true, retryInMs: 1_000 }, throttled: true }],
    ['pair rate (131056): this recipient later', { kind: 'error', error: metaError(131056) },
      { settlement: { id: 'r1', state: 'pending', refund: false, retryInMs: 4_000 }, throttled: false }],
    ['a 5xx answer: retried with backoff', { kind: 'error', error: metaError(131000, 500) },
      { settlement: { id: 'r1', state: 'pending', refund: false, retryInMs: 5_000 } }],
    ['invalid parameter (100): failed', { kind: 'error', error: metaError(100) },
      { settlement: { id: 'r1', state: 'failed', code: 100, message: '(#100) refused' }, pauseReason: null }],
    ['template paused (132015): failed, broadcast paused', { kind: 'error', error: metaError(132015) },
      { settlement: { state: 'failed', code: 132015 }, pauseReason: 'WhatsApp paused the template order_update' }],
    ['template disabled (132016): failed, broadcast paused', { kind: 'error', error: metaError(132016) },
      { settlement: { state: 'failed', code: 132016 }, pauseReason: 'WhatsApp disabled the template order_update' }],
    ['no answer (timeout): unknown, left as it is', { kind: 'error', error: new GraphError('transient', 'WhatsApp API did not respond in time') },
      { settlement: null, throttled: false, pauseReason: null }],
    ['not a Graph answer at all: unknown', { kind: 'error', error: new Error('socket hang up') }, { settlement: null }],
    ['released before its slot: back in the queue at once', { kind: 'released' },
      { settlement: { state: 'pending', retryInMs: 0, refund: true } }],
  ])('%s', (_case, result, expected) => {
    expect(judge(result)).toMatchObject(expected);
  });

  it('backs off 5 s × 3^n on transient failures and fails at the fifth; pair-rate waits grow 4^n', () => {
    expect(judge({ kind: 'error', error: metaError(2, 503) }, 3).settlement).toMatchObject({ state: 'pending', retryInMs: 45_000 });
    expect(judge({ kind: 'error', error: metaError(2, 503) }, 5).settlement).toMatchObject({ state: 'failed', code: 2 });
    expect(judge({ kind: 'error', error: metaError(131056) }, 3).settlement).toMatchObject({ state: 'pending', retryInMs: 64_000 });
  });
});


/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { statusPayload, type StatusEvent } from '@sandbox/payloads';
import { rowsOf } from '../../db/rows-of';
import { broadcastRecipients, broadcasts, dispatchAttempts, messages } from '../../db/schema';
import { signUpAdmin } from '../../testing/test-app';
import { GraphClient } from '../../whatsapp/graph-client';
import { GraphError } from '../../whatsapp/graph-error';
import { postWebhook, sandboxNumber, saveConfig } from '../../testing/whatsapp-test-kit';
import { attachWamid } from '../conversations/message-delivery-service';
import { DEFAULT_RETRY_POLICY } from './dispatch-outcomes';
import { settleBatch, sweepStaleAttempts } from './dispatch-service';
import { BroadcastDispatcher } from './dispatcher';
import {
  broadcastRow, dispatchSuite, interruptedSends, queueBroadcast, recipientRows, setBroadcastStatus,
} from './dispatch-test-fixtures';

const { suite, db, app, settle, dispatch, sendsTo, customers } = dispatchSuite();

/** Meta reports a status for a send that carried `callbackData`. */
async function report(event: Omit<StatusEvent, 'at'> & { at?: number }): Promise<void> {
  const response = await postWebhook(app(), statusPayload(DEMO_BUSINESS.businessAccountId, sandboxNumber(), [{ at: Date.now(), ...event }]));
  expect(response.statusCode).toBe(200);
  await settle();
}

async function recipient(id: string) {
  const [row] = await db().select().from(broadcastRecipients).where(eq(broadcastRecipients.id, id));
  return row;
}

async function messageOf(recipientId: string) {
  const row = await recipient(recipientId);
  const [message] = await db().select().from(messages).where(eq(messages.id, row.messageId ?? ''));
  return message;
}

const UNDELIVERABLE = { code: 131026, title: 'Message undeliverable', details: 'The recipient phone number is not a WhatsApp phone number.' };

beforeAll(async () => {
  await saveConfig(suite.admin, { messagesPerSecond: 1000 });
});

describe('after a crash mid-send', () => {
  it('a row left sending past its lease is never sent again: unknown, or sent when its message got a wamid', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(3), status: 'paused' });
    const batch = await interruptedSends(db(), suite.organizationId, queued);
    const [lost, reported, answered] = queued.recipients;
    // The third send's answer was stored on its message just before the process died.
    await attachWamid(db(), suite.organizationId, batch.items[2].messageId, 'wamid.answered-before-crash');
    await setBroadcastStatus(db(), queued.broadcastId, 'processing');

    await dispatch();
    expect(await recipient(lost.id)).toMatchObject({ state: 'ambiguous', wamid: null, lockedUntil: null });
    expect(await recipient(reported.id)).toMatchObject({ state: 'ambiguous' });
    expect(await recipient(answered.id)).toMatchObject({ state: 'sent', wamid: 'wamid.answered-before-crash', sentAt: expect.any(Date) });
    for (const r of queued.recipients) expect(sendsTo(r.waId)).toBe(0);
    // Every recipient is settled (unknown counts as settled): the broadcast completes.
    expect((await broadcastRow(db(), queued.broadcastId)).status).toBe('completed');

    // A status webhook naming the recipient in its callback data settles it and gives its message the wamid.
    await report({ wamid: 'wamid.reported-later', recipient: reported.waId, status: 'delivered', callbackData: reported.id });
    expect(await recipient(reported.id)).toMatchObject({ state: 'sent', wamid: 'wamid.reported-later', sentAt: expect.any(Date) });
    expect(await messageOf(reported.id)).toMatchObject({ wamid: 'wamid.reported-later', status: 'delivered' });

    // Draining again never re-sends the unknown one.
    await dispatch();
    expect(await recipient(lost.id)).toMatchObject({ state: 'ambiguous' });
    for (const r of queued.recipients) expect(sendsTo(r.waId)).toBe(0);
  });

  it('a send with no answer (the connection dropped) is not retried: it stays sending, then unknown, unless Meta reports it', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(2) });
    // The connection drops with the request sent: no answer from Meta at all.
    const spy = jest.spyOn(GraphClient.prototype, 'sendTemplate').mockRejectedValue(new GraphError('transient', 'WhatsApp API could not be reached'));
    try {
      await dispatch();
    } finally {
      spy.mockRestore();
    }
    const [silent, reported] = queued.recipients;
    expect(await recipient(silent.id)).toMatchObject({ state: 'sending', attempts: 1 });
    expect((await messageOf(silent.id)).status).toBe('sending');

    await report({ wamid: 'wamid.arrived-after-all', recipient: reported.waId, status: 'sent', callbackData: reported.id });
    expect(await recipient(reported.id)).toMatchObject({ state: 'sent', wamid: 'wamid.arrived-after-all' });
    expect(await messageOf(reported.id)).toMatchObject({ wamid: 'wamid.arrived-after-all', status: 'sent' });

    // The lease runs out: the silent one becomes unknown, never sent again.
    await db().update(broadcastRecipients).set({ lockedUntil: new Date(Date.now() - 1_000) }).where(eq(broadcastRecipients.id, silent.id));
    await dispatch();
    expect(await recipient(silent.id)).toMatchObject({ state: 'ambiguous' });
    expect(sendsTo(silent.waId)).toBe(0);
    expect((await broadcastRow(db(), queued.broadcastId)).status).toBe('completed');
  });

  it('a batch whose broadcast was deleted mid-flight settles without error; its messages keep their wamids', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(2), status: 'paused' });
    const batch = await interruptedSends(db(), suite.organizationId, queued, 60);
    await db().delete(broadcasts).where(eq(broadcasts.id, queued.broadcastId));
    const settled = await settleBatch(db(), batch, batch.items.map((_, i) => ({ kind: 'accepted', wamid: `wamid.deleted-${i}` })), DEFAULT_RETRY_POLICY);
    expect(settled).toEqual({ throttled: false, dueAgain: false, paused: [] });
    const stored = await db().select().from(messages).where(eq(messages.broadcastId, queued.broadcastId));
    expect(stored.map((m) => [m.wamid, m.status]).sort()).toEqual([['wamid.deleted-0', 'sent'], ['wamid.deleted-1', 'sent']]);
    expect(await recipientRows(db(), suite.organizationId, queued.broadcastId)).toEqual([]);
  });
});

/**
 * Drains `dispatcher` with `onCall` run as each call to Meta starts (before the call goes out, with the
 * recipient's id), then restores every spy, stops the dispatcher and lets the status callbacks arrive.
 */
async function drainWatchingCalls(dispatcher: BroadcastDispatcher, onCall: (recipientId: string) => Promise<void>): Promise<void> {
  const send = GraphClient.prototype.sendTemplate;
  jest.spyOn(GraphClient.prototype, 'sendTemplate').mockImplementation(async function (this: GraphClient, ...args) {
    await onCall(args[2]?.callbackData ?? '');
    return send.apply(this, args);
  });
  try {
    await dispatcher.drain();
  } finally {
    jest.restoreAllMocks();
    await dispatcher.stop();
  }
  await settle();
}

describe("after a crash, each attempt's send_through and each row's slot tell rows never handed to Meta from rows that may have been", () => {
  const attemptOf = async (attemptId: string) => db().select().from(dispatchAttempts).where(eq(dispatchAttempts.attemptId, attemptId));

  it('rows whose slot lay beyond send_through go back to the queue and are sent once; rows within it are unknown', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(3), status: 'paused' });
    const batch = await interruptedSends(db(), suite.organizationId, queued, -1, 'before-slot');
    const [inCall, ...notYet] = queued.recipients;
    // The first row's slot had come within send_through: its call may have started.
    const [attempt] = await attemptOf(batch.attemptId);
    await db().update(broadcastRecipients).set({ slotAt: attempt.sendThrough }).where(eq(broadcastRecipients.id, inCall.id));
    await setBroadcastStatus(db(), queued.broadcastId, 'processing');

    await dispatch();
    expect(await recipient(inCall.id)).toMatchObject({ state: 'ambiguous', attempts: 1, wamid: null });
    expect(sendsTo(inCall.waId)).toBe(0);
    for (const [index, r] of notYet.entries()) {
      // Queued again with the attempt refunded, then claimed and sent once, under the message stored the first time.
      expect(await recipient(r.id)).toMatchObject({ state: 'sent', attempts: 1, messageId: batch.items[index + 1].messageId });
      expect(sendsTo(r.waId)).toBe(1);
      expect((await messageOf(r.id)).wamid).toMatch(/^wamid\./);
    }
    expect((await broadcastRow(db(), queued.broadcastId)).status).toBe('completed');

    await dispatch();
    expect(await recipient(inCall.id)).toMatchObject({ state: 'ambiguous' });
    for (const r of queued.recipients) expect(sendsTo(r.waId)).toBe(r === inCall ? 0 : 1);
  });

  it('a batch claimed by a process that died before writing its attempt row is queued again and sent once', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(2), status: 'paused' });
    const batch = await interruptedSends(db(), suite.organizationId, queued, -1, 'before-attempt');
    expect(await attemptOf(batch.attemptId)).toEqual([]);
    await setBroadcastStatus(db(), queued.broadcastId, 'processing');

    await dispatch();
    for (const r of queued.recipients) {
      expect(await recipient(r.id)).toMatchObject({ state: 'sent', attempts: 1 });
      expect(sendsTo(r.waId)).toBe(1);
    }
    expect((await broadcastRow(db(), queued.broadcastId)).status).toBe('completed');
  });

  it('every send commits its slot before its call and is sent once', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(6) });
    const slotsAtCall: Array<Date | null> = [];
    await drainWatchingCalls(new BroadcastDispatcher(db(), app().whatsappAccounts, app().log), async (recipientId) => {
      const [row] = await db().select().from(broadcastRecipients).where(eq(broadcastRecipients.id, recipientId));
      slotsAtCall.push(row.slotAt);
    });
    // Each row's slot was committed when its call started.
    expect(slotsAtCall).toHaveLength(6);
    expect(slotsAtCall.every((at) => at instanceof Date)).toBe(true);
    for (const r of queued.recipients) {
      expect(await recipient(r.id)).toMatchObject({ state: 'sent', slotAt: expect.any(Date) });
      expect(sendsTo(r.waId)).toBe(1);
    }
  });

  it("no call starts after its batch's send_through, even when its fence commits late: those sends go back to the queue and are sent once", async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(3) });
    // A 2 s lease: each batch's calls must start within 1.5 s of its claim.
    const dispatcher = new BroadcastDispatcher(db(), app().whatsappAccounts, app().log, { leaseSeconds: 2 });
    const database = db();
    const execute = database.execute.bind(database);
    const textOf = (query: unknown) => ((query as { queryChunks?: Array<{ value?: unknown }> }).queryChunks ?? [])
      .map((chunk) => (Array.isArray(chunk.value) ? chunk.value.join('') : '')).join('');
    let late = false;
    const lateFirstFence = async (query: Parameters<typeof execute>[0]) => {
      const result = await execute(query);
      // The first fence commits, and its answer reaches the process only after the batch's send_through.
      if (!late && textOf(query).includes('set slot_at')) {
        late = true;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      return result;
    };
    // The dispatcher only awaits what execute answers.
    jest.spyOn(database, 'execute').mockImplementation(lateFirstFence as unknown as typeof database.execute);
    const calls: Array<{ at: number; sendThrough: number | null }> = [];
    await drainWatchingCalls(dispatcher, async (recipientId) => {
      const at = Date.now();
      const [row] = await execute(sql`select a.send_through from broadcast_recipients r join dispatch_attempts a on a.attempt_id = r.attempt_id
        where r.id = ${recipientId}::uuid`).then((result) => rowsOf<{ send_through: string | Date }>(result));
      calls.push({ at, sendThrough: row ? new Date(row.send_through).getTime() : null });
    });
    expect(late).toBe(true);
    expect(calls).toHaveLength(3);
    for (const call of calls) expect(call.sendThrough !== null && call.at <= call.sendThrough).toBe(true);
    for (const r of queued.recipients) {
      expect(await recipient(r.id)).toMatchObject({ state: 'sent' });
      expect(sendsTo(r.waId)).toBe(1);
    }
  });

  it('a settled batch leaves no attempt row; its rows keep their slots', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(2) });
    await dispatch();
    for (const r of queued.recipients) {
      const row = await recipient(r.id);
      expect(row).toMatchObject({ state: 'sent', slotAt: expect.any(Date) });
      expect(await attemptOf(row.attemptId ?? '')).toEqual([]);
    }
  });

  it('the sweep deletes old attempt rows, but never one a `sending` row still needs', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(1), status: 'paused' });
    const needed = await interruptedSends(db(), suite.organizationId, queued, 600);
    const leftover = randomUUID();
    const old = new Date(Date.now() - 3_600_000);
    await db().insert(dispatchAttempts).values({ attemptId: leftover, sendThrough: old });
    await db().update(dispatchAttempts).set({ sendThrough: old }).where(eq(dispatchAttempts.attemptId, needed.attemptId));

    await sweepStaleAttempts(db(), 60);
    expect(await attemptOf(leftover)).toEqual([]);
    expect(await attemptOf(needed.attemptId)).toHaveLength(1);
  });
});

describe('status webhooks naming a recipient', () => {
  it('never move a state backwards: sent → failed on a later failure, failed stays failed, replays change nothing', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(1), status: 'paused' });
    await interruptedSends(db(), suite.organizationId, queued);
    await setBroadcastStatus(db(), queued.broadcastId, 'processing');
    await dispatch();
    const [r] = queued.recipients;
    expect((await recipient(r.id)).state).toBe('ambiguous');

    await report({ wamid: 'wamid.ranks', recipient: r.waId, status: 'sent', callbackData: r.id });
    expect(await recipient(r.id)).toMatchObject({ state: 'sent', wamid: 'wamid.ranks' });
    await report({ wamid: 'wamid.ranks', recipient: r.waId, status: 'sent', callbackData: r.id });
    expect(await recipient(r.id)).toMatchObject({ state: 'sent', wamid: 'wamid.ranks' });

    await report({ wamid: 'wamid.ranks', recipient: r.waId, status: 'failed', callbackData: r.id, error: UNDELIVERABLE });
    expect(await recipient(r.id)).toMatchObject({ state: 'failed', errorCode: 131026, errorMessage: 'Message undeliverable' });
    expect(await messageOf(r.id)).toMatchObject({ status: 'failed', errorCode: 131026 });

    await report({ wamid: 'wamid.ranks', recipient: r.waId, status: 'sent', callbackData: r.id });
    expect(await recipient(r.id)).toMatchObject({ state: 'failed', errorCode: 131026 });
  });

  it('a failure reported for a message already delivered does not fail its recipient', async () => {
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(1) });
    await dispatch();
    const [r] = queued.recipients;
    const row = await recipient(r.id);
    expect(row.state).toBe('sent');
    expect((await messageOf(r.id)).status).toBe('read');
    await report({ wamid: row.wamid ?? '', recipient: r.waId, status: 'failed', callbackData: r.id, error: UNDELIVERABLE });
    expect(await recipient(r.id)).toMatchObject({ state: 'sent', errorCode: null });
    expect((await messageOf(r.id)).status).toBe('read');
  });

  it('a callback naming another organization’s recipient, or nothing Parley knows, changes nothing', async () => {
    const other = await signUpAdmin(app(), { organizationName: 'Elsewhere Trading' });
    const otherOrg = other.user.organization?.organizationId ?? '';
    const foreign = await queueBroadcast(db(), otherOrg, { waIds: customers(1), status: 'paused' });
    await interruptedSends(db(), otherOrg, foreign, 600);
    const [r] = foreign.recipients;
    // The webhook comes on this organization's number: it may only touch this organization's rows.
    await report({ wamid: 'wamid.cross-tenant', recipient: r.waId, status: 'delivered', callbackData: r.id });
    await report({ wamid: 'wamid.nonsense', recipient: r.waId, status: 'delivered', callbackData: 'not-a-recipient-id' });
    expect(await recipient(r.id)).toMatchObject({ state: 'sending', wamid: null });
    expect((await messageOf(r.id)).wamid).toBeNull();
  });
});

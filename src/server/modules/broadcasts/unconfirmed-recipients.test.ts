/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { statusPayload } from '@sandbox/payloads';
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import { BROADCAST_TEXTS, type Broadcast, type BroadcastAnalytics, type BroadcastRecipientsResponse } from '@shared/api/broadcasts';
import { DEFAULT_UNKNOWN_GRACE_MINUTES, loadConfig } from '../../config';
import { broadcastRecipients, messages } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { signUpAdmin, type Member } from '../../testing/test-app';
import { postWebhook, saveConfig, sandboxNumber } from '../../testing/whatsapp-test-kit';
import { countQueuedRecipients } from '../broadcast-summary';
import { recipientFigures } from './broadcast-recount-fixtures';
import { dispatchSuite, interruptedSends, queueBroadcast, setBroadcastStatus, type QueuedBroadcast } from './dispatch-test-fixtures';

const { suite, db, app, settle, dispatch, sendsTo, customers } = dispatchSuite();
const MINUTE = 60_000;

beforeAll(async () => {
  await saveConfig(suite.admin, { messagesPerSecond: 1000 });
});

async function recipient(id: string) {
  const [row] = await db().select().from(broadcastRecipients).where(eq(broadcastRecipients.id, id));
  return row;
}

/**
 * A broadcast whose recipients were all interrupted mid-send by a crash and reconciled as unknown, the
 * first `aged` of them sent (their slot) `minutesAgo` minutes ago.
 */
async function unknownBroadcast(count: number, aged: number, minutesAgo = DEFAULT_UNKNOWN_GRACE_MINUTES + 1): Promise<QueuedBroadcast> {
  const queued = await queueBroadcast(db(), suite.organizationId, { waIds: customers(count), status: 'paused' });
  // As POST /broadcast counts them, so the broadcast's kept figures start right.
  await countQueuedRecipients(db(), suite.organizationId, queued.broadcastId, count);
  await interruptedSends(db(), suite.organizationId, queued);
  await setBroadcastStatus(db(), queued.broadcastId, 'processing');
  await dispatch();
  for (const r of queued.recipients.slice(0, aged)) {
    await db().update(broadcastRecipients).set({ slotAt: new Date(Date.now() - minutesAgo * MINUTE) }).where(eq(broadcastRecipients.id, r.id));
  }
  return queued;
}

const analytics = async (id: string, member: Member = suite.admin): Promise<BroadcastAnalytics> =>
  (await member.request({ method: 'GET', url: `/api/broadcast/${id}/analytics` })).json();
const listed = async (id: string, filter: string): Promise<BroadcastRecipientsResponse> =>
  (await suite.admin.request({ method: 'GET', url: `/api/broadcast/${id}/recipients?filter=${filter}` })).json();
const broadcast = async (id: string): Promise<Broadcast> => (await suite.admin.request({ method: 'GET', url: `/api/broadcast/${id}` })).json();
const sendAgain = (id: string, member: Member = suite.admin) =>
  member.request({ method: 'POST', url: `/api/broadcast/${id}/resend-unconfirmed`, payload: {} });

/** The broadcast's kept figures equal a count from scratch over its recipients. */
async function expectFiguresRecounted(id: string): Promise<void> {
  const kept = await broadcast(id);
  const counted = await recipientFigures(db(), suite.organizationId, id);
  expect({ sent: kept.sentCount, pending: kept.pendingCount, unknown: kept.unknownCount, failed: kept.failedCount })
    .toEqual({ sent: counted.sent, pending: counted.pending, unknown: counted.unknown, failed: counted.failed });
}

/** WhatsApp reports the send it accepted for `recipientId` (its callback data). */
async function whatsAppReports(recipientId: string, waId: string, wamid: string): Promise<void> {
  const payload = statusPayload(DEMO_BUSINESS.businessAccountId, sandboxNumber(), [
    { at: Date.now(), wamid, recipient: waId, status: 'delivered', callbackData: recipientId },
  ]);
  expect((await postWebhook(app(), payload)).statusCode).toBe(200);
  await settle();
}

describe('an unknown recipient past the grace period', () => {
  it('is "not confirmed" only once the grace period has passed since its send, in the analytics and the drill-downs', async () => {
    const queued = await unknownBroadcast(3, 2);
    const [old, alsoOld, recent] = queued.recipients;
    expect(await analytics(queued.broadcastId)).toMatchObject({ unknownCount: 3, unconfirmedCount: 2 });

    const unconfirmed = await listed(queued.broadcastId, 'unconfirmed');
    expect(unconfirmed.data.map((r) => [r.id, r.state, r.unconfirmed]).sort())
      .toEqual([[old.id, 'ambiguous', true], [alsoOld.id, 'ambiguous', true]].sort());
    const unknown = await listed(queued.broadcastId, 'unknown');
    expect(unknown.data.find((r) => r.id === recent.id)).toMatchObject({ state: 'ambiguous', unconfirmed: false });
  });

  it('the grace period is BROADCAST_UNKNOWN_GRACE_MINUTES, 15 when unset or not a positive number', () => {
    expect(loadConfig({}).broadcastUnknownGraceMinutes).toBe(15);
    expect(loadConfig({ BROADCAST_UNKNOWN_GRACE_MINUTES: '5' }).broadcastUnknownGraceMinutes).toBe(5);
    expect(loadConfig({ BROADCAST_UNKNOWN_GRACE_MINUTES: 'soon' }).broadcastUnknownGraceMinutes).toBe(15);
    expect(loadConfig({ BROADCAST_UNKNOWN_GRACE_MINUTES: '-1' }).broadcastUnknownGraceMinutes).toBe(15);
  });
});

describe('POST /api/broadcast/:id/resend-unconfirmed (Send again)', () => {
  it('queues the unconfirmed recipients again, sends each once, and keeps the figures right', async () => {
    const queued = await unknownBroadcast(3, 2);
    const [old, alsoOld, recent] = queued.recipients;
    expect(await broadcast(queued.broadcastId)).toMatchObject({ status: 'completed', unknownCount: 3 });

    // Paused first, so the queued rows can be looked at before the dispatcher takes them.
    await setBroadcastStatus(db(), queued.broadcastId, 'paused');
    const response = await sendAgain(queued.broadcastId);
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 200, body: { requeued: 2 } });
    for (const r of [old, alsoOld]) expect(await recipient(r.id)).toMatchObject({ state: 'pending', attempts: 1, slotAt: null, lockedUntil: null });
    expect(await recipient(recent.id)).toMatchObject({ state: 'ambiguous' });
    expect(await broadcast(queued.broadcastId)).toMatchObject({ unknownCount: 1, pendingCount: 2 });
    await expectFiguresRecounted(queued.broadcastId);

    await suite.admin.request({ method: 'POST', url: `/api/broadcast/${queued.broadcastId}/resume`, payload: {} });
    await dispatch();
    for (const r of [old, alsoOld]) {
      expect(await recipient(r.id)).toMatchObject({ state: 'sent', attempts: 2 });
      expect(sendsTo(r.waId)).toBe(1);
    }
    // The recent one is still within its grace period: never sent again.
    expect(sendsTo(recent.waId)).toBe(0);
    expect(await broadcast(queued.broadcastId)).toMatchObject({ status: 'completed', sentCount: 2, unknownCount: 1, pendingCount: 0 });
    await expectFiguresRecounted(queued.broadcastId);
    // Nothing is left to send again.
    expect((await sendAgain(queued.broadcastId)).json()).toEqual({ requeued: 0 });
  });

  it('a completed broadcast with every recipient unknown is reopened, and completes again', async () => {
    const queued = await unknownBroadcast(1, 1);
    expect((await sendAgain(queued.broadcastId)).json()).toEqual({ requeued: 1 });
    await dispatch();
    expect(await broadcast(queued.broadcastId)).toMatchObject({ status: 'completed', sentCount: 1, unknownCount: 0 });
    expect(sendsTo(queued.recipients[0].waId)).toBe(1);
  });

  it('needs broadcasts:send; another organization’s broadcast is not found', async () => {
    const queued = await unknownBroadcast(1, 1);
    const viewer = await addMemberWith(suite.kit.t, suite.organizationId, ALL_PERMISSIONS.filter((p) => p !== 'broadcasts:send'));
    expect((await sendAgain(queued.broadcastId, viewer)).statusCode).toBe(403);
    const stranger = await signUpAdmin(app(), { organizationName: 'Elsewhere Bazaar' });
    const foreign = await sendAgain(queued.broadcastId, stranger);
    expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: 404, body: { error: BROADCAST_TEXTS.notFound } });
    expect(await recipient(queued.recipients[0].id)).toMatchObject({ state: 'ambiguous' });
  });
});

describe('a status callback arriving late', () => {
  it('settles a recipient queued by Send again before its new send: sent once by WhatsApp, counted once', async () => {
    const queued = await unknownBroadcast(1, 1);
    const [r] = queued.recipients;
    await setBroadcastStatus(db(), queued.broadcastId, 'paused');
    expect((await sendAgain(queued.broadcastId)).json()).toEqual({ requeued: 1 });

    await whatsAppReports(r.id, r.waId, 'wamid.accepted-after-all');
    expect(await recipient(r.id)).toMatchObject({ state: 'sent', wamid: 'wamid.accepted-after-all' });
    const [message] = await db().select().from(messages).where(eq(messages.id, (await recipient(r.id)).messageId ?? ''));
    expect(message).toMatchObject({ wamid: 'wamid.accepted-after-all', status: 'delivered' });

    await suite.admin.request({ method: 'POST', url: `/api/broadcast/${queued.broadcastId}/resume`, payload: {} });
    await dispatch();
    // Parley does not send it again: WhatsApp had it.
    expect(sendsTo(r.waId)).toBe(0);
    expect(await broadcast(queued.broadcastId)).toMatchObject({ status: 'completed', sentCount: 1, pendingCount: 0, unknownCount: 0, deliveredCount: 1 });
    await expectFiguresRecounted(queued.broadcastId);
  });

  it('changes nothing for a recipient whose new send was accepted meanwhile', async () => {
    const queued = await unknownBroadcast(1, 1);
    const [r] = queued.recipients;
    await sendAgain(queued.broadcastId);
    await dispatch();
    const resent = await recipient(r.id);
    expect(resent).toMatchObject({ state: 'sent', wamid: expect.stringMatching(/^wamid\./) });

    await whatsAppReports(r.id, r.waId, 'wamid.the-first-send');
    expect(await recipient(r.id)).toMatchObject({ state: 'sent', wamid: resent.wamid });
    expect(await broadcast(queued.broadcastId)).toMatchObject({ sentCount: 1, pendingCount: 0, unknownCount: 0 });
    await expectFiguresRecounted(queued.broadcastId);
  });

  it('settles an unknown recipient before the grace period ends, so it is never offered to send again', async () => {
    const queued = await unknownBroadcast(1, 0);
    const [r] = queued.recipients;
    await whatsAppReports(r.id, r.waId, 'wamid.in-time');
    await db().update(broadcastRecipients).set({ slotAt: new Date(Date.now() - 60 * MINUTE) }).where(eq(broadcastRecipients.id, r.id));
    expect(await analytics(queued.broadcastId)).toMatchObject({ unknownCount: 0, unconfirmedCount: 0, totalMessagesSent: 1 });
    expect((await sendAgain(queued.broadcastId)).json()).toEqual({ requeued: 0 });
  });
});

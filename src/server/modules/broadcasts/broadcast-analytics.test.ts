/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import type { BroadcastAnalytics, BroadcastRecipient, BroadcastRecipientsResponse } from '@shared/api/broadcasts';
import type { Template } from '@shared/api/templates';
import { contacts } from '../../db/schema';
import { organizationOf, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';
import { kitWithAdminForFile } from '../../testing/whatsapp-test-kit';
import { insertClick, setClickOutcome } from '../automation/button-clicks-repository';
import { noteButtonPress } from '../broadcast-summary';
import {
  customerReplies, insertTemplate, makeContacts, makeTag, recipientsOf, settleRecipient, type TestContact,
} from './broadcast-test-fixtures';

/**
 * The kit's organization is connected to the sandbox, so the dispatcher really sends its broadcasts.
 * The hand-built figures live in a second organization without a WhatsApp connection, where queued
 * recipients simply wait and every state is the one the test set.
 */
const connected = kitWithAdminForFile();
const suite = {} as { t: TestApp; admin: Member; organizationId: string };
beforeAll(async () => {
  suite.t = connected.kit.t;
  suite.admin = await signUpAdmin(suite.t.app, { organizationName: 'Hand Built Figures' });
  suite.organizationId = organizationOf(suite.admin);
});
const db = () => suite.t.database.db;

const MINUTE = 60_000;

let templateId = '';
beforeAll(async () => {
  templateId = await insertTemplate(db(), suite.organizationId, { name: 'spring_sale' });
});

async function createBroadcast(contactIds: string[], rules: unknown[] = []): Promise<string> {
  const response = await suite.admin.request({
    method: 'POST',
    url: '/api/broadcast',
    payload: { templateId, parameters: ['Layla', 'A-1'], contactIds, rules },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function analytics(id: string): Promise<BroadcastAnalytics> {
  const response = await suite.admin.request({ method: 'GET', url: `/api/broadcast/${id}/analytics` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function recipients(id: string, query: string): Promise<BroadcastRecipientsResponse> {
  const response = await suite.admin.request({ method: 'GET', url: `/api/broadcast/${id}/recipients?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function press(broadcastId: string, contactId: string, messageId: string, button: { id: string; text: string }, agentId?: string) {
  const clickId = await insertClick(db(), {
    organizationId: suite.organizationId, broadcastId, contactId, messageId, pressWamid: `wamid.press-${randomUUID()}`,
    triggerId: button.id, buttonText: button.text,
  });
  if (!clickId) throw new Error('press not recorded');
  await noteButtonPress(db(), suite.organizationId, broadcastId, contactId);
  await setClickOutcome(db(), suite.organizationId, clickId, agentId
    ? { actionType: 'assign_agent', assignedToUserId: agentId }
    : { actionType: 'do_nothing', assignedToUserId: null });
}

const TRACK = { id: '0', text: 'Track my order' };
const AGENT = { id: '1', text: 'Talk to an agent' };

/**
 * One broadcast whose every recipient's fate is known: read and replied, delivered and clicked, a reply
 * that came before the broadcast, a reply that answers the next broadcast, failures with and without
 * Meta's code, an unknown, a queued one.
 */
interface Scenario {
  id: string;
  people: Record<'readReplied' | 'clicker' | 'earlyWriter' | 'failedA' | 'failedB' | 'failedBare' | 'unknown' | 'queued' | 'nextBroadcast'
    | 'readRepliedClicked' | 'deliveredK' | 'deliveredL', TestContact>;
}

let scenario: Scenario;

async function buildScenario(): Promise<Scenario> {
  const made = await makeContacts(db(), suite.organizationId, 12);
  const names = ['readReplied', 'clicker', 'earlyWriter', 'failedA', 'failedB', 'failedBare', 'unknown', 'queued', 'nextBroadcast',
    'readRepliedClicked', 'deliveredK', 'deliveredL'] as const;
  const people = Object.fromEntries(names.map((name, i) => [name, made[i]])) as Scenario['people'];
  const id = await createBroadcast(made.map((c) => c.id), [
    { triggerId: '0', triggerText: 'Track my order', actionType: 'do_nothing' },
    { triggerId: '1', triggerText: 'Talk to an agent', actionType: 'assign_agent', targetUserId: suite.admin.user.userId },
  ]);
  const org = suite.organizationId;
  const t0 = new Date(Date.now() - 3 * 60 * MINUTE);

  await customerReplies(db(), org, people.earlyWriter, new Date(t0.getTime() - 10 * MINUTE), 'Hello before');

  await settleRecipient(db(), org, id, people.readReplied.id, { state: 'sent', messageStatus: 'read', at: t0 });
  await customerReplies(db(), org, people.readReplied, new Date(t0.getTime() + 30 * MINUTE), 'Yes please');
  await customerReplies(db(), org, people.readReplied, new Date(t0.getTime() + 50 * MINUTE), 'And another thing');

  const clickerMessage = await settleRecipient(db(), org, id, people.clicker.id, { state: 'sent', messageStatus: 'delivered', at: t0 });
  await press(id, people.clicker.id, clickerMessage!, TRACK);
  await press(id, people.clicker.id, clickerMessage!, TRACK);

  await settleRecipient(db(), org, id, people.earlyWriter.id, { state: 'sent', messageStatus: 'sent', at: t0 });
  await settleRecipient(db(), org, id, people.failedA.id, { state: 'failed', errorCode: 131026, errorMessage: 'Message undeliverable', at: t0 });
  await settleRecipient(db(), org, id, people.failedB.id, {
    state: 'failed', messageStatus: 'failed', errorCode: 131026, errorMessage: 'Message undeliverable', at: t0,
  });
  await settleRecipient(db(), org, id, people.failedBare.id, { state: 'failed', at: t0 });
  await settleRecipient(db(), org, id, people.unknown.id, { state: 'ambiguous', at: t0 });

  await settleRecipient(db(), org, id, people.nextBroadcast.id, { state: 'sent', messageStatus: 'delivered', at: t0 });
  const next = await createBroadcast([people.nextBroadcast.id]);
  await settleRecipient(db(), org, next, people.nextBroadcast.id, { state: 'sent', messageStatus: 'read', at: new Date(t0.getTime() + 5 * MINUTE) });
  await customerReplies(db(), org, people.nextBroadcast, new Date(t0.getTime() + 10 * MINUTE), 'Answering the second one');

  const bothMessage = await settleRecipient(db(), org, id, people.readRepliedClicked.id, { state: 'sent', messageStatus: 'read', at: t0 });
  await press(id, people.readRepliedClicked.id, bothMessage!, AGENT, suite.admin.user.userId);
  await customerReplies(db(), org, people.readRepliedClicked, new Date(t0.getTime() + 45 * MINUTE + 20_000));

  await settleRecipient(db(), org, id, people.deliveredK.id, { state: 'sent', messageStatus: 'delivered', at: t0 });
  await settleRecipient(db(), org, id, people.deliveredL.id, { state: 'sent', messageStatus: 'delivered', at: t0 });
  return { id, people };
}

beforeAll(async () => {
  scenario = await buildScenario();
});

describe('GET /api/broadcast/:id/analytics', () => {
  it('counts every figure from the recipients, their messages, replies and presses', async () => {
    const figures = await analytics(scenario.id);
    expect(figures).toEqual({
      templateName: 'spring_sale',
      status: 'pending',
      statusReason: null,
      totalCount: 12,
      totalMessagesSent: 7,
      messagesFailed: 3,
      messagesDelivered: 6,
      messagesRead: 2,
      replyCount: 2,
      totalButtonClicks: 3,
      uniqueContactsClicked: 2,
      // 2 of the 6 delivered pressed a button; 3 of them replied or pressed.
      clickThroughRate: 33.3,
      engagementRate: 50,
      // Replies after 30 min and 45 min 20 s.
      avgResponseTimeMinutes: 37.7,
      pendingCount: 1,
      unknownCount: 1,
      // Unknown only moments ago: still within the grace period.
      unconfirmedCount: 0,
      funnel: [
        { stage: 'attempted', count: 11 },
        { stage: 'sent', count: 7 },
        { stage: 'delivered', count: 6 },
        { stage: 'read', count: 2 },
        { stage: 'replied', count: 2 },
      ],
      failureReasons: [
        { errorCode: 131026, reason: 'Message undeliverable', count: 2 },
        { errorCode: null, reason: 'Unknown error', count: 1 },
      ],
      buttonPerformance: [
        { buttonText: 'Track my order', clickCount: 2, uniqueClicks: 1, actionType: 'do_nothing', assignedAgent: null, tagName: null },
        {
          buttonText: 'Talk to an agent', clickCount: 1, uniqueClicks: 1, actionType: 'assign_agent',
          assignedAgent: { name: 'Ada Admin', email: suite.admin.email }, tagName: null,
        },
      ],
      assignmentDistribution: [
        { agentName: 'Ada Admin', agentEmail: suite.admin.email, assignmentCount: 1, buttons: [{ buttonText: 'Talk to an agent', clickCount: 1 }] },
      ],
    });
  });

  it('a reply answers the latest broadcast before it', async () => {
    const drill = await recipients(scenario.id, 'filter=replied');
    expect(drill.data.map((r) => r.contactId).sort()).toEqual([scenario.people.readReplied.id, scenario.people.readRepliedClicked.id].sort());
    const [next] = (await suite.admin.request({ method: 'GET', url: '/api/broadcast?limit=50' })).json().data
      .filter((b: { id: string; totalCount: number }) => b.id !== scenario.id && b.totalCount === 1);
    const figures = await analytics(next.id);
    expect(figures).toMatchObject({ replyCount: 1, avgResponseTimeMinutes: 5, messagesRead: 1, clickThroughRate: 0, engagementRate: 100 });
  });

  it('a broadcast nobody has been sent yet has zero figures and rates', async () => {
    const [contact] = await makeContacts(db(), suite.organizationId, 1);
    const figures = await analytics(await createBroadcast([contact.id]));
    expect(figures).toMatchObject({
      totalCount: 1, totalMessagesSent: 0, messagesDelivered: 0, replyCount: 0, clickThroughRate: 0, engagementRate: 0,
      avgResponseTimeMinutes: 0, pendingCount: 1, failureReasons: [], totalButtonClicks: 0,
      funnel: [
        { stage: 'attempted', count: 0 }, { stage: 'sent', count: 0 }, { stage: 'delivered', count: 0 }, { stage: 'read', count: 0 },
        { stage: 'replied', count: 0 },
      ],
    });
  });
});

describe('GET /api/broadcast/:id/recipients', () => {
  const contactsOf = async (query: string) => (await recipients(scenario.id, `${query}&limit=50`)).data.map((r) => r.contactId).sort();

  it('lists the recipients of each funnel stage, state and failure reason', async () => {
    const p = scenario.people;
    const ids = (...people: TestContact[]) => people.map((c) => c.id).sort();
    expect(await contactsOf('filter=sent')).toEqual(ids(p.readReplied, p.clicker, p.earlyWriter, p.nextBroadcast, p.readRepliedClicked, p.deliveredK, p.deliveredL));
    expect(await contactsOf('filter=delivered')).toEqual(ids(p.readReplied, p.clicker, p.nextBroadcast, p.readRepliedClicked, p.deliveredK, p.deliveredL));
    expect(await contactsOf('filter=read')).toEqual(ids(p.readReplied, p.readRepliedClicked));
    expect(await contactsOf('filter=clicked')).toEqual(ids(p.clicker, p.readRepliedClicked));
    expect(await contactsOf('filter=failed')).toEqual(ids(p.failedA, p.failedB, p.failedBare));
    expect(await contactsOf('filter=failed&errorCode=131026')).toEqual(ids(p.failedA, p.failedB));
    expect(await contactsOf('filter=failed&errorCode=none')).toEqual(ids(p.failedBare));
    expect(await contactsOf('filter=unknown')).toEqual(ids(p.unknown));
    expect(await contactsOf('filter=pending')).toEqual(ids(p.queued));
    expect(await contactsOf('filter=attempted')).toHaveLength(11);
    expect(await contactsOf('')).toHaveLength(11);
  });

  it('shows each recipient with their contact, message status, error and times', async () => {
    const p = scenario.people;
    const [row] = (await recipients(scenario.id, 'filter=read')).data.filter((r) => r.contactId === p.readReplied.id);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, p.readReplied.id));
    expect(row).toEqual<BroadcastRecipient>({
      id: expect.any(String),
      contactId: p.readReplied.id,
      contactName: contact.name,
      contactProfileName: contact.profileName,
      phoneNumber: `+${p.readReplied.waId}`,
      state: 'sent',
      unconfirmed: false,
      messageStatus: 'read',
      errorCode: null,
      errorMessage: null,
      sentAt: expect.any(String),
      deliveredAt: expect.any(String),
      readAt: expect.any(String),
      repliedAt: expect.any(String),
    });
    expect(new Date(row.repliedAt!).getTime() - new Date(row.sentAt!).getTime()).toBe(30 * MINUTE);
    const [failed] = (await recipients(scenario.id, 'filter=failed&errorCode=131026')).data.filter((r) => r.contactId === p.failedB.id);
    expect(failed).toMatchObject({ state: 'failed', messageStatus: 'failed', errorCode: 131026, errorMessage: 'Message undeliverable', repliedAt: null });
  });

  it('pages in the database in recipient order', async () => {
    const all = (await recipientsOf(db(), scenario.id)).filter((r) => r.state !== 'pending').map((r) => r.id).sort();
    const first = await recipients(scenario.id, 'filter=attempted&limit=4');
    expect(first.pagination).toEqual({ page: 1, limit: 4, total: 11, totalPages: 3, hasNext: true });
    const third = await recipients(scenario.id, 'filter=attempted&limit=4&page=3');
    expect(third.pagination.hasNext).toBe(false);
    const second = await recipients(scenario.id, 'filter=attempted&limit=4&page=2');
    expect([...first.data, ...second.data, ...third.data].map((r) => r.id)).toEqual(all);
  });

  it('refuses an unknown filter or error code', async () => {
    for (const query of ['filter=everyone', 'errorCode=abc', 'limit=0']) {
      const response = await suite.admin.request({ method: 'GET', url: `/api/broadcast/${scenario.id}/recipients?${query}` });
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
  });
});

describe('GET /api/broadcast/:id/recipients.csv', () => {
  const download = (id: string, query = '') => suite.admin.request({ method: 'GET', url: `/api/broadcast/${id}/recipients.csv${query}` });
  const parse = (body: string) => Papa.parse<string[]>(body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;

  it('downloads a drill-down as CSV, one row per recipient', async () => {
    const response = await download(scenario.id, '?filter=failed');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="broadcast-spring_sale-recipients.csv"');
    const [header, ...rows] = parse(response.body);
    expect(header).toEqual(['Name', 'Phone number', 'State', 'Message status', 'Error code', 'Error message', 'Sent at', 'Delivered at', 'Read at', 'Replied at']);
    const byPhone = new Map(rows.map((row) => [row[1], row]));
    expect(rows).toHaveLength(3);
    expect(byPhone.get(`+${scenario.people.failedB.waId}`)!.slice(2, 6)).toEqual(['failed', 'failed', '131026', 'Message undeliverable']);
    expect(byPhone.get(`+${scenario.people.failedBare.waId}`)!.slice(2, 6)).toEqual(['failed', 'failed', '', '']);

    const unknown = parse((await download(scenario.id, '?filter=unknown')).body);
    expect(unknown[1][2]).toBe('unknown');
  });

  it('writes cells a spreadsheet would run as formulas as text', async () => {
    const [sneaky, minus] = await makeContacts(db(), suite.organizationId, 2);
    await db().update(contacts).set({ name: '=HYPERLINK("http://evil.example","Click")' }).where(eq(contacts.id, sneaky.id));
    await db().update(contacts).set({ name: '-2+3' }).where(eq(contacts.id, minus.id));
    const id = await createBroadcast([sneaky.id, minus.id]);
    const rows = parse((await download(id, '?filter=pending')).body).slice(1);
    const names = new Map(rows.map((row) => [row[1], row[0]]));
    expect(names.get(`+${sneaky.waId}`)).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(names.get(`+${minus.waId}`)).toBe("'-2+3");
  });

  it('also writes as text a formula behind leading spaces or a line break', async () => {
    const [spaced, broken] = await makeContacts(db(), suite.organizationId, 2);
    await db().update(contacts).set({ name: '   =HYPERLINK("http://evil.example","Click")' }).where(eq(contacts.id, spaced.id));
    await db().update(contacts).set({ name: '\n@SUM(1+1)' }).where(eq(contacts.id, broken.id));
    const id = await createBroadcast([spaced.id, broken.id]);
    const rows = parse((await download(id, '?filter=pending')).body).slice(1);
    const names = new Map(rows.map((row) => [row[1], row[0]]));
    expect(names.get(`+${spaced.waId}`)).toBe('\'   =HYPERLINK("http://evil.example","Click")');
    expect(names.get(`+${broken.waId}`)).toBe("'\n@SUM(1+1)");
  });

  it('walks a long list in batches without losing or repeating a row', async () => {
    const organizationId = suite.organizationId;
    const tag = await makeTag(db(), organizationId);
    await db().execute(sql`
      with made as (
        insert into ${contacts} (id, organization_id, name, country_code, phone_number, phone_e164)
        select gen_random_uuid(), ${organizationId}::uuid, 'Bulk ' || g, '+971', '58' || lpad(g::text, 7, '0'), '+97158' || lpad(g::text, 7, '0')
        from generate_series(1, 2100) g
        returning id
      )
      insert into contact_tags (organization_id, contact_id, tag_id) select ${organizationId}::uuid, id, ${tag}::uuid from made`);
    const response = await suite.admin.request({
      method: 'POST', url: '/api/broadcast', payload: { templateId, parameters: ['a', 'b'], tagIds: [tag] },
    });
    expect(response.json().totalCount).toBe(2100);
    const rows = parse((await download(response.json().id, '?filter=pending')).body).slice(1);
    expect(rows).toHaveLength(2100);
    expect(new Set(rows.map((row) => row[1])).size).toBe(2100);
  });

  it('answers 404 for another organization\'s or a missing broadcast', async () => {
    const response = await download(randomUUID());
    expect(response.statusCode).toBe(404);
  });
});

describe('with the dispatcher sending to the sandbox', () => {
  it('the figures follow what Meta reports for each send', async () => {
    const { kit, admin, organizationId } = connected;
    expect((await admin.request({ method: 'POST', url: '/api/templates/sync' })).statusCode).toBe(200);
    const templates: Template[] = (await admin.request({ method: 'GET', url: '/api/templates/local?status=APPROVED&limit=100' })).json().data;
    const template = templates.find((t) => t.name === 'order_confirmation')!;
    const people = await makeContacts(db(), organizationId, 3);
    const response = await admin.request({
      method: 'POST',
      url: '/api/broadcast',
      payload: { templateId: template.id, parameters: ['Layla', 'A-1001', 'Monday'], contactIds: people.map((c) => c.id) },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    await kit.t.app.broadcastDispatch.drain();
    await kit.sandbox.settle();
    await kit.t.app.webhookInbox.drain();
    await kit.t.app.broadcastDispatch.drain();

    const figures = (await admin.request({ method: 'GET', url: `/api/broadcast/${id}/analytics` })).json();
    expect(figures).toMatchObject({
      templateName: 'order_confirmation', status: 'completed', totalCount: 3, totalMessagesSent: 3, messagesDelivered: 3, messagesRead: 3,
      messagesFailed: 0, pendingCount: 0, unknownCount: 0,
      funnel: [
        { stage: 'attempted', count: 3 }, { stage: 'sent', count: 3 }, { stage: 'delivered', count: 3 }, { stage: 'read', count: 3 },
        { stage: 'replied', count: 0 },
      ],
    });
    const read: BroadcastRecipientsResponse = (await admin.request({ method: 'GET', url: `/api/broadcast/${id}/recipients?filter=read` })).json();
    expect(read.data.map((r) => r.contactId).sort()).toEqual(people.map((c) => c.id).sort());
    for (const row of read.data) {
      expect(row).toMatchObject({ state: 'sent', messageStatus: 'read', sentAt: expect.any(String), deliveredAt: expect.any(String), readAt: expect.any(String) });
    }
    // The customer answers at once: a reply in the very second of the send still counts.
    kit.sandbox.inbound({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, from: people[0].waId, type: 'text', text: 'Yes please!' });
    await kit.sandbox.settle();
    await kit.t.app.webhookInbox.drain();
    expect((await admin.request({ method: 'GET', url: `/api/broadcast/${id}/analytics` })).json()).toMatchObject({ replyCount: 1, engagementRate: 33.3 });
    const listed = (await admin.request({ method: 'GET', url: '/api/broadcast' })).json().data[0];
    expect(listed).toMatchObject({ id, status: 'completed', sentCount: 3, deliveredCount: 3, readCount: 3, pendingCount: 0, completedAt: expect.any(String) });
  });
});

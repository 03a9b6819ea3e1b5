/** @jest-environment node */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BROADCAST_DRAFT_TEXTS } from '@shared/api/broadcast-drafts';
import type { Broadcast, BroadcastsResponse, CreateBroadcastRequest } from '@shared/api/broadcasts';
import type { Template } from '@shared/api/templates';
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import { SCHEDULE_IN_PAST } from '@shared/validation/broadcast-schedule';
import { buildApp } from '../../app';
import { broadcasts } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { signUpAdmin, type Member } from '../../testing/test-app';
import { ensureContactForCustomer } from '../contacts/contact-intake-service';
import { tagContacts } from '../tags/contact-tags-repository';
import { makeTag } from './broadcast-test-fixtures';
import { broadcastCustomer, dispatchSuite, recipientRows } from './dispatch-test-fixtures';

const { suite, db, app, dispatch, sendsTo } = dispatchSuite();

let templateId = '';
let composer: Member;
let editor: Member;
let sender: Member;
beforeAll(async () => {
  expect((await suite.admin.request({ method: 'POST', url: '/api/templates/sync' })).statusCode).toBe(200);
  const templates: Template[] = (await suite.admin.request({ method: 'GET', url: '/api/templates/local' })).json().data;
  templateId = templates.find((t) => t.name === 'order_confirmation')?.id ?? '';
  const t = suite.kit.t;
  composer = await addMemberWith(t, suite.organizationId, ['broadcasts:view', 'broadcasts:create']);
  editor = await addMemberWith(t, suite.organizationId, ['broadcasts:view', 'broadcasts:edit']);
  sender = await addMemberWith(t, suite.organizationId, ['broadcasts:view', 'broadcasts:create', 'broadcasts:send']);
});

async function customer(): Promise<{ id: string; waId: string }> {
  const waId = broadcastCustomer();
  return { id: await ensureContactForCustomer(db(), suite.organizationId, waId, undefined), waId };
}

function compose(member: Member, payload: Partial<CreateBroadcastRequest>) {
  return member.request({
    method: 'POST',
    url: '/api/broadcast',
    payload: { templateId, parameters: ['Layla', 'DR-1', '12 December'], ...payload },
  });
}

async function read(id: string): Promise<Broadcast> {
  return (await suite.admin.request({ method: 'GET', url: `/api/broadcast/${id}` })).json();
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** Moves a scheduled broadcast's time into the past, as if it had come. */
async function makeDue(id: string): Promise<void> {
  await db().update(broadcasts).set({ scheduledAt: new Date(Date.now() - 1_000) }).where(eq(broadcasts.id, id));
}

describe('drafts', () => {
  it('a member with broadcasts:create saves a draft (named, no recipients yet) but cannot send it or send at once', async () => {
    const layla = await customer();
    expect((await compose(composer, { contactIds: [layla.id] })).statusCode).toBe(403);

    const saved = await compose(composer, { contactIds: [layla.id], draft: true, name: 'Eid offer, first try' });
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json();
    expect(await read(id)).toMatchObject({
      name: 'Eid offer, first try', status: 'draft', audience: { contactIds: [layla.id] }, totalCount: 0, scheduledAt: null,
    });
    expect(await recipientRows(db(), suite.organizationId, id)).toEqual([]);

    expect((await composer.request({ method: 'POST', url: `/api/broadcast/${id}/send`, payload: {} })).statusCode).toBe(403);
    expect((await composer.request({ method: 'PUT', url: `/api/broadcast/${id}`, payload: { templateId, parameters: ['a', 'b', 'c'], contactIds: [layla.id] } })).statusCode).toBe(403);
    await dispatch();
    expect(sendsTo(layla.waId)).toBe(0);
  });

  it('is named after its template and the day when no name is given, and shows its tags by name', async () => {
    const tag = await makeTag(db(), suite.organizationId, []);
    // The day on both sides of the request: midnight may fall between the two.
    const day = () => `order_confirmation ${new Date().toISOString().slice(0, 10)}`;
    const names = [day()];
    const { id } = (await compose(sender, { tagIds: [tag], draft: true })).json();
    names.push(day());
    const { data }: BroadcastsResponse = (await suite.admin.request({ method: 'GET', url: '/api/broadcast?status=draft' })).json();
    const listed = data.find((b) => b.id === id);
    expect(names).toContain(listed?.name);
    expect(listed?.audience).toEqual({ tags: [{ id: tag, name: expect.stringMatching(/^Tag_/) }] });
  });

  it('broadcasts:edit changes a draft; broadcasts:send then sends it to the audience as it is at that moment', async () => {
    const [first, later] = [await customer(), await customer()];
    const tag = await makeTag(db(), suite.organizationId, [first.id]);
    const { id } = (await compose(composer, { tagIds: [tag], draft: true })).json();

    const edited = await editor.request({
      method: 'PUT', url: `/api/broadcast/${id}`, payload: { templateId, parameters: ['Omar', 'DR-2', '1 January'], tagIds: [tag], name: 'New year' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'New year', parameters: ['Omar', 'DR-2', '1 January'], status: 'draft' });

    await tagContacts(db(), suite.organizationId, tag, [later.id]);
    const sent = await sender.request({ method: 'POST', url: `/api/broadcast/${id}/send`, payload: {} });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'pending', totalCount: 2 });
    await dispatch();
    expect([sendsTo(first.waId), sendsTo(later.waId)]).toEqual([1, 1]);

    const again = await editor.request({ method: 'PUT', url: `/api/broadcast/${id}`, payload: { templateId, parameters: ['a', 'b', 'c'], tagIds: [tag] } });
    expect([again.statusCode, again.json().error]).toEqual([409, BROADCAST_DRAFT_TEXTS.notUnsent]);
    expect((await sender.request({ method: 'POST', url: `/api/broadcast/${id}/send`, payload: {} })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown broadcast id and 400 for a draft that is also scheduled', async () => {
    const layla = await customer();
    const both = await compose(sender, { contactIds: [layla.id], draft: true, scheduledAt: inSeconds(3600) });
    expect([both.statusCode, both.json().error]).toEqual([400, BROADCAST_DRAFT_TEXTS.draftAndSchedule]);
    const missing = '0190aaaa-0000-7000-8000-000000000000';
    expect((await sender.request({ method: 'POST', url: `/api/broadcast/${missing}/send`, payload: {} })).statusCode).toBe(404);
  });
});

describe('schedules', () => {
  it('refuses a time in the past, and a scheduled broadcast waits for its time, then starts once', async () => {
    const layla = await customer();
    const past = await compose(sender, { contactIds: [layla.id], scheduledAt: inSeconds(-60) });
    expect([past.statusCode, past.json().error]).toEqual([400, SCHEDULE_IN_PAST]);
    expect((await compose(composer, { contactIds: [layla.id], scheduledAt: inSeconds(3600) })).statusCode).toBe(403);

    const at = inSeconds(3600);
    const { id } = (await compose(sender, { contactIds: [layla.id], scheduledAt: at })).json();
    expect(await read(id)).toMatchObject({ status: 'scheduled', scheduledAt: at, totalCount: 0 });
    await app().broadcastScheduler.drain();
    await dispatch();
    expect(sendsTo(layla.waId)).toBe(0);

    await makeDue(id);
    await app().broadcastScheduler.drain();
    await app().broadcastScheduler.drain();
    await dispatch();
    expect(sendsTo(layla.waId)).toBe(1);
    expect((await read(id)).status).toBe('completed');
  });

  it('broadcasts:edit moves a scheduled broadcast; broadcasts:delete cancels it, it stays listed and never starts', async () => {
    const layla = await customer();
    const { id } = (await compose(sender, { contactIds: [layla.id], scheduledAt: inSeconds(3600) })).json();
    const later = inSeconds(7200);
    const moved = await editor.request({
      method: 'PUT', url: `/api/broadcast/${id}`, payload: { templateId, parameters: ['a', 'b', 'c'], contactIds: [layla.id], scheduledAt: later },
    });
    expect(moved.json()).toMatchObject({ status: 'scheduled', scheduledAt: later });

    expect((await sender.request({ method: 'POST', url: `/api/broadcast/${id}/cancel`, payload: {} })).statusCode).toBe(403);
    const canceller = await addMemberWith(suite.kit.t, suite.organizationId, ['broadcasts:view', 'broadcasts:delete']);
    const cancelled = await canceller.request({ method: 'POST', url: `/api/broadcast/${id}/cancel`, payload: {} });
    expect([cancelled.statusCode, cancelled.json().status]).toEqual([200, 'cancelled']);
    const twice = await canceller.request({ method: 'POST', url: `/api/broadcast/${id}/cancel`, payload: {} });
    expect([twice.statusCode, twice.json().error]).toEqual([409, BROADCAST_DRAFT_TEXTS.notScheduled]);

    await makeDue(id);
    await app().broadcastScheduler.drain();
    await dispatch();
    expect(sendsTo(layla.waId)).toBe(0);
    const { data }: BroadcastsResponse = (await suite.admin.request({ method: 'GET', url: '/api/broadcast?status=cancelled' })).json();
    expect(data.map((b) => b.id)).toContain(id);
  });

  it('a scheduled broadcast whose audience reaches no one fails with the reason when its time comes', async () => {
    const empty = await makeTag(db(), suite.organizationId, []);
    const { id } = (await compose(sender, { tagIds: [empty], scheduledAt: inSeconds(3600) })).json();
    await makeDue(id);
    await app().broadcastScheduler.drain();
    expect(await read(id)).toMatchObject({ status: 'failed', statusReason: 'None of the selected contacts can receive this broadcast' });
  });
});

describe('two processes on one database', () => {
  let other: FastifyInstance | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  async function secondProcess(): Promise<FastifyInstance> {
    const started = await buildApp(app().config, { database: suite.kit.t.database, logger: false });
    await started.ready();
    return started;
  }

  it('start a due broadcast exactly once when both schedulers look at the same moment', async () => {
    other = await secondProcess();
    const contacts = [await customer(), await customer(), await customer()];
    const { id } = (await compose(sender, { contactIds: contacts.map((c) => c.id), scheduledAt: inSeconds(3600) })).json();
    await makeDue(id);
    await Promise.all([app().broadcastScheduler.drain(), other.broadcastScheduler.drain()]);
    await Promise.all([app().broadcastDispatch.drain(), other.broadcastDispatch.drain()]);
    await dispatch();
    expect(contacts.map((c) => sendsTo(c.waId))).toEqual([1, 1, 1]);
    expect(await read(id)).toMatchObject({ status: 'completed', totalCount: 3, sentCount: 3 });
  });

  it('a broadcast scheduled through a process that has since shut down starts on time on the one still up', async () => {
    other = await secondProcess();
    const layla = await customer();
    const at = inSeconds(3600);
    const response = await other.inject({
      method: 'POST',
      url: '/api/broadcast',
      headers: { cookie: sender.cookie },
      payload: { templateId, parameters: ['Layla', 'DR-1', '12 December'], contactIds: [layla.id], scheduledAt: at },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    await other.close();
    other = undefined;
    expect((await read(id)).status).toBe('scheduled');
    // Its time comes once the other process is gone.
    await makeDue(id);

    // The running process's own poll picks it up (no drain called); wait for it to leave `scheduled`.
    let status = 'scheduled';
    for (let waited = 0; status === 'scheduled' && waited < 15_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await read(id)).status;
    }
    await dispatch();
    expect(sendsTo(layla.waId)).toBe(1);
  });
});

describe('access', () => {
  it('each draft and schedule endpoint needs a session and its permission, and another organization’s broadcast is not found', async () => {
    const layla = await customer();
    const { id } = (await compose(sender, { contactIds: [layla.id], scheduledAt: inSeconds(3600) })).json();
    const composition = { templateId, parameters: ['a', 'b', 'c'], contactIds: [layla.id] };
    const endpoints = [
      { method: 'GET', url: '/api/broadcast/schedule-zone', permission: 'broadcasts:view', payload: undefined },
      { method: 'PUT', url: `/api/broadcast/${id}`, permission: 'broadcasts:edit', payload: composition },
      { method: 'POST', url: `/api/broadcast/${id}/cancel`, permission: 'broadcasts:delete', payload: {} },
      { method: 'POST', url: `/api/broadcast/${id}/send`, permission: 'broadcasts:send', payload: {} },
    ] as const;
    const stranger = await signUpAdmin(app(), { organizationName: 'Elsewhere Traders' });
    for (const { method, url, permission, payload } of endpoints) {
      expect([url, (await app().inject({ method, url, payload })).statusCode]).toEqual([url, 401]);
      const without = await addMemberWith(suite.kit.t, suite.organizationId, ALL_PERMISSIONS.filter((p) => p !== permission));
      expect([url, (await without.request({ method, url, payload })).statusCode]).toEqual([url, 403]);
      const foreign = await stranger.request({ method, url, payload });
      expect([url, foreign.statusCode]).toEqual([url, url.endsWith('schedule-zone') ? 200 : 404]);
    }
    expect((await suite.admin.request({ method: 'GET', url: '/api/broadcast/schedule-zone' })).json()).toEqual({ timeZone: 'UTC' });
  });
});

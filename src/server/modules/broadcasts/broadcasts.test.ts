/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import { BROADCAST_TEXTS, type Broadcast, type BroadcastsResponse, type CreateBroadcastRequest } from '@shared/api/broadcasts';
import { HEADER_MEDIA_TEXTS } from '@shared/templates/header-media';
import { AUDIENCE_EITHER, parameterTooLong, TEMPLATE_REQUIRED } from '@shared/validation/broadcasts';
import { broadcasts, messages } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile, signUpAdmin, type Member } from '../../testing/test-app';
import { listRules } from '../automation/automation-rules-repository';
import {
  deleteContact, insertTemplate, makeContact, makeContacts, makeTag, recipientOf, recipientsOf, settleRecipient,
} from './broadcast-test-fixtures';

const suite = appWithAdminForFile();
const db = () => suite.t.database.db;

let templateId = '';
beforeAll(async () => {
  templateId = await insertTemplate(db(), suite.organizationId, { name: 'order_update' });
});

function create(payload: Partial<CreateBroadcastRequest>, { member = suite.admin, key }: { member?: Member; key?: string } = {}) {
  return member.request({
    method: 'POST',
    url: '/api/broadcast',
    payload: { templateId, parameters: ['Layla', 'A-1001'], ...payload },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

async function created(payload: Partial<CreateBroadcastRequest>): Promise<string> {
  const response = await create(payload);
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function broadcast(id: string): Promise<Broadcast> {
  const response = await suite.admin.request({ method: 'GET', url: `/api/broadcast/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('POST /api/broadcast', () => {
  it('queues one pending recipient per distinct live contact of the tags, with the template and its rules', async () => {
    const [a, b, c, gone] = await makeContacts(db(), suite.organizationId, 4);
    const vip = await makeTag(db(), suite.organizationId, [a.id, b.id, gone.id]);
    const buyers = await makeTag(db(), suite.organizationId, [b.id, c.id]);
    await deleteContact(db(), suite.organizationId, gone.id);

    const response = await create({
      tagIds: [vip, buyers],
      rules: [{ triggerId: '1', triggerText: 'Talk to an agent', actionType: 'assign_agent', targetUserId: suite.admin.user.userId }],
    });
    expect(response.statusCode).toBe(201);
    const { id, ...counts } = response.json();
    expect(counts).toEqual({ sentCount: 0, totalCount: 3 });

    const recipients = await recipientsOf(db(), id);
    expect(recipients.map((r) => r.contactId).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(recipients.every((r) => r.state === 'pending' && r.organizationId === suite.organizationId)).toBe(true);

    expect(await broadcast(id)).toMatchObject({
      id,
      templateName: 'order_update',
      templateLanguage: 'en_US',
      parameters: ['Layla', 'A-1001'],
      status: 'pending',
      statusReason: null,
      totalCount: 3,
      sentCount: 0,
      failedCount: 0,
      pendingCount: 3,
      unknownCount: 0,
      completedAt: null,
      createdBy: { name: 'Ada Admin' },
    });
    const [row] = await db().select().from(broadcasts).where(eq(broadcasts.id, id));
    expect(row.templateComponents).toEqual(expect.arrayContaining([{ type: 'BODY', text: 'Hi {{1}}, your order {{2}} is on its way.' }]));
    expect(await listRules(db(), suite.organizationId, id)).toEqual([
      expect.objectContaining({ triggerId: '1', triggerText: 'Talk to an agent', actionType: 'assign_agent', targetUserId: suite.admin.user.userId }),
    ]);
  });
});

describe('POST /api/broadcast rules', () => {
  it('to chosen contacts: deleted ones are not reached, and none reachable is refused', async () => {
    const [a, gone] = await makeContacts(db(), suite.organizationId, 2);
    await deleteContact(db(), suite.organizationId, gone.id);
    const response = await create({ contactIds: [a.id, gone.id, a.id] });
    expect(response.statusCode).toBe(201);
    expect(response.json().totalCount).toBe(1);
    expect((await recipientsOf(db(), response.json().id)).map((r) => r.contactId)).toEqual([a.id]);

    const none = await create({ contactIds: [gone.id] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: BROADCAST_TEXTS.noRecipients });
    const emptyTag = await makeTag(db(), suite.organizationId, [gone.id]);
    expect((await create({ tagIds: [emptyTag] })).json()).toEqual({ error: BROADCAST_TEXTS.noRecipients });
  });

  it('needs an approved template of the organization, with each of its parameters', async () => {
    const contact = await makeContact(db(), suite.organizationId);
    const contactIds = [contact.id];
    const expectRefused = async (payload: Partial<CreateBroadcastRequest>, error: string) => {
      const response = await create({ contactIds, ...payload });
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { error } });
    };
    await expectRefused({ templateId: randomUUID() }, TEMPLATE_REQUIRED);
    await expectRefused({ templateId: 'not-an-id' }, TEMPLATE_REQUIRED);
    const other = await signUpAdmin(suite.t.app, { organizationName: 'Template Owner' });
    const foreign = await insertTemplate(db(), other.user.organization!.organizationId);
    await expectRefused({ templateId: foreign }, TEMPLATE_REQUIRED);
    const pending = await insertTemplate(db(), suite.organizationId, { status: 'PENDING' });
    await expectRefused({ templateId: pending }, BROADCAST_TEXTS.templateNotApproved);
    const paused = await insertTemplate(db(), suite.organizationId, { status: 'PAUSED' });
    await expectRefused({ templateId: paused }, BROADCAST_TEXTS.templateNotApproved);

    await expectRefused({ parameters: [] }, 'Parameter 1 is required');
    await expectRefused({ parameters: ['Layla'] }, 'Parameter 2 is required');
    await expectRefused({ parameters: ['Layla', '  '] }, 'Parameter 2 is required');
    await expectRefused({ parameters: ['Layla', 'x'.repeat(1001)] }, parameterTooLong(2));
    const spacing = 'Parameter 2 cannot contain line breaks, tabs or more than 4 spaces in a row';
    for (const bad of ['A-1\nA-2', 'A-1\tA-2', 'A-1\r\n', 'A-1     A-2']) await expectRefused({ parameters: ['Layla', bad] }, spacing);
    await expectRefused({ parameters: ['Layla', 'A-1', 'extra'] }, 'This template takes 2 parameters, not 3');

    const imageHeader = await insertTemplate(db(), suite.organizationId, {
      components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Eid offers inside.' }],
    });
    await expectRefused({ templateId: imageHeader, parameters: [] }, HEADER_MEDIA_TEXTS.required('image'));
    const locationHeader = await insertTemplate(db(), suite.organizationId, {
      components: [{ type: 'HEADER', format: 'LOCATION' }, { type: 'BODY', text: 'Find us here.' }],
    });
    await expectRefused({ templateId: locationHeader, parameters: [], header: { link: 'https://maps.example.com/shop' } }, HEADER_MEDIA_TEXTS.unsendable);

    const plain = await insertTemplate(db(), suite.organizationId, { components: [{ type: 'BODY', text: 'Our shop is open late today.' }] });
    expect((await create({ templateId: plain, parameters: [], contactIds })).statusCode).toBe(201);
  });

  it('needs one audience, of live tags or contacts of the organization', async () => {
    const contact = await makeContact(db(), suite.organizationId);
    const tag = await makeTag(db(), suite.organizationId, [contact.id]);
    const other = await signUpAdmin(suite.t.app, { organizationName: 'Audience Owner' });
    const otherOrganization = other.user.organization!.organizationId;
    const foreignContact = await makeContact(db(), otherOrganization);
    const foreignTag = await makeTag(db(), otherOrganization, [foreignContact.id]);
    const deletedTag = await makeTag(db(), suite.organizationId, [contact.id]);
    await suite.admin.request({ method: 'DELETE', url: `/api/tags/${deletedTag}` });

    const refusal = async (payload: Partial<CreateBroadcastRequest>) => (await create(payload)).json().error;
    expect(await refusal({})).toBe('Please select at least one tag');
    expect(await refusal({ tagIds: [] })).toBe('Please select at least one tag');
    expect(await refusal({ tagIds: [tag], contactIds: [contact.id] })).toBe(AUDIENCE_EITHER);
    expect(await refusal({ tagIds: Array.from({ length: 21 }, () => randomUUID()) })).toBe('Too many tags selected (max 20)');
    expect(await refusal({ tagIds: [tag, foreignTag] })).toBe('Tag not found');
    expect(await refusal({ tagIds: [deletedTag] })).toBe('Tag not found');
    expect(await refusal({ contactIds: [contact.id, foreignContact.id] })).toBe('Contact not found');
    expect(await refusal({ contactIds: [] })).toBe('Please select at least one contact');
    expect(await recipientsOf(db(), randomUUID())).toEqual([]);
  });

  it("takes rules only for the template's quick replies, with a member or a live tag as target", async () => {
    const contact = await makeContact(db(), suite.organizationId);
    const tag = await makeTag(db(), suite.organizationId);
    const refusal = async (rules: CreateBroadcastRequest['rules']) => {
      const response = await create({ contactIds: [contact.id], rules });
      expect(response.statusCode).toBe(400);
      return response.json().error;
    };
    expect(await refusal([{ triggerId: '2', triggerText: 'Our shop', actionType: 'do_nothing' }])).toMatch(/quick-reply buttons/);
    expect(await refusal([{ triggerId: '7', triggerText: 'Nope', actionType: 'do_nothing' }])).toMatch(/quick-reply buttons/);
    expect(await refusal([{ triggerId: '0', triggerText: 'Track my order', actionType: 'assign_agent' }])).toBe('Please select an agent');
    expect(await refusal([{ triggerId: '0', triggerText: 'Track my order', actionType: 'assign_agent', targetUserId: randomUUID() }]))
      .toBe('Agent not found');
    expect(await refusal([{ triggerId: '0', triggerText: 'Track my order', actionType: 'add_tag', targetTagId: randomUUID() }]))
      .toBe('Tag not found');

    const response = await create({
      contactIds: [contact.id],
      rules: [
        { triggerId: '0', triggerText: 'whatever the client says', actionType: 'add_tag', targetTagId: tag },
        { triggerId: '1', triggerText: 'Talk to an agent', actionType: 'do_nothing' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const rules = await listRules(db(), suite.organizationId, response.json().id);
    expect(rules.map((r) => [r.triggerId, r.triggerText, r.actionType, r.targetTagId])).toEqual([
      ['0', 'Track my order', 'add_tag', tag],
      ['1', 'Talk to an agent', 'do_nothing', null],
    ]);
  });
});

describe('Idempotency-Key', () => {
  it('a repeated request answers the same broadcast with 200 and queues nobody twice', async () => {
    const contacts = await makeContacts(db(), suite.organizationId, 2);
    const tagIds = [await makeTag(db(), suite.organizationId, contacts.map((c) => c.id))];
    const key = randomUUID();
    const first = await create({ tagIds }, { key });
    expect(first.statusCode).toBe(201);
    const again = await create({ tagIds }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await recipientsOf(db(), first.json().id)).toHaveLength(2);
    expect(await db().select().from(broadcasts).where(eq(broadcasts.idempotencyKey, key))).toHaveLength(1);

    const different = await create({ tagIds, parameters: ['Someone else', 'A-1001'] }, { key });
    expect(different.statusCode).toBe(409);
    expect(different.json()).toEqual({ error: BROADCAST_TEXTS.idempotencyKeyReused });

    // Keys are the organization's own: another organization's identical key is another broadcast.
    const other = await signUpAdmin(suite.t.app, { organizationName: 'Same Key Shop' });
    const otherOrganization = other.user.organization!.organizationId;
    const otherContact = await makeContact(db(), otherOrganization);
    const otherTemplate = await insertTemplate(db(), otherOrganization, { name: 'order_update' });
    const theirs = await create({ templateId: otherTemplate, contactIds: [otherContact.id] }, { member: other, key });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
  });

  it('two requests at once with the same key make one broadcast', async () => {
    const contacts = await makeContacts(db(), suite.organizationId, 3);
    const tagIds = [await makeTag(db(), suite.organizationId, contacts.map((c) => c.id))];
    const key = randomUUID();
    const answers = await Promise.all([create({ tagIds }, { key }), create({ tagIds }, { key }), create({ tagIds }, { key })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await db().select().from(broadcasts).where(eq(broadcasts.idempotencyKey, key))).toHaveLength(1);
    expect(await recipientsOf(db(), answers[0].json().id)).toHaveLength(3);
  });

  it('the same request in another order of tags is the same request; a key over 200 characters is refused', async () => {
    const contacts = await makeContacts(db(), suite.organizationId, 2);
    const one = await makeTag(db(), suite.organizationId, [contacts[0].id]);
    const two = await makeTag(db(), suite.organizationId, [contacts[1].id]);
    const key = randomUUID();
    expect((await create({ tagIds: [one, two] }, { key })).statusCode).toBe(201);
    expect((await create({ tagIds: [two, one] }, { key })).statusCode).toBe(200);

    const long = await create({ tagIds: [one] }, { key: 'k'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/Idempotency-Key/);
    expect((await create({ tagIds: [one] }, { key: 'k'.repeat(200) })).statusCode).toBe(201);
    // Without a key, each request is a new broadcast.
    expect((await create({ tagIds: [one] })).statusCode).toBe(201);
    expect((await create({ tagIds: [one] })).statusCode).toBe(201);
  });
});

describe('POST /api/broadcast/audience', () => {
  it('counts the distinct live contacts a broadcast would reach', async () => {
    const [a, b, c, gone] = await makeContacts(db(), suite.organizationId, 4);
    const one = await makeTag(db(), suite.organizationId, [a.id, b.id, gone.id]);
    const two = await makeTag(db(), suite.organizationId, [b.id, c.id, gone.id]);
    await deleteContact(db(), suite.organizationId, gone.id);
    const audience = (payload: object, member: Member = suite.admin) =>
      member.request({ method: 'POST', url: '/api/broadcast/audience', payload });

    expect((await audience({ tagIds: [one, two] })).json()).toEqual({ count: 3 });
    expect((await audience({ tagIds: [one] })).json()).toEqual({ count: 2 });
    expect((await audience({ contactIds: [a.id, gone.id] })).json()).toEqual({ count: 1 });
    expect((await audience({ tagIds: [one], contactIds: [a.id] })).json()).toEqual({ error: AUDIENCE_EITHER });
    expect((await audience({ tagIds: [randomUUID()] })).json()).toEqual({ error: 'Tag not found' });

    const other = await signUpAdmin(suite.t.app, { organizationName: 'Audience Counter' });
    const theirs = await audience({ tagIds: [one] }, other);
    expect({ status: theirs.statusCode, body: theirs.json() }).toEqual({ status: 400, body: { error: 'Tag not found' } });
    // The figure is the one a broadcast gets.
    expect((await create({ tagIds: [one, two] })).json().totalCount).toBe(3);
  });
});

describe('GET /api/broadcast', () => {
  it('pages of 10, newest first, with a status filter and counts derived from the recipients', async () => {
    const { t } = suite;
    const owner = await signUpAdmin(t.app, { name: 'Lina Lister', organizationName: 'Lister Shop' });
    const organizationId = owner.user.organization!.organizationId;
    const template = await insertTemplate(db(), organizationId);
    const contacts = await makeContacts(db(), organizationId, 5);
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await create({ templateId: template, contactIds: contacts.map((c) => c.id) }, { member: owner });
      ids.push(response.json().id);
    }
    const newest = ids[11];
    const outcomes = [
      { state: 'sent', messageStatus: 'read' },
      { state: 'sent', messageStatus: 'delivered' },
      { state: 'failed', errorCode: 131026, errorMessage: 'Message undeliverable' },
      { state: 'ambiguous' },
      { state: 'sending' },
    ] as const;
    for (const [i, outcome] of outcomes.entries()) await settleRecipient(db(), organizationId, newest, contacts[i].id, outcome);
    await db().update(broadcasts).set({ status: 'processing' }).where(eq(broadcasts.id, newest));

    const list = async (query = ''): Promise<BroadcastsResponse> => {
      const response = await owner.request({ method: 'GET', url: `/api/broadcast${query}` });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const first = await list();
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2, hasNext: true });
    expect(first.data.map((b) => b.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(first.data[0]).toMatchObject({
      status: 'processing', totalCount: 5, sentCount: 2, failedCount: 1, unknownCount: 1, pendingCount: 1, deliveredCount: 2, readCount: 1,
      createdBy: { name: 'Lina Lister' },
    });
    expect(first.data[1]).toMatchObject({ status: 'pending', totalCount: 5, sentCount: 0, pendingCount: 5, deliveredCount: 0 });
    expect((await list('?page=2')).data.map((b) => b.id)).toEqual([ids[1], ids[0]]);
    expect((await list('?status=processing')).data.map((b) => b.id)).toEqual([newest]);
    expect((await list('?status=completed')).data).toEqual([]);
    const bad = await owner.request({ method: 'GET', url: '/api/broadcast?status=sending' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Status must be one of/);
  });

  it('GET /:id answers 404 for a missing, malformed or foreign id', async () => {
    const contact = await makeContact(db(), suite.organizationId);
    const id = await created({ contactIds: [contact.id] });
    const other = await signUpAdmin(suite.t.app, { organizationName: 'Nosy Shop' });
    for (const [member, url] of [[other, `/api/broadcast/${id}`], [suite.admin, `/api/broadcast/${randomUUID()}`], [suite.admin, '/api/broadcast/nope']] as const) {
      const response = await member.request({ method: 'GET', url });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 404, body: { error: BROADCAST_TEXTS.notFound } });
    }
    expect((await other.request({ method: 'GET', url: '/api/broadcast' })).json().data.map((b: Broadcast) => b.id)).not.toContain(id);
  });
});

describe('DELETE /api/broadcast/:id', () => {
  it('cancels what is still queued and deletes the broadcast; sent messages stay in their conversations', async () => {
    const contacts = await makeContacts(db(), suite.organizationId, 3);
    const id = await created({ contactIds: contacts.map((c) => c.id) });
    await db().update(broadcasts).set({ status: 'processing' }).where(eq(broadcasts.id, id));
    const messageId = await settleRecipient(db(), suite.organizationId, id, contacts[0].id, { state: 'sent', messageStatus: 'delivered' });

    const response = await suite.admin.request({ method: 'DELETE', url: `/api/broadcast/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Broadcast deleted successfully' });
    expect((await suite.admin.request({ method: 'GET', url: `/api/broadcast/${id}` })).statusCode).toBe(404);
    expect(await recipientsOf(db(), id)).toEqual([]);
    expect(await db().select({ id: messages.id }).from(messages).where(eq(messages.id, messageId!))).toEqual([{ id: messageId }]);

    const again = await suite.admin.request({ method: 'DELETE', url: `/api/broadcast/${id}` });
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 404, body: { error: BROADCAST_TEXTS.notFound } });
  });
});

describe('POST /api/broadcast/:id/retry-failed', () => {
  it('re-queues failed recipients that were never delivered, once each, and reopens a finished broadcast', async () => {
    const contacts = await makeContacts(db(), suite.organizationId, 5);
    const id = await created({ contactIds: contacts.map((c) => c.id) });
    const [neverSent, rejected, deliveredThenFailed, sent, unknown] = contacts;
    await settleRecipient(db(), suite.organizationId, id, neverSent.id, { state: 'failed', errorCode: 131026, errorMessage: 'Message undeliverable' });
    await settleRecipient(db(), suite.organizationId, id, rejected.id, { state: 'failed', messageStatus: 'failed', errorCode: 131049, errorMessage: 'Not delivered' });
    await settleRecipient(db(), suite.organizationId, id, deliveredThenFailed.id, { state: 'failed', messageStatus: 'delivered', errorCode: 131000 });
    await settleRecipient(db(), suite.organizationId, id, sent.id, { state: 'sent', messageStatus: 'read' });
    await settleRecipient(db(), suite.organizationId, id, unknown.id, { state: 'ambiguous' });
    await db().update(broadcasts).set({ status: 'completed', completedAt: new Date() }).where(eq(broadcasts.id, id));

    const retry = () => suite.admin.request({ method: 'POST', url: `/api/broadcast/${id}/retry-failed`, payload: {} });
    const first = await retry();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ requeued: 2 });
    for (const contact of [neverSent, rejected]) {
      expect(await recipientOf(db(), id, contact.id)).toMatchObject({ state: 'pending', retried: true, errorCode: null, errorMessage: null });
    }
    expect((await recipientOf(db(), id, deliveredThenFailed.id)).state).toBe('failed');
    expect((await recipientOf(db(), id, unknown.id)).state).toBe('ambiguous');
    expect(await broadcast(id)).toMatchObject({ status: 'processing', completedAt: null, pendingCount: 2, failedCount: 1 });

    // They fail again: a recipient is retried at most once.
    await settleRecipient(db(), suite.organizationId, id, neverSent.id, { state: 'failed', errorCode: 131026, errorMessage: 'Message undeliverable' });
    expect((await retry()).json()).toEqual({ requeued: 0 });
    expect((await recipientOf(db(), id, neverSent.id)).state).toBe('failed');
  });
});

describe('POST /api/broadcast/:id/resume', () => {
  it('moves a paused broadcast back to processing and refuses any other', async () => {
    const contact = await makeContact(db(), suite.organizationId);
    const id = await created({ contactIds: [contact.id] });
    const resume = () => suite.admin.request({ method: 'POST', url: `/api/broadcast/${id}/resume`, payload: {} });
    const refused = await resume();
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 409, body: { error: BROADCAST_TEXTS.notPaused } });

    await db().update(broadcasts).set({ status: 'paused', statusReason: 'Meta paused the template' }).where(eq(broadcasts.id, id));
    expect(await broadcast(id)).toMatchObject({ status: 'paused', statusReason: 'Meta paused the template' });
    const resumed = await resume();
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ id, status: 'processing', statusReason: null });
    expect((await resume()).statusCode).toBe(409);
  });
});

describe('access', () => {
  it('each endpoint needs a session and its permission, and another organization\'s broadcast is not found', async () => {
    const contact = await makeContact(db(), suite.organizationId);
    const id = await created({ contactIds: [contact.id] });
    await db().update(broadcasts).set({ status: 'paused', statusReason: 'Template paused' }).where(eq(broadcasts.id, id));
    const endpoints = [
      { method: 'GET', url: '/api/broadcast', permission: 'broadcasts:view' },
      { method: 'GET', url: `/api/broadcast/${id}`, permission: 'broadcasts:view', byId: true },
      { method: 'GET', url: `/api/broadcast/${id}/analytics`, permission: 'analytics:view', byId: true },
      { method: 'GET', url: `/api/broadcast/${id}/recipients`, permission: 'analytics:view_advanced', byId: true },
      // The recipients CSV is a drill-down too: it takes analytics:view_advanced besides.
      { method: 'GET', url: `/api/broadcast/${id}/recipients.csv`, permission: 'analytics:export', alsoNeeds: ['analytics:view_advanced'], byId: true },
      { method: 'POST', url: '/api/broadcast/audience', permission: 'broadcasts:create', payload: { contactIds: [contact.id] } },
      // A draft: sending it at once also takes broadcasts:send (broadcast-drafts.test.ts).
      { method: 'POST', url: '/api/broadcast', permission: 'broadcasts:create', payload: { templateId, parameters: ['a', 'b'], contactIds: [contact.id], draft: true } },
      { method: 'POST', url: `/api/broadcast/${id}/retry-failed`, permission: 'broadcasts:send', payload: {}, byId: true },
      { method: 'POST', url: `/api/broadcast/${id}/resend-unconfirmed`, permission: 'broadcasts:send', payload: {}, byId: true },
      { method: 'POST', url: `/api/broadcast/${id}/resume`, permission: 'broadcasts:send', payload: {}, byId: true },
      { method: 'DELETE', url: `/api/broadcast/${id}`, permission: 'broadcasts:delete', byId: true },
    ] as const;
    const stranger = await signUpAdmin(suite.t.app, { organizationName: 'Stranger Shop' });
    for (const endpoint of endpoints) {
      const { method, url, permission } = endpoint;
      const payload = 'payload' in endpoint ? endpoint.payload : undefined;
      const anonymous = await suite.t.app.inject({ method, url, payload });
      expect({ method, url, status: anonymous.statusCode }).toEqual({ method, url, status: 401 });
      const without = await addMemberWith(suite.t, suite.organizationId, ALL_PERMISSIONS.filter((p) => p !== permission));
      const refused = await without.request({ method, url, payload });
      expect({ method, url, status: refused.statusCode }).toEqual({ method, url, status: 403 });
      if ('byId' in endpoint) {
        const foreign = await stranger.request({ method, url, payload });
        expect({ method, url, status: foreign.statusCode, body: foreign.json() })
          .toEqual({ method, url, status: 404, body: { error: BROADCAST_TEXTS.notFound } });
      }
      const holder = await addMemberWith(suite.t, suite.organizationId, [...('alsoNeeds' in endpoint ? endpoint.alsoNeeds : []), permission]);
      const allowed = await holder.request({ method, url, payload });
      expect({ method, url, status: allowed.statusCode }).toEqual({ method, url, status: method === 'POST' && url === '/api/broadcast' ? 201 : 200 });
    }
  });
});

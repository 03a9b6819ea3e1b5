/** @jest-environment node */
import { samplePhoto } from '@sandbox/media-samples';
import { RULES_NEED_AUTOMATION_CREATE, type BroadcastDetail } from '@shared/api/broadcast-detail';
import type { AutomationRuleInput, CreateBroadcastRequest } from '@shared/api/broadcasts';
import type { TemplateComponent } from '@shared/api/templates';
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile, signUpAdmin, type Member } from '../../testing/test-app';
import { insertTemplate, makeContacts, makeTag } from './broadcast-test-fixtures';

const suite = appWithAdminForFile();
const db = () => suite.t.database.db;

const PHOTO_COMPONENTS: TemplateComponent[] = [
  { type: 'HEADER', format: 'IMAGE' },
  { type: 'BODY', text: 'Hi {{1}}, our offer is here.' },
];

const TALK_TO_AGENT: AutomationRuleInput = { triggerId: '1', triggerText: 'Talk to an agent', actionType: 'do_nothing' };

let templateId = '';
let photoTemplateId = '';
beforeAll(async () => {
  templateId = await insertTemplate(db(), suite.organizationId);
  photoTemplateId = await insertTemplate(db(), suite.organizationId, { components: PHOTO_COMPONENTS });
});

function compose(member: Member, payload: Partial<CreateBroadcastRequest>) {
  return member.request({ method: 'POST', url: '/api/broadcast', payload: { templateId, parameters: ['Layla', 'A-1'], draft: true, ...payload } });
}

async function draftOf(payload: Partial<CreateBroadcastRequest>): Promise<string> {
  const response = await compose(suite.admin, payload);
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

function edit(member: Member, id: string, payload: Partial<CreateBroadcastRequest>) {
  return member.request({ method: 'PUT', url: `/api/broadcast/${id}`, payload: { templateId, parameters: ['Layla', 'A-1'], ...payload } });
}

async function detail(id: string, member: Member = suite.admin): Promise<BroadcastDetail> {
  const response = await member.request({ method: 'GET', url: `/api/broadcast/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** POST /api/media/template-header with a browser's FormData body; answers the stored file's id. */
async function uploadPhoto(name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(samplePhoto(3).data)]), name);
  const body = new Response(form);
  const response = await suite.admin.request({
    method: 'POST',
    url: '/api/media/template-header',
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') ?? '' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().mediaId;
}

describe('button rules need automation:create', () => {
  it('refuses a draft or a broadcast sent now with rules to a member without it, and takes the same without rules', async () => {
    const [layla] = await makeContacts(db(), suite.organizationId, 1);
    const composer = await addMemberWith(suite.t, suite.organizationId, ['broadcasts:view', 'broadcasts:create', 'broadcasts:send']);

    for (const draft of [true, false]) {
      const refused = await compose(composer, { contactIds: [layla.id], draft, rules: [TALK_TO_AGENT] });
      expect({ draft, status: refused.statusCode, error: refused.json().error }).toEqual({ draft, status: 403, error: RULES_NEED_AUTOMATION_CREATE });
    }
    expect((await compose(composer, { contactIds: [layla.id], rules: [] })).statusCode).toBe(201);

    const automator = await addMemberWith(suite.t, suite.organizationId, ['broadcasts:view', 'broadcasts:create', 'automation:create']);
    const withRules = await compose(automator, { contactIds: [layla.id], rules: [TALK_TO_AGENT] });
    expect(withRules.statusCode).toBe(201);
    expect((await detail(withRules.json().id)).rules).toMatchObject([{ triggerId: '1', actionType: 'do_nothing' }]);
  });

  it('refuses an edit that sets rules to a member without it; an edit without rules keeps the draft\'s rules', async () => {
    const [layla] = await makeContacts(db(), suite.organizationId, 1);
    const id = await draftOf({ contactIds: [layla.id], rules: [{ ...TALK_TO_AGENT, actionType: 'assign_agent', targetUserId: suite.admin.user.userId }] });
    const editor = await addMemberWith(suite.t, suite.organizationId, ['broadcasts:view', 'broadcasts:edit']);

    const refused = await edit(editor, id, { contactIds: [layla.id], rules: [TALK_TO_AGENT] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(RULES_NEED_AUTOMATION_CREATE);
    expect((await detail(id)).rules).toMatchObject([{ triggerId: '1', actionType: 'assign_agent', targetUserId: suite.admin.user.userId }]);

    expect((await edit(editor, id, { contactIds: [layla.id], name: 'Renamed by the editor' })).statusCode).toBe(200);
    const edited = await detail(id);
    expect(edited.name).toBe('Renamed by the editor');
    expect(edited.rules).toMatchObject([{ triggerId: '1', actionType: 'assign_agent', targetUserId: suite.admin.user.userId }]);

    const automator = await addMemberWith(suite.t, suite.organizationId, ['broadcasts:view', 'broadcasts:edit', 'automation:create']);
    expect((await edit(automator, id, { contactIds: [layla.id], rules: [{ ...TALK_TO_AGENT, triggerId: '0', triggerText: 'Track my order' }] })).statusCode).toBe(200);
    expect((await detail(id)).rules).toMatchObject([{ triggerId: '0', triggerText: 'Track my order', actionType: 'do_nothing' }]);
  });
});

describe('GET /api/broadcast/{id} gives the form what it needs', () => {
  it('answers a scheduled broadcast\'s template id, parameters as sent, tags, name, time, buttons and rules', async () => {
    const vip = await makeTag(db(), suite.organizationId, []);
    const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
    const response = await suite.admin.request({
      method: 'POST',
      url: '/api/broadcast',
      payload: {
        templateId,
        parameters: [{ field: 'name', fallback: 'there' }, 'A-7'],
        tagIds: [vip],
        name: 'Eid offer to VIPs',
        scheduledAt,
        rules: [{ ...TALK_TO_AGENT, actionType: 'add_tag', targetTagId: vip }],
      },
    });
    expect(response.statusCode).toBe(201);

    const answer = await detail(response.json().id);
    expect(answer).toMatchObject({
      templateId,
      parameters: [{ field: 'name', fallback: 'there' }, 'A-7'],
      audience: { tags: [{ id: vip }] },
      contacts: [],
      name: 'Eid offer to VIPs',
      scheduledAt,
      status: 'scheduled',
      header: null,
      buttons: [{ id: '0', text: 'Track my order' }, { id: '1', text: 'Talk to an agent' }],
      rules: [{ triggerId: '1', triggerText: 'Talk to an agent', actionType: 'add_tag', targetTagId: vip, targetUserId: null }],
    });
  });

  it('names the chosen contacts for the form\'s chips, in the order chosen', async () => {
    const [first, second] = await makeContacts(db(), suite.organizationId, 2);
    const id = await draftOf({ contactIds: [second.id, first.id] });
    const { contacts } = await detail(id);
    expect(contacts.map((contact) => contact.id)).toEqual([second.id, first.id]);
    expect(contacts[0]).toEqual({
      id: second.id, name: null, profileName: expect.stringMatching(/^Customer /), countryCode: expect.any(String), phoneNumber: expect.any(String),
    });
  });

  it('answers a header file as its upload did, and a header link as given', async () => {
    const [layla] = await makeContacts(db(), suite.organizationId, 1);
    const mediaId = await uploadPhoto('eid-offer.png');
    const withFile = await draftOf({ templateId: photoTemplateId, parameters: ['Layla'], contactIds: [layla.id], header: { mediaId } });
    expect((await detail(withFile)).header).toEqual({ mediaId, kind: 'image', mimeType: 'image/png', fileName: 'eid-offer.png', sizeBytes: expect.any(Number) });

    const link = 'https://cdn.example.com/eid.png';
    const withLink = await draftOf({ templateId: photoTemplateId, parameters: ['Layla'], contactIds: [layla.id], header: { link } });
    expect((await detail(withLink)).header).toEqual({ link });
  });

  it('leaves the rules out for a member who may not see automation', async () => {
    const [layla] = await makeContacts(db(), suite.organizationId, 1);
    const id = await draftOf({ contactIds: [layla.id], rules: [TALK_TO_AGENT] });
    const viewer = await addMemberWith(suite.t, suite.organizationId, ['broadcasts:view']);
    const answer = await detail(id, viewer);
    expect(answer.templateId).toBe(templateId);
    expect('rules' in answer).toBe(false);
  });

  it('answers 404 for another organization\'s broadcast', async () => {
    const [layla] = await makeContacts(db(), suite.organizationId, 1);
    const id = await draftOf({ contactIds: [layla.id] });
    const stranger = await signUpAdmin(suite.t.app, { name: 'Other Owner', organizationName: 'Another Shop' });
    expect((await stranger.request({ method: 'GET', url: `/api/broadcast/${id}` })).statusCode).toBe(404);
  });
});

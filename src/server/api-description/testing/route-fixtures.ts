import type { InjectOptions } from 'fastify';
import { object, type Schema } from 'yup';
import { samplePhoto, type SampleFile } from '@sandbox/media-samples';
import type { Permission } from '@shared/permissions/catalogue';
import { importTagSchema } from '@shared/validation/contact-import';
import { mediaUploadFieldsSchema } from '@shared/validation/conversations';
import { createSession } from '../../modules/members/sessions-service';
import { insertTemplate } from '../../modules/broadcasts/broadcast-test-fixtures';
import { customerNumber, customerWrites } from '../../modules/conversations/inbox-test-fixtures';
import { insertMediaFiles } from '../../modules/media/media-files-repository';
import { storeInvitation } from '../../modules/invitations/invitations-service';
import { insertMembership } from '../../modules/members/members-repository';
import { insertUser } from '../../modules/members/users-repository';
import { uuidv7 } from '../../lib/ids';
import { hashToken } from '../../lib/secret-tokens';
import { sessionCookieName } from '../../modules/auth/session-plugin';
import { createRole } from '../../testing/fixtures';
import { multipartBody } from '../../testing/multipart';
import { asMember, organizationOf, uniqueEmail, type Member, type TestApp } from '../../testing/test-app';
import type { DeclaredRoute } from '../route-registry';

/**
 * Records of one organization for every kind of id a route's URL or input can name, so tests that walk
 * the route table (the access matrix, the API fuzzing) can fill any URL and any id field. A route whose
 * URL names something this file does not know makes those tests fail until it is added to PARAM_RECORDS
 * (an id field, until id-fields.ts knows its kind), so no route escapes them.
 */
export interface OrganizationRecords {
  organizationId: string;
  contact: string;
  conversation: string;
  /** The customer's message that opened the conversation. */
  message: string;
  note: string;
  tag: string;
  role: string;
  member: string;
  memberUserId: string;
  invitation: string;
  invitationToken: string;
  template: string;
  broadcast: string;
  rule: string;
  media: string;
  cannedResponse: string;
  /** The admin's own session (a member names their sessions by id). */
  session: string;
}

/** A kind of record a request can name; `memberUserId` is a member named by their user id (an assignee, an agent). */
export type RecordKind = Exclude<keyof OrganizationRecords, 'organizationId'>;

/** Which record a URL parameter names: `:id` by the path segment before it, other parameters by their name. */
const PARAM_RECORDS: Record<string, RecordKind> = {
  'contacts/:id': 'contact',
  ':contactId': 'contact',
  ':noteId': 'note',
  'conversations/:id': 'conversation',
  'tags/:id': 'tag',
  'roles/:id': 'role',
  'members/:id': 'member',
  'invitations/:id': 'invitation',
  ':token': 'invitationToken',
  'broadcast/:id': 'broadcast',
  'rules/:id': 'rule',
  'media/:id': 'media',
  'canned-responses/:id': 'cannedResponse',
  'sessions/:id': 'session',
};

/** The record kind each URL parameter of a route names; `undefined` for one no fixture fills. */
function paramKinds(url: string): Array<{ param: string; key: string; kind: RecordKind | undefined }> {
  const segments = url.split('/');
  return segments.flatMap((segment, index) => {
    if (!segment.startsWith(':')) return [];
    const key = segment === ':id' ? `${segments[index - 1]}/:id` : segment;
    return [{ param: segment, key, kind: PARAM_RECORDS[key] }];
  });
}

/** The URL parameters of a route that no fixture can fill, as `GET /api/x/:id (x/:id)`. */
export function unfillableParams(route: Pick<DeclaredRoute, 'method' | 'url'>): string[] {
  return paramKinds(route.url).filter((entry) => !entry.kind).map((entry) => `${route.method} ${route.url} (${entry.key})`);
}

/** Each URL parameter's value (by name, without the colon) naming the organization's records, or, with `null`, records that exist nowhere. */
export function paramValues(url: string, records: OrganizationRecords | null): Record<string, string> {
  return Object.fromEntries(paramKinds(url).map(({ param, kind }) => {
    if (!kind) throw new Error(`No fixture fills ${param} of ${url}: add it to PARAM_RECORDS`);
    return [param.slice(1), records ? records[kind] : missingValueOf(kind)];
  }));
}

/** The route's URL with its parameters filled (each value URL-encoded). */
export function urlWith(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => percentEncoded(values[name] ?? ''));
}

/**
 * `encodeURIComponent`, except that a lone surrogate (which it refuses) is sent as the bytes a careless
 * client would send for it: the invalid UTF-8 sequence of its code unit.
 */
function percentEncoded(value: string): string {
  return [...value].map((character) => {
    const unit = character.charCodeAt(0);
    if (character.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(character);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  }).join('');
}

/** The route's URL naming the given organization's records (or, with `null`, records that exist nowhere). */
export function urlNaming(url: string, records: OrganizationRecords | null): string {
  return urlWith(url, paramValues(url, records));
}

/** A value of the kind that names no record anywhere. */
export function missingValueOf(kind: RecordKind): string {
  return kind === 'invitationToken' ? 'no-such-invitation-token' : uuidv7();
}

/**
 * Input that passes each route's schema, so a call reaches the route's own lookup of the records its URL
 * names (an invalid body would be refused first, and prove nothing about them). Keyed `METHOD url`; a
 * route whose schema needs fields and that is missing here answers 400 in the matrix, which names it.
 */
export const SAMPLE_INPUT: Record<string, (records: OrganizationRecords) => SampleInput> = {
  'POST /api/contacts': (records) => ({ payload: { countryCode: '+971', phoneNumber: '501234999', tagIds: [records.tag] } }),
  'PUT /api/contacts/:id': (records) => ({ payload: { name: 'Matrix Person', countryCode: '+971', phoneNumber: '501234998', tagIds: [records.tag] } }),
  'POST /api/contacts/:contactId/notes': () => ({ payload: { content: 'A note from the matrix' } }),
  'PUT /api/contacts/:contactId/notes/:noteId': () => ({ payload: { content: 'An edit from the matrix' } }),
  'POST /api/tags': () => ({ payload: { name: 'Matrix', color: '#1976d2' } }),
  'GET /api/tags/contacts': (records) => ({ query: { tags: records.tag } }),
  'GET /api/contacts/export.csv': (records) => ({ query: { tags: records.tag } }),
  'PUT /api/tags/:id': () => ({ payload: { name: 'Matrix', color: '#1976d2' } }),
  'POST /api/roles': () => ({ payload: { name: 'Matrix Role', description: 'From the matrix', permissions: ['chats:view'] } }),
  'PUT /api/roles/:id': () => ({ payload: { name: 'Matrix Role', description: 'From the matrix', permissions: ['chats:view'] } }),
  'PUT /api/members/:id/role': (records) => ({ payload: { roleId: records.role } }),
  'POST /api/members/invite': (records) => ({ payload: { email: 'matrix.invitee@example.com', roleId: records.role } }),
  'POST /api/conversations/:id/messages': () => ({ payload: { content: 'Hello from the matrix', clientId: '0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee' } }),
  'POST /api/conversations/:id/messages/template': (records) => ({
    payload: { templateId: records.template, parameters: ['Layla', 'A-1'], clientId: '0190aaaa-bbbb-7ccc-8ddd-ffffffffffff' },
  }),
  'POST /api/conversations/:id/notes': (records) => ({ payload: { content: 'A note from the matrix', mentions: [records.memberUserId] } }),
  'PATCH /api/conversations/:id/assign': (records) => ({ payload: { assignToUserId: records.memberUserId } }),
  'GET /api/conversations/:id/messages/poll': (records) => ({ query: { lastMessageId: records.message } }),
  'PATCH /api/conversations/:id/status': () => ({ payload: { status: 'resolved' } }),
  'GET /api/media/:id/content': () => ({ query: { expires: String(Math.floor(Date.now() / 1000) + 3600), signature: 'matrix' } }),
  'POST /api/broadcast': (records) => ({ payload: { templateId: records.template, parameters: [{ field: 'name', fallback: 'there' }, 'A-1'], tagIds: [records.tag] } }),
  'POST /api/broadcast/audience': (records) => ({ payload: { tagIds: [records.tag] } }),
  'PUT /api/broadcast/:id': (records) => ({ payload: { templateId: records.template, parameters: ['Layla', 'A-1'], tagIds: [records.tag] } }),
  'POST /api/broadcast/audience/sample': (records) => ({ payload: { tagIds: [records.tag], position: 0 } }),
  'POST /api/broadcast/audience/check': (records) => ({ payload: { tagIds: [records.tag], templateId: records.template } }),
  'GET /api/automation/rules': (records) => ({ query: { broadcastId: records.broadcast } }),
  'POST /api/automation/rules': (records) => ({
    payload: { broadcastId: records.broadcast, rules: [{ triggerId: '1', triggerText: 'Talk to an agent', actionType: 'do_nothing' }] },
  }),
  'PUT /api/automation/rules/:id': (records) => ({ payload: { actionType: 'add_tag', targetTagId: records.tag } }),
  'POST /api/canned-responses': () => ({ payload: { shortcut: 'matrix', content: 'Hello {{contact.name}}' } }),
  'PUT /api/canned-responses/:id': () => ({ payload: { shortcut: 'matrix-edit', content: 'Hello again' } }),
  'PUT /api/settings/whatsapp': () => ({
    payload: { accessToken: 'EAAmatrixmatrixmatrixmatrix', phoneNumberId: '1234567890', businessAccountId: '1234567890', webhookVerifyToken: 'matrix-token' },
  }),
};

/** A route's input: a JSON body, a query string, or (for an upload) a multipart form. */
export interface SampleInput {
  payload?: Record<string, unknown>;
  query?: Record<string, string>;
  form?: FormSample;
}

/** A multipart upload as a browser's FormData sends it: text fields, then one file. */
export interface FormSample {
  fields: Record<string, string>;
  file: SampleFile;
}

/** A route as the fixtures' tables key it: `POST /api/contacts`. */
export function routeKey(route: Pick<DeclaredRoute, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}

export function sampleInputOf(route: Pick<DeclaredRoute, 'method' | 'url'>, records: OrganizationRecords): SampleInput {
  return SAMPLE_INPUT[routeKey(route)]?.(records) ?? {};
}

/** A rule for each quick reply of the seeded template, one assigning an agent and one adding a tag, so their ids are sent. */
const buttonRulesNaming = (records: OrganizationRecords) => [
  { triggerId: '0', triggerText: 'Track my order', actionType: 'assign_agent', targetUserId: records.memberUserId },
  { triggerId: '1', triggerText: 'Talk to an agent', actionType: 'add_tag', targetTagId: records.tag },
];

/**
 * More input a route accepts, for the ids its sample cannot carry: a broadcast's audience is tags or
 * contacts, never both, and its sample's button rule names nobody. With these, every id a route takes
 * appears in some input of it.
 */
const MORE_SAMPLE_INPUT: Record<string, (records: OrganizationRecords) => SampleInput> = {
  'POST /api/broadcast': (records) => ({
    payload: { templateId: records.template, parameters: ['Layla', 'A-1'], contactIds: [records.contact], rules: buttonRulesNaming(records) },
  }),
  'PUT /api/broadcast/:id': (records) => ({
    payload: { templateId: records.template, parameters: ['Layla', 'A-1'], contactIds: [records.contact], rules: buttonRulesNaming(records) },
  }),
  'POST /api/broadcast/audience': (records) => ({ payload: { contactIds: [records.contact] } }),
  'POST /api/broadcast/audience/sample': (records) => ({ payload: { contactIds: [records.contact], position: 1 } }),
  'POST /api/broadcast/audience/check': (records) => ({ payload: { contactIds: [records.contact], templateId: records.template } }),
  'POST /api/automation/rules': (records) => ({ payload: { broadcastId: records.broadcast, rules: buttonRulesNaming(records) } }),
  'PUT /api/automation/rules/:id': (records) => ({ payload: { actionType: 'assign_agent', targetUserId: records.memberUserId } }),
  // The list read by id, as a live nudge's answer asks for it.
  'GET /api/conversations': (records) => ({ query: { ids: records.conversation } }),
};

/**
 * A template send naming a header file. The file is looked up first: the organization's own answers
 * for the template (the matrix's has a text header: 400), another organization's 404 like a missing one.
 */
const HEADER_FILE_INPUT: Record<string, (records: OrganizationRecords) => SampleInput> = {
  'POST /api/broadcast': (records) => ({ payload: { templateId: records.template, parameters: ['Layla', 'A-1'], tagIds: [records.tag], header: { mediaId: records.media } } }),
  'PUT /api/broadcast/:id': (records) => ({ payload: { templateId: records.template, parameters: ['Layla', 'A-1'], tagIds: [records.tag], header: { mediaId: records.media } } }),
  'POST /api/conversations/:id/messages/template': (records) => ({
    payload: { templateId: records.template, parameters: ['Layla', 'A-1'], clientId: '0190aaaa-bbbb-7ccc-8ddd-000000000001', header: { mediaId: records.media } },
  }),
};

/**
 * Multipart routes declare no body schema: each handler checks its form's text fields with a shared
 * schema, named here so the fields' ids can be read from it, with a form the route accepts where it
 * takes ids. A multipart route missing here fails the matrix.
 */
export const MULTIPART_FORMS: Record<string, { fields: Schema; sample?: (records: OrganizationRecords) => FormSample }> = {
  'POST /api/media/upload': {
    fields: mediaUploadFieldsSchema,
    sample: (records) => ({ fields: { contactId: records.contact, caption: 'From the matrix' }, file: samplePhoto(1) }),
  },
  'POST /api/tags/import': { fields: importTagSchema },
  // A template header's file alone: no text fields, no ids.
  'POST /api/media/template-header': { fields: object({}), sample: () => ({ fields: {}, file: samplePhoto(1) }) },
};

/** Every input of the route the fixtures know, its main sample first. */
export function sampleInputsOf(route: Pick<DeclaredRoute, 'method' | 'url'>, records: OrganizationRecords): SampleInput[] {
  const key = routeKey(route);
  const form = MULTIPART_FORMS[key]?.sample;
  if (form) return [{ form: form(records) }];
  return [sampleInputOf(route, records), ...[MORE_SAMPLE_INPUT[key], HEADER_FILE_INPUT[key]].flatMap((more) => (more ? [more(records)] : []))];
}

/** The form as a browser's FormData sends it: fields first, the file last. */
function formBody({ fields, file }: FormSample): ReturnType<typeof multipartBody> {
  const fieldParts = Object.entries(fields).map(([name, value]) => ({ name, value }));
  return multipartBody([...fieldParts, { name: 'file', filename: file.fileName, type: file.mimeType, content: file.data }]);
}

/** The request carrying the input: a JSON body for the methods that take one, or the multipart form. */
export function requestWith(route: Pick<DeclaredRoute, 'method'>, url: string, input: SampleInput): InjectOptions {
  const method = route.method as InjectOptions['method'];
  if (input.form) return { method, url, query: input.query, ...formBody(input.form) };
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return { method, url, query: input.query, ...(takesBody ? { payload: input.payload ?? {} } : {}) };
}

/**
 * One of every record a route can name, in the admin's organization, written through the API where it
 * is cheap and straight through the repositories where the API needs Meta (a customer's message, a file).
 * The broadcast's organization has no WhatsApp connection, so its queued recipient simply waits.
 */
export async function seedOrganizationRecords(t: TestApp, admin: Member): Promise<OrganizationRecords> {
  const db = t.database.db;
  const organizationId = organizationOf(admin);
  const waId = customerNumber();
  const written = await customerWrites(db, organizationId, { waId, name: 'Matrix Customer' });
  const note = await apiCall(admin, { method: 'POST', url: `/api/contacts/${written.contactId}/notes`, payload: { content: 'Seeded' } }, 201);
  const tag = await apiCall(admin, { method: 'POST', url: '/api/tags', payload: { name: `Seeded ${uuidv7().slice(-6)}`, color: '#1976d2' } }, 201);
  await apiCall(admin, { method: 'PUT', url: `/api/contacts/${written.contactId}`, payload: { countryCode: '+971', phoneNumber: waId.slice(3), tagIds: [tag.id] } }, 200);
  const role = await createRole(t, organizationId, ['chats:view', 'chats:respond']);
  const memberUserId = await insertUser(db, { email: uniqueEmail('seeded'), name: 'Seeded Member', passwordHash: 'never-signs-in' });
  const member = await insertMembership(db, { organizationId, userId: memberUserId, roleId: role });
  const invitation = await storeInvitation(db, { organizationId, roleId: role, email: uniqueEmail('invited'), invitedByUserId: null });
  const template = await insertTemplate(db, organizationId);
  const broadcast = await apiCall(admin, { method: 'POST', url: '/api/broadcast', payload: { templateId: template, parameters: ['Layla', 'A-1'], tagIds: [tag.id] } }, 201);
  const rules = await apiCall<{ rules: Array<{ id: string }> }>(admin, {
    method: 'POST', url: '/api/automation/rules',
    payload: { broadcastId: broadcast.id, rules: [{ triggerId: '0', triggerText: 'Track my order', actionType: 'do_nothing' }] },
  }, 201);
  const cannedResponse = await apiCall(admin, { method: 'POST', url: '/api/canned-responses', payload: { shortcut: 'seeded', content: 'Seeded' } }, 201);
  const media = uuidv7();
  await insertMediaFiles(db, [{ id: media, organizationId, contactId: written.contactId, mimeType: 'image/png', sizeBytes: 4, storageKey: null }]);
  return {
    organizationId,
    contact: written.contactId,
    conversation: written.conversationId,
    message: written.messageId,
    note: note.id,
    tag: tag.id,
    role,
    member,
    memberUserId,
    invitation: invitation.id,
    invitationToken: invitation.token,
    template,
    broadcast: broadcast.id,
    rule: rules.rules[0].id,
    media,
    cannedResponse: cannedResponse.id,
    session: hashToken(admin.cookie.slice(admin.cookie.indexOf('=') + 1)),
  };
}

/** A member of the organization holding exactly these permissions, signed in without a password round trip. */
export async function memberHolding(t: TestApp, organizationId: string, permissions: readonly Permission[]): Promise<Member> {
  const db = t.database.db;
  const email = uniqueEmail('holder');
  const userId = await insertUser(db, { email, name: 'Permission Holder', passwordHash: 'never-signs-in' });
  await insertMembership(db, { organizationId, userId, roleId: await createRole(t, organizationId, permissions) });
  const cookie = `${sessionCookieName(t.app)}=${await createSession(db, t.app.config, userId, organizationId)}`;
  const verify = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie } });
  return asMember(t.app, verify.json().user, cookie, email, '');
}

async function apiCall<T = { id: string }>(member: Member, options: InjectOptions, status: number): Promise<T> {
  const response = await member.request(options);
  if (response.statusCode !== status) throw new Error(`${options.method} ${options.url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

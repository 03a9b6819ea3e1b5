/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { array, object, string } from 'yup';
import { uuidv7 } from '../lib/ids';
import { createTestApp, sharedByFile, signUpAdmin } from '../testing/test-app';
import type { YupTypeProvider } from './validation';

/**
 * A request costs what its schema admits, not what its caller sent: every JSON route reads a bounded
 * body, and arrays and strings are measured against their schema's limits before any rule looks at
 * their elements, so one request cannot hold the event loop (and every other organization) for seconds.
 */
let elementsChecked = 0;
const countedTags = object({
  tagIds: array(string().test('counted', 'Tag not found', () => {
    elementsChecked += 1;
    return true;
  })).max(10, 'Too many tags selected (max 10)'),
});

/** A route reading bodies far past the API's default, to show the bound does not depend on the body limit. */
function largeBodyRoute(fastify: FastifyInstance): void {
  fastify.withTypeProvider<YupTypeProvider>().post(
    '/api/test/large-body',
    { config: { access: 'public' }, bodyLimit: 4 * 1024 * 1024, schema: { body: countedTags } },
    async (request) => request.body,
  );
}

const file = sharedByFile(async () => {
  const t = await createTestApp({}, { extraRoutes: largeBodyRoute });
  return { t, admin: await signUpAdmin(t.app) };
}, (shared) => shared.t.close());

/** `[0,0,0,…]`: the cheapest JSON array of n elements (two bytes each). */
const zeros = (n: number) => `[${new Array<string>(n).fill('0').join(',')}]`;
const json = { 'content-type': 'application/json' };

test('500,000 tags are refused with the rule\'s message without one element being checked', async () => {
  elementsChecked = 0;
  const response = await file.t.app.inject({ method: 'POST', url: '/api/test/large-body', payload: `{"tagIds":${zeros(500_000)}}`, headers: json });
  expect([response.statusCode, response.json()]).toEqual([400, { error: 'Too many tags selected (max 10)' }]);
  expect(elementsChecked).toBe(0);

  const fits = await file.t.app.inject({ method: 'POST', url: '/api/test/large-body', payload: { tagIds: ['a', 'b'] } });
  expect(fits.json()).toEqual({ tagIds: ['a', 'b'] });
  expect(elementsChecked).toBe(2);
});

test('POST /api/contacts refuses 500,000 tags as too large a body, and too many tags that fit with the rule\'s message', async () => {
  const contact = { countryCode: '+971', phoneNumber: '501234567' };
  const huge = await file.admin.request({
    method: 'POST', url: '/api/contacts', payload: `{"countryCode":"+971","phoneNumber":"501234567","tagIds":${zeros(500_000)}}`, headers: json,
  });
  expect([huge.statusCode, huge.json()]).toEqual([413, { error: 'Request body is too large' }]);

  const many = await file.admin.request({ method: 'POST', url: '/api/contacts', payload: { ...contact, tagIds: new Array(30_000).fill(0) } });
  expect([many.statusCode, many.json()]).toEqual([400, { error: 'Too many tags selected (max 10)' }]);

  const list = await file.admin.request({ method: 'GET', url: '/api/contacts' });
  expect(list.json().pagination.total).toBe(0);
});

test('every JSON route reads at most 64 KB unless it declares more; an oversized body answers 413 with a clear message', async () => {
  const note = await file.admin.request({ method: 'POST', url: `/api/contacts/${uuidv7()}/notes`, payload: { content: 'x'.repeat(70_000) } });
  expect([note.statusCode, note.json()]).toEqual([413, { error: 'Request body is too large' }]);

  // The largest broadcast the form can send is read (and refused for its unknown template, not its size).
  const largest = JSON.stringify({
    templateId: uuidv7(),
    parameters: new Array(100).fill('ش'.repeat(1000)),
    contactIds: Array.from({ length: 1000 }, () => uuidv7()),
  });
  expect(Buffer.byteLength(largest)).toBeGreaterThan(64 * 1024);
  const broadcast = await file.admin.request({ method: 'POST', url: '/api/broadcast', payload: largest, headers: json });
  expect([broadcast.statusCode, broadcast.json()]).toEqual([400, { error: 'Please select a template' }]);

  // Meta's webhook keeps its own, larger limit: a 1 MB delivery is read (and refused for its signature).
  const webhook = await file.t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', payload: { data: 'x'.repeat(1024 * 1024) } });
  expect(webhook.statusCode).not.toBe(413);
});

test('a string past its limit only by the spaces its schema trims is accepted', async () => {
  const response = await file.admin.request({ method: 'POST', url: '/api/tags', payload: { name: `VIP${' '.repeat(60_000)}`, color: '#1976d2' } });
  expect(response.statusCode).toBe(201);
  expect(response.json().name).toBe('VIP');

  const long = await file.admin.request({ method: 'POST', url: '/api/tags', payload: { name: 'V'.repeat(60_000), color: '#1976d2' } });
  expect([long.statusCode, long.json()]).toEqual([400, { error: 'Tag name must be less than 50 characters' }]);
});

test('a request nested deeper than any schema describes is refused, even under a field the schema ignores', async () => {
  const depth = 5000;
  const payload = `{"name":"Deep","color":"#1976d2","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  const response = await file.admin.request({ method: 'POST', url: '/api/tags', payload, headers: json });
  expect([response.statusCode, response.json()]).toEqual([400, { error: 'The request is nested too deeply' }]);
  const tags = await file.admin.request({ method: 'GET', url: '/api/tags?includeDeleted=true' });
  expect(tags.json().data.map((tag: { name: string }) => tag.name)).not.toContain('Deep');
});

/** @jest-environment node */
import { array, mixed, number, object, string } from 'yup';
import { createTestApp, type TestApp } from '../testing/test-app';
import { jsonSchemaOf } from './json-schema';
import type { OpenApiDocument, Operation } from './openapi-document';

let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});
afterAll(() => t.close());

const pathOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operation = (method: string, url: string): Operation => document.paths[pathOf(url)]?.[method.toLowerCase()];

test('GET /api/docs is an OpenAPI 3.1 document, open to anyone', () => {
  expect(document.openapi).toBe('3.1.0');
  expect(document.info).toEqual(expect.objectContaining({ title: 'Parley API', version: expect.any(String) }));
  expect(Object.keys(document.paths).length).toBeGreaterThan(20);
  expect(document.components.securitySchemes).toEqual({ session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'parley_session' }) });
});

test('every registered route appears with its method, its access and its responses', () => {
  expect(t.app.routeAccess.length).toBeGreaterThan(20);
  for (const route of t.app.routeAccess) {
    const described = operation(route.method, route.url);
    const name = `${route.method} ${route.url}`;
    expect({ name, described: described !== undefined }).toEqual({ name, described: true });
    expect({ name, permission: described['x-permission'] }).toEqual({ name, permission: route.access });
    expect({ name, security: described.security }).toEqual({ name, security: route.access === 'public' ? [] : [{ session: [] }] });
    expect(Object.keys(described.responses).length).toBeGreaterThan(0);
    // Every {param} of the path is declared, as a required path parameter.
    const declared = (described.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
    expect({ name, params: declared.sort() }).toEqual({ name, params: [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]).sort() });
  }
  const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((described) => described.operationId));
  expect(new Set(ids).size).toBe(ids.length);
});

test('operations are described from the schemas the routes validate with', () => {
  const createContact = operation('POST', '/api/contacts');
  expect(createContact['x-permission']).toBe('contacts:create');
  const body = (createContact.requestBody as { content: Record<string, { schema: Record<string, unknown> }> }).content['application/json'].schema;
  expect(body).toEqual(expect.objectContaining({ type: 'object', required: ['countryCode', 'phoneNumber'] }));
  expect((body.properties as Record<string, unknown>).tagIds).toEqual(expect.objectContaining({ type: 'array', maxItems: 10 }));
  expect(createContact['x-body-limit']).toBe(64 * 1024);

  const statusFilter = operation('GET', '/api/broadcast').parameters?.find((parameter) => parameter.name === 'status');
  expect(statusFilter).toEqual(expect.objectContaining({ in: 'query', required: false, schema: expect.objectContaining({ enum: expect.arrayContaining(['completed']) }) }));
  expect(operation('GET', '/api/contacts/:id').parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid', minLength: 1 } }]);
  expect(operation('POST', '/api/conversations/:id/messages')['x-permission']).toEqual(['messages:send', 'chats:respond']);
  expect(Object.keys(operation('DELETE', '/api/roles/:id').responses)).toEqual(expect.arrayContaining(['401', '403', '404']));
  expect(operation('POST', '/api/media/upload').requestBody).toEqual(expect.objectContaining({ content: { 'multipart/form-data': expect.anything() } }));
});

test('yup rules become JSON Schema keywords where JSON Schema can state them', () => {
  expect(jsonSchemaOf(object({
    name: string().trim().required('Name is required').min(2).max(50).matches(/^[\p{L} ]+$/u),
    code: string().matches(/^[a-z]+$/i).nullable(),
    kind: mixed<'a' | 'b'>().oneOf(['a', 'b']).required(),
    count: number().integer().min(1).lessThan(100).default(10),
    items: array(string().email()).max(3),
    checked: string().test('custom-rule', 'No', () => true),
  }).describe())).toEqual({
    type: 'object',
    required: ['name', 'kind'],
    properties: {
      name: { type: 'string', minLength: 2, maxLength: 50, pattern: '^[\\p{L} ]+$' },
      code: { type: ['string', 'null'] },
      kind: { enum: ['a', 'b'] },
      count: { type: 'integer', minimum: 1, exclusiveMaximum: 100, default: 10 },
      items: { type: 'array', maxItems: 3, items: { type: 'string', format: 'email' } },
      checked: { type: 'string', 'x-rules': ['custom-rule'] },
    },
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { array, number, object, string } from 'yup';
import { idParams, noQuery } from '@shared/validation/route-input';
import { createTestApp, type TestApp } from '../testing/test-app';
import { validationPlugin, type YupTypeProvider } from './validation';

const echoBody = object({ name: string().trim().required('Name is required'), age: number().typeError('Age must be a number') });
const publicUser = object({
  name: string().defined(),
  id: string().defined(),
  roles: array(object({ name: string().defined() })).defined(),
});

function routes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  app.post('/api/test/echo', { config: { access: 'public' }, schema: { body: echoBody } }, async (request) => request.body);
  app.get(
    '/api/test/things/:id',
    { config: { access: 'public' }, schema: { params: idParams({ id: 'Thing not found' }), querystring: noQuery } },
    async (request) => ({ id: request.params.id }),
  );
  app.get(
    '/api/test/user',
    { config: { access: 'public' }, schema: { querystring: noQuery, response: { 200: publicUser } } },
    async () => ({ id: 'u1', passwordHash: 'secret-hash', name: 'Ada', roles: [{ name: 'Admin', internalId: 7 }] }),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { extraRoutes: routes });
});
afterAll(async () => {
  await t.close();
});

test('a body is checked by its schema: the first broken rule answers 400, a valid one arrives cast', async () => {
  const bad = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '  ', age: 3 } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({ error: 'Name is required' });

  const good = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: ' Ada ', age: '36', role: 'admin' } });
  expect(good.statusCode).toBe(200);
  expect(good.json()).toEqual({ name: 'Ada', age: 36 });
});

test('an id in the URL that is not an id answers 404 with the record\'s message', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/test/things/not-an-id' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ error: 'Thing not found' });
  const ok = await t.app.inject({ method: 'GET', url: '/api/test/things/0190a0a0-0000-7000-8000-000000000000' });
  expect(ok.json()).toEqual({ id: '0190a0a0-0000-7000-8000-000000000000' });
});

test('a response schema sends only the fields it declares', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/test/user' });
  expect(response.body).toBe('{"id":"u1","name":"Ada","roles":[{"name":"Admin"}]}');
});

test('an API route that takes input without a schema cannot be registered', async () => {
  const app = Fastify();
  await app.register(validationPlugin);
  expect(() => app.get('/api/forgotten/:id', async () => ({}))).toThrow('Route GET /api/forgotten/:id declares no params, querystring schema');
  expect(() => app.post('/api/forgotten', async () => ({}))).toThrow('Route POST /api/forgotten declares no body schema');
  expect(() => app.post('/api/upload', { config: { multipart: true } }, async () => ({}))).not.toThrow();
  await app.close();
});

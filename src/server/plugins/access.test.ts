import { noQuery } from '@shared/validation/route-input';
import Fastify from 'fastify';
import { accessPlugin } from './access';
import { databasePlugin } from './database';
import { sessionPlugin } from './session';
import { rolePermissions } from '../db/schema';
import { addMemberWith } from '../testing/fixtures';
import { createTestApp, signUpAdmin, type TestApp } from '../testing/test-app';
import type { Database } from '../db/database';
import { loadConfig } from '../config';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {
    extraRoutes: (app) => {
      app.get('/api/test/guarded', { config: { access: 'settings:view' }, schema: { querystring: noQuery } }, async () => ({ ok: true }));
      app.get('/api/test/any-of', { config: { access: ['settings:view', 'roles:view'] }, schema: { querystring: noQuery } }, async () => ({ ok: true }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

const SAMPLE_ID = '0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee';

test('every API route declares its access, and every non-public one refuses a caller without a session', async () => {
  const routes = t.app.routeAccess.filter((r) => r.access !== 'public');
  expect(routes.length).toBeGreaterThan(0);
  for (const route of routes) {
    const url = route.url.replace(/:[A-Za-z]+/g, SAMPLE_ID).replace(/\*$/, 'x');
    const response = await t.app.inject({ method: route.method as 'GET', url });
    expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
      route: `${route.method} ${route.url}`,
      status: 401,
    });
  }
});

test('the only routes without a session are the sign-in family, health and the WhatsApp webhook', async () => {
  const publicRoutes = t.app.routeAccess.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
  for (const route of publicRoutes) {
    expect(route).toMatch(/^(GET|POST) \/api\/(auth\/(verify|login|signup|logout|invitation\/:token)|health|webhooks\/whatsapp)$/);
  }
});

test('the app refuses to start when a route forgets to declare its access', async () => {
  const app = Fastify();
  app.decorate('config', loadConfig({}));
  await app.register(databasePlugin, { db: {} as Database });
  await app.register(sessionPlugin);
  await app.register(accessPlugin);
  expect(() => app.get('/api/forgotten', async () => ({}))).toThrow('Route GET /api/forgotten declares no access (config.access)');
});

test('a member whose role lacks the permission is refused with 403; one holding it passes', async () => {
  const admin = await signUpAdmin(t.app);
  const organizationId = admin.user.organization!.organizationId;
  const agent = await addMemberWith(t, organizationId, ['chats:view']);
  const refused = await agent.request({ method: 'GET', url: '/api/test/guarded' });
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ error: "You don't have permission to do that" });

  const settingsViewer = await addMemberWith(t, organizationId, ['settings:view']);
  expect((await settingsViewer.request({ method: 'GET', url: '/api/test/guarded' })).statusCode).toBe(200);
});

test('permissions are read at every request: a role change applies to the very next call', async () => {
  const admin = await signUpAdmin(t.app);
  const organizationId = admin.user.organization!.organizationId;
  const agent = await addMemberWith(t, organizationId, ['chats:view']);
  expect((await agent.request({ method: 'GET', url: '/api/test/guarded' })).statusCode).toBe(403);
  await t.database.db.insert(rolePermissions).values({ organizationId, roleId: agent.user.organization!.role.id, permission: 'settings:view' });
  expect((await agent.request({ method: 'GET', url: '/api/test/guarded' })).statusCode).toBe(200);
});

test('a route listing permissions lets in a member holding any one of them, and refuses one holding none', async () => {
  const admin = await signUpAdmin(t.app);
  const organizationId = admin.user.organization!.organizationId;
  for (const permission of ['settings:view', 'roles:view'] as const) {
    const member = await addMemberWith(t, organizationId, [permission]);
    expect({ permission, status: (await member.request({ method: 'GET', url: '/api/test/any-of' })).statusCode }).toEqual({ permission, status: 200 });
  }
  const neither = await addMemberWith(t, organizationId, ['chats:view', 'members:view']);
  const refused = await neither.request({ method: 'GET', url: '/api/test/any-of' });
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ error: "You don't have permission to do that" });
  expect(t.app.routeAccess.find((route) => route.url === '/api/test/any-of')?.access).toEqual(['settings:view', 'roles:view']);
});

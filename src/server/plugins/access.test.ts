import { noQuery } from '@shared/validation/route-input';
import Fastify from 'fastify';
import { accessPlugin } from './access';
import { databasePlugin } from './database';
import { sessionPlugin } from '../modules/auth/session-plugin';
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
      app.get('/api/test/all-of', { config: { access: { allOf: ['settings:view', 'roles:view'] } }, schema: { querystring: noQuery } }, async () => ({ ok: true }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

// Every route of the app refusing anonymous callers, members without its permission and other
// organizations' ids is the route matrix's job (src/server/route-matrix.test.ts); this file tests the
// mechanism itself.

test('the app refuses to start when a route forgets to declare its access', async () => {
  const app = Fastify();
  app.decorate('config', loadConfig({}));
  await app.register(databasePlugin, { db: {} as Database });
  await app.register(sessionPlugin);
  await app.register(accessPlugin);
  expect(() => app.get('/api/forgotten', async () => ({}))).toThrow('Route GET /api/forgotten declares no access (config.access)');
});

test('a caller without a session is refused with 401', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/test/guarded' });
  expect(response.statusCode).toBe(401);
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

test('a route requiring permissions together lets in only a member holding every one of them', async () => {
  const admin = await signUpAdmin(t.app);
  const organizationId = admin.user.organization!.organizationId;
  for (const permission of ['settings:view', 'roles:view'] as const) {
    const member = await addMemberWith(t, organizationId, [permission, 'chats:view']);
    const refused = await member.request({ method: 'GET', url: '/api/test/all-of' });
    expect({ permission, status: refused.statusCode, body: refused.json() })
      .toEqual({ permission, status: 403, body: { error: "You don't have permission to do that" } });
  }
  const both = await addMemberWith(t, organizationId, ['settings:view', 'roles:view']);
  expect((await both.request({ method: 'GET', url: '/api/test/all-of' })).statusCode).toBe(200);
  expect(t.app.routeAccess.find((route) => route.url === '/api/test/all-of')?.access).toEqual({ allOf: ['settings:view', 'roles:view'] });
});

/** @jest-environment node */
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_PERMISSIONS, type Permission } from '@shared/permissions/catalogue';
import {
  memberHolding, sampleInputOf, seedOrganizationRecords, unfillableParams, urlNaming, type OrganizationRecords,
} from './api-description/testing/route-fixtures';
import type { Database } from './db/database';
import { rowsOf } from './db/rows-of';
import { createTestApp, signUpAdmin, type Member, type TestApp } from './testing/test-app';
import type { RouteAccess, RouteAccessEntry } from './types';

/**
 * The route table, walked: every API route the app declares is called without a session (401), by a
 * member whose role holds every permission but the route's (403), and by another organization's Admin
 * naming this organization's records in its URL (404, exactly like records that do not exist), and not
 * one of those calls may change a row of any table. The routes come from the app itself, so a route
 * added later is covered without anyone writing a test for it; a URL parameter no fixture can fill
 * fails the matrix instead of being skipped.
 */
let t: TestApp;
let adminA: Member;
let adminB: Member;
let recordsA: OrganizationRecords;
let recordsB: OrganizationRecords;
/** Per permission rule, a member of A holding every permission except the ones that rule accepts. */
const lacking = new Map<string, Member>();

const ruleKey = (access: RouteAccess) => [access].flat().join(' or ');
const needsPermission = (route: RouteAccessEntry) => route.access !== 'public' && route.access !== 'signed-in';
const name = (route: RouteAccessEntry) => `${route.method} ${route.url}`;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await signUpAdmin(t.app, { organizationName: 'Matrix A' });
  adminB = await signUpAdmin(t.app, { organizationName: 'Matrix B' });
  recordsA = await seedOrganizationRecords(t, adminA);
  recordsB = await seedOrganizationRecords(t, adminB);
  for (const route of t.app.routeAccess.filter(needsPermission)) {
    const accepted: readonly Permission[] = [route.access].flat() as Permission[];
    const key = ruleKey(route.access);
    if (!lacking.has(key)) {
      lacking.set(key, await memberHolding(t, recordsA.organizationId, ALL_PERMISSIONS.filter((permission) => !accepted.includes(permission))));
    }
  }
  // Nothing queued may still be moving when the database is compared.
  await t.app.broadcastDispatch.drain();
}, 120_000);
afterAll(() => t.close());

/** A call of the route naming `urlRecords` (null: records that exist nowhere), with input valid for A. */
function callOf(route: RouteAccessEntry, urlRecords: OrganizationRecords | null): InjectOptions {
  const { payload, query } = sampleInputOf(route, recordsA);
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return { method: route.method as InjectOptions['method'], url: urlNaming(route.url, urlRecords), query, ...(takesBody ? { payload: payload ?? {} } : {}) };
}

const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json<unknown>() });

/**
 * Every row of every table, as a count and a digest per table. A session's last_seen_at moves with use
 * by design (at most once a minute), so it is left out.
 */
async function databaseState(db: Database): Promise<Record<string, string>> {
  const ignored = new Set(['sessions.last_seen_at']);
  const columns = rowsOf<{ table_name: string; column_name: string }>(await db.execute(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' order by c.table_name, c.ordinal_position`));
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (!ignored.has(`${table}.${column}`)) byTable.set(table, [...(byTable.get(table) ?? []), `"${column}"`]);
  }
  const state: Record<string, string> = {};
  for (const [table, names] of byTable) {
    const [row] = rowsOf<{ rows: number; digest: string }>(await db.execute(sql.raw(
      `select count(*)::int as rows, coalesce(md5(string_agg(r, '|' order by r)), '') as digest from (select row(${names.join(', ')})::text as r from "${table}") s`,
    )));
    state[table] = `${row.rows} rows ${row.digest}`;
  }
  return state;
}

/** Runs the calls and answers the database tables they changed (none, when every route held). */
async function tablesChangedBy(calls: () => Promise<void>): Promise<string[]> {
  const before = await databaseState(t.database.db);
  await calls();
  const after = await databaseState(t.database.db);
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}

test('every URL parameter of every route names a record the matrix can fill', () => {
  expect(t.app.routeAccess.length).toBeGreaterThan(50);
  expect(t.app.routeAccess.flatMap(unfillableParams)).toEqual([]);
});

test('the only routes open without a session are the sign-in family, health, the API description and the WhatsApp webhook', () => {
  const open = t.app.routeAccess.filter((route) => route.access === 'public').map(name);
  for (const route of open) {
    expect(route).toMatch(/^(GET|POST) \/api\/(auth\/(verify|login|signup|logout|invitation\/:token)|health|docs|webhooks\/whatsapp)$/);
  }
});

test('without a session every other route answers 401, and nothing changes', async () => {
  const wrong: unknown[] = [];
  const changed = await tablesChangedBy(async () => {
    for (const route of t.app.routeAccess.filter((entry) => entry.access !== 'public')) {
      const response = await t.app.inject(callOf(route, recordsA));
      if (response.statusCode !== 401) wrong.push({ route: name(route), ...answer(response) });
    }
  });
  expect(wrong).toEqual([]);
  expect(changed).toEqual([]);
});

test("a member whose role lacks a route's permission gets 403 on it, and nothing changes", async () => {
  const wrong: unknown[] = [];
  const changed = await tablesChangedBy(async () => {
    for (const route of t.app.routeAccess.filter(needsPermission)) {
      const response = await lacking.get(ruleKey(route.access))!.request(callOf(route, recordsA));
      const { status, body } = answer(response);
      if (status !== 403 || JSON.stringify(body) !== JSON.stringify({ error: "You don't have permission to do that" })) {
        wrong.push({ route: name(route), holds: `everything but ${ruleKey(route.access)}`, status, body });
      }
    }
  });
  expect(wrong).toEqual([]);
  expect(changed).toEqual([]);
});

test("another organization's records in the URL answer 404, exactly like records that do not exist, and nothing changes", async () => {
  const routes = t.app.routeAccess.filter((route) => route.access !== 'public' && route.url.includes(':'));
  expect(routes.length).toBeGreaterThan(30);
  const wrong: unknown[] = [];
  const changed = await tablesChangedBy(async () => {
    for (const route of routes) {
      const missing = answer(await adminA.request(callOf(route, null)));
      const foreign = answer(await adminA.request(callOf(route, recordsB)));
      if (foreign.status !== 404 || JSON.stringify(foreign) !== JSON.stringify(missing)) wrong.push({ route: name(route), foreign, missing });
    }
  });
  expect(wrong).toEqual([]);
  expect(changed).toEqual([]);
  // B's records are real: its own Admin reaches them (the 404s above are not typos in the fixtures).
  expect((await adminB.request({ method: 'GET', url: urlNaming('/api/contacts/:id', recordsB) })).statusCode).toBe(200);
});

/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_PERMISSIONS, type Permission } from '@shared/permissions/catalogue';
import {
  memberHolding, requestWith, sampleInputOf, seedOrganizationRecords, unfillableParams, urlNaming, urlWith, type OrganizationRecords,
} from './api-description/testing/route-fixtures';
import { uuidv7 } from './lib/ids';
import { permissionsOf } from './plugins/access';
import { createTestApp, signUpAdmin, type Member, type TestApp } from './testing/test-app';
import type { RouteAccessEntry } from './types';

/**
 * The permission catalogue, checked against the routes the app registers (their `config.access`, as the
 * access plugin's onRoute hook collects them): every permission a role can be given must gate at least
 * one API route, and a member whose role holds every permission but that one (and but the others a
 * route accepts in its place) is refused on each of them, also where a route requires it together with
 * others the member holds. Routes added later are covered as they are registered, without anyone
 * listing them here.
 */
let t: TestApp;
let dataDir: string;
let records: OrganizationRecords;
/** Per set of withheld permissions, a member holding every other permission. */
const lacking = new Map<string, Member>();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-catalogue-'));
  t = await createTestApp({ dataDir });
  records = await seedOrganizationRecords(t, await signUpAdmin(t.app, { organizationName: 'Catalogue' }));
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const namedBy = (route: RouteAccessEntry): readonly Permission[] =>
  route.access === 'public' || route.access === 'signed-in' ? [] : permissionsOf(route.access).permissions;
const gatedBy = (permission: Permission) => t.app.routeAccess.filter((route) => namedBy(route).includes(permission));

/**
 * What a member must lack for `permission` to be missing on the route: that permission alone when the
 * route requires its permissions together, else every permission the route accepts in its place.
 */
function withheldOn(route: RouteAccessEntry, permission: Permission): readonly Permission[] {
  if (route.access === 'public' || route.access === 'signed-in') return [];
  return permissionsOf(route.access).needs === 'all' ? [permission] : namedBy(route);
}
const name = (route: RouteAccessEntry) => `${route.method} ${route.url}`;

/**
 * The route's URL naming the organization's records (or, with null, records that exist nowhere). A
 * parameter no fixture knows yet (a route added since) gets a random id: the permission is checked
 * before any lookup, so the refusal does not depend on it.
 */
function urlOf(route: RouteAccessEntry, own: OrganizationRecords | null): string {
  if (unfillableParams(route).length === 0) return urlNaming(route.url, own);
  return urlWith(route.url, Object.fromEntries([...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, param]) => [param, uuidv7()])));
}

async function memberLacking(withheld: readonly Permission[]): Promise<Member> {
  const key = [...withheld].sort().join(' ');
  let member = lacking.get(key);
  if (!member) {
    member = await memberHolding(t, records.organizationId, ALL_PERMISSIONS.filter((permission) => !withheld.includes(permission)));
    lacking.set(key, member);
  }
  return member;
}

test('every permission of the catalogue gates at least one API route', () => {
  expect(t.app.routeAccess.length).toBeGreaterThan(50);
  expect(ALL_PERMISSIONS.filter((permission) => gatedBy(permission).length === 0)).toEqual([]);
});

describe.each(ALL_PERMISSIONS)('%s', (permission) => {
  test('a member without it (and without what a route accepts in its place) is refused 403 on every route it gates, before any lookup or validation', async () => {
    const routes = gatedBy(permission);
    expect(routes.map(name)).not.toEqual([]);
    const wrong: unknown[] = [];
    for (const route of routes) {
      const member = await memberLacking(withheldOn(route, permission));
      // A plausible call (the organization's own records, input that passes the route's schema), and a
      // bare one (records that exist nowhere, no input): refused alike, so nothing past the check ran.
      const plausible = await member.request(requestWith(route, urlOf(route, records), sampleInputOf(route, records)));
      const bare = await member.request(requestWith(route, urlOf(route, null), {}));
      if (plausible.statusCode !== 403 || bare.statusCode !== 403) {
        wrong.push({ route: name(route), plausible: plausible.statusCode, bare: bare.statusCode });
      }
    }
    expect(wrong).toEqual([]);
  });
});

test("the README's Permissions table has a row for every permission", () => {
  const readme = readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
  const section = readme.split('\n## ').find((part) => part.startsWith('Permissions'));
  expect(section).toBeDefined();
  const rows = new Set([...(section ?? '').matchAll(/^\| `([a-z_]+:[a-z_]+)` \|/gm)].map(([, permission]) => permission));
  expect(ALL_PERMISSIONS.filter((permission) => !rows.has(permission))).toEqual([]);
});

/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import type { DeclaredRoute } from './api-description/route-registry';
import {
  carries, fieldLabel, idFieldsOf, isArrayElement, NOT_RECORD_IDS, recordKindOf, unknownForms, withIdAdded, withIdInPlace, type IdField,
} from './api-description/testing/id-fields';
import {
  memberHolding, missingValueOf, requestWith, routeKey, sampleInputOf, sampleInputsOf, seedOrganizationRecords, unfillableParams, urlNaming,
  type OrganizationRecords, type RecordKind, type SampleInput,
} from './api-description/testing/route-fixtures';
import type { Database } from './db/database';
import { rowsOf } from './db/rows-of';
import { createTestApp, signUpAdmin, type Member, type TestApp } from './testing/test-app';
import { permissionsOf } from './plugins/access';
import type { PermissionRule, RouteAccessEntry } from './types';

/**
 * The route table, walked: every API route the app declares is called without a session (401), by a
 * member whose role holds every permission but the route's (403), and by another organization's Admin
 * naming this organization's records in its URL (404, exactly like records that do not exist), and not
 * one of those calls may change a row of any table. Ids outside the URL (in a body, a query string, a
 * form) are found in each route's own schema and swapped for another organization's records, one field
 * at a time. The routes come from the app itself, so a route added later is covered without anyone
 * writing a test for it; a URL parameter or id field no fixture can fill fails the matrix instead of
 * being skipped.
 */
let t: TestApp;
/** Where uploads land: the matrix sends real files, which must not reach the working copy's data directory. */
let dataDir: string;
let adminA: Member;
let adminB: Member;
let recordsA: OrganizationRecords;
let recordsB: OrganizationRecords;
/** Per permission rule, a member of A holding every permission except the ones that rule accepts. */
const lacking = new Map<string, Member>();

const needsPermission = (route: RouteAccessEntry): route is RouteAccessEntry & { access: PermissionRule } =>
  route.access !== 'public' && route.access !== 'signed-in';
const ruleKey = (rule: PermissionRule) => {
  const { permissions, needs } = permissionsOf(rule);
  return permissions.join(needs === 'all' ? ' and ' : ' or ');
};
const name = (route: RouteAccessEntry) => `${route.method} ${route.url}`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-matrix-'));
  t = await createTestApp({ dataDir });
  adminA = await signUpAdmin(t.app, { organizationName: 'Matrix A' });
  adminB = await signUpAdmin(t.app, { organizationName: 'Matrix B' });
  recordsA = await seedOrganizationRecords(t, adminA);
  recordsB = await seedOrganizationRecords(t, adminB);
  for (const route of t.app.routeAccess.filter(needsPermission)) {
    const named = permissionsOf(route.access).permissions;
    const key = ruleKey(route.access);
    if (!lacking.has(key)) {
      lacking.set(key, await memberHolding(t, recordsA.organizationId, ALL_PERMISSIONS.filter((permission) => !named.includes(permission))));
    }
  }
  // Nothing queued may still be moving when the database is compared.
  await settleBackgroundWork();
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A call of the route naming `urlRecords` (null: records that exist nowhere), with input valid for A. */
function callOf(route: RouteAccessEntry, urlRecords: OrganizationRecords | null): InjectOptions {
  return requestWith(route, urlNaming(route.url, urlRecords), sampleInputOf(route, recordsA));
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

/**
 * The work every process does in the background (queued broadcast sends, the report rollups' fold of
 * earlier writes), let finish.
 */
async function settleBackgroundWork(): Promise<void> {
  await t.app.broadcastDispatch.drain();
  await t.app.reportRollups.drain();
}

/**
 * Runs the calls and answers the database tables they changed (none, when every route held). Background
 * work is let finish on both sides, so a change the calls queued counts, and one queued before them
 * does not.
 */
async function tablesChangedBy(calls: () => Promise<void>): Promise<string[]> {
  await settleBackgroundWork();
  const before = await databaseState(t.database.db);
  await calls();
  await settleBackgroundWork();
  const after = await databaseState(t.database.db);
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}

test('every URL parameter of every route names a record the matrix can fill', () => {
  expect(t.app.routeAccess.length).toBeGreaterThan(50);
  expect(t.app.routeAccess.flatMap(unfillableParams)).toEqual([]);
});

test('the only routes open without a session are the sign-in family (with the password reset and the email confirmation link), health, the API description and the WhatsApp webhook', () => {
  const open = t.app.routeAccess.filter((route) => route.access === 'public').map(name);
  for (const route of open) {
    expect(route).toMatch(/^(GET|POST) \/api\/(auth\/(verify|login|signup|logout|invitation\/:token|password-reset|password-reset\/confirm|email-change\/confirm)|health|docs|webhooks\/whatsapp)$/);
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

/** An id field of a route outside its URL, the kind of record it names, and an input of the route that carries it. */
interface IdCase {
  route: DeclaredRoute;
  field: IdField;
  kind: RecordKind;
  input: SampleInput;
}

/** An answer as calls are compared: the id the call put in the input reads `<id>` (an error may quote it). */
interface Answer {
  status: number;
  body: string;
}

/** How the route answered an id placed one way: as another organization's record, and as a record that exists nowhere. */
interface SubstitutedAnswers {
  placed: string;
  foreign: Answer;
  missing: Answer;
}

/**
 * Reads whose own rule for an id the organization does not have is to match nothing: a filter answers an
 * empty result, not an error. They are excepted from the 4xx only: another organization's id must still
 * be answered exactly like one that exists nowhere.
 */
const FILTERS_MATCHING_NOTHING = new Set([
  // The named conversations the member may see; the others come back in `missing`.
  'GET /api/conversations query.ids',
  // The rules of the broadcast named, if the organization has it.
  'GET /api/automation/rules query.broadcastId',
  // The messages after the one named, or from the start when the conversation has no such message.
  'GET /api/conversations/:id/messages/poll query.lastMessageId',
  // A broadcast audience's contacts: those carrying any of the tags named that the organization has.
  'GET /api/tags/contacts query.tags',
  // The Contacts export's tag filter: the contacts carrying any of the tags named that the organization has.
  'GET /api/contacts/export.csv query.tags',
]);

const caseName = ({ route, field }: Pick<IdCase, 'route' | 'field'>) => `${routeKey(route)} ${fieldLabel(field)}`;

/**
 * Every id field of every route, as a case the matrix substitutes, or, when it cannot (a kind no fixture
 * makes, no sample carrying the field, a form whose schema is unknown), as a gap the matrix refuses.
 * Names that are no record's id are left out (NOT_RECORD_IDS says why).
 */
function idFieldsOfRoutes(): { cases: IdCase[]; gaps: string[] } {
  const routes = t.app.declaredRoutes;
  const cases: IdCase[] = [];
  const gaps = unknownForms(routes).map((route) => `${route}: a multipart route whose form schema MULTIPART_FORMS does not name`);
  for (const route of routes) {
    for (const field of idFieldsOf(route).filter((candidate) => !NOT_RECORD_IDS.has(candidate.name))) {
      const kind = recordKindOf(field);
      const input = sampleInputsOf(route, recordsA).find((candidate) => carries(candidate, field));
      if (!kind) gaps.push(`${caseName({ route, field })}: names a kind of record id-fields.ts does not know`);
      else if (!input) gaps.push(`${caseName({ route, field })}: no sample input in route-fixtures.ts carries it`);
      else cases.push({ route, field, kind, input });
    }
  }
  return { cases, gaps };
}

/** The ways an id goes into a case's input: in place of the caller's own, and, in an array of ids, among them. */
function placementsOf({ input, field }: IdCase): Array<{ placed: string; naming: (id: string) => SampleInput }> {
  const inPlace = { placed: 'in place of its own', naming: (id: string) => withIdInPlace(input, field, id) };
  if (!isArrayElement(field)) return [inPlace];
  return [inPlace, { placed: 'among its own', naming: (id: string) => withIdAdded(input, field, id) }];
}

/** A's Admin, who holds every permission, calls the route on A's own URL records with this input. */
async function answerTo(idCase: IdCase, input: SampleInput, id: string): Promise<Answer> {
  const response = await adminA.request(requestWith(idCase.route, urlNaming(idCase.route.url, recordsA), input));
  return { status: response.statusCode, body: response.body.replaceAll(id, '<id>') };
}

async function substitutedAnswers(idCase: IdCase): Promise<SubstitutedAnswers[]> {
  const answers: SubstitutedAnswers[] = [];
  for (const { placed, naming } of placementsOf(idCase)) {
    const missingId = missingValueOf(idCase.kind);
    const foreignId = recordsB[idCase.kind];
    answers.push({ placed, missing: await answerTo(idCase, naming(missingId), missingId), foreign: await answerTo(idCase, naming(foreignId), foreignId) });
  }
  return answers;
}

const sameAnswer = (a: Answer, b: Answer) => a.status === b.status && a.body === b.body;

/** Another organization's id is never a 5xx, answers exactly what a missing id answers, and that is a refusal (4xx) unless the route filters. */
function breaksTheRule(idCase: IdCase, { foreign, missing }: SubstitutedAnswers): boolean {
  const refused = foreign.status >= 400 && foreign.status < 500;
  return foreign.status >= 500 || !sameAnswer(foreign, missing) || (!refused && !FILTERS_MATCHING_NOTHING.has(caseName(idCase)));
}

test('every id a route takes outside its URL names a kind of record the matrix can substitute, or is no record at all', () => {
  const { cases, gaps } = idFieldsOfRoutes();
  expect(gaps).toEqual([]);
  expect(cases.length).toBeGreaterThanOrEqual(19);
  // Each exception still names a field some route takes: a stale one would hide nothing, but mislead.
  const taken = t.app.declaredRoutes.flatMap(idFieldsOf);
  expect([...NOT_RECORD_IDS.keys()].filter((name) => !taken.some((field) => field.name === name))).toEqual([]);
  expect([...FILTERS_MATCHING_NOTHING].filter((name) => !cases.some((idCase) => caseName(idCase) === name))).toEqual([]);
});

// The last test of the file: its calls with A's own ids succeed and change A's data, which the tests above compare.
test("another organization's ids in a body, query string or form are answered like ids that exist nowhere, and nothing changes", async () => {
  const wrong: unknown[] = [];
  for (const idCase of idFieldsOfRoutes().cases) {
    let answers: SubstitutedAnswers[] = [];
    const changed = await tablesChangedBy(async () => {
      answers = await substitutedAnswers(idCase);
    });
    wrong.push(...answers.filter((answer) => breaksTheRule(idCase, answer)).map((answer) => ({ case: caseName(idCase), ...answer })));
    if (changed.length > 0) wrong.push({ case: caseName(idCase), changed });
    // Last, as it may change data: the caller's own id must be answered otherwise than a missing one, or
    // the input never reached the field's lookup (another rule refused it first) and proved nothing.
    const own = await answerTo(idCase, idCase.input, recordsA[idCase.kind]);
    if (own.status >= 500 || sameAnswer(own, answers[0].missing)) wrong.push({ case: caseName(idCase), ownIdAnsweredLikeAMissingOne: own });
  }
  expect(wrong).toEqual([]);
});

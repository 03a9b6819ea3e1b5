/** @jest-environment node */
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { Schema } from 'yup';
import { jsonSchemaOf, type JsonSchema } from './api-description/json-schema';
import type { DeclaredRoute } from './api-description/route-registry';
import {
  bodyCase, contentTypeCase, HOSTILE_BODIES, HOSTILE_TEXT, paramCase, queryCase, type RequestCase,
} from './api-description/testing/input-arbitraries';
import {
  paramValues, sampleInputOf, seedOrganizationRecords, urlWith, type OrganizationRecords,
} from './api-description/testing/route-fixtures';
import type { Member } from './testing/test-app';
import { createKitWithAdmin, type WhatsAppTestKit } from './testing/whatsapp-test-kit';

/**
 * Property-based fuzzing of every JSON route: requests generated from the route's own schema (values it
 * admits, mixed at every depth with NUL and lone surrogates, 1e20 and -0, very long text, deep nesting,
 * long arrays, wrong types, `__proto__` keys), sent by an Admin, who holds every permission, so each
 * request reaches the route's rules and queries. However bad the input, the answer is never a 5xx, never
 * carries a stack trace, is a JSON `{ error }` with a message when it refuses, and never holds the event
 * loop for long. The routes come from the app, so a route added later is fuzzed too.
 *
 * `npm test` runs FUZZ_RUNS cases per route (a few, so the file stays quick); `npm run fuzz` runs many
 * more. A failure prints fast-check's seed and path: FUZZ_SEED=<seed> replays the same cases.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Far above any honest request's cost: a guard against one request stalling every tenant, not a benchmark. */
const SLOW_MS = 1000;
/** What a leaked stack trace or source path looks like in a body. */
const STACK_TRACE = /\n\s+at \S|\bat \S+ \(\/|node_modules\/|\.tsx?:\d+:\d+|"stack"/;

jest.setTimeout(60_000 + RUNS * 8_000);

let kit: WhatsAppTestKit;
let admin: Member;
let records: OrganizationRecords;
let ids: string[];
beforeAll(async () => {
  ({ kit, admin } = await createKitWithAdmin());
  records = await seedOrganizationRecords(kit.t, admin);
  ids = Object.values(records);
}, 120_000);
afterAll(() => kit.close());

/**
 * Multipart uploads read their own bodies (their fuzzing is the upload tests' job); every other route is
 * JSON. Deleting routes go last, so the records the others work on are still there for them.
 */
const jsonRoutes = () => kit.t.app.declaredRoutes
  .filter((route) => !route.multipart)
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
const takesBody = (route: DeclaredRoute) => ['POST', 'PUT', 'PATCH'].includes(route.method);

function jsonSchemaOfPart(schema: unknown): JsonSchema | undefined {
  return schema instanceof Schema ? jsonSchemaOf(schema.describe()) : undefined;
}

/** A body the route accepts, when the fixtures have one: fuzzing changes one field of it at a time. */
function sampleBodyOf(route: DeclaredRoute): Record<string, unknown> | undefined {
  const { payload } = sampleInputOf(route, records);
  return payload && typeof payload === 'object' && !Buffer.isBuffer(payload) ? payload as Record<string, unknown> : undefined;
}

function requestCases(route: DeclaredRoute): fc.Arbitrary<RequestCase> {
  const own = paramValues(route.url, records);
  return fc.record({
    params: fc.record(Object.fromEntries(Object.entries(own).map(([name, value]) => [name, paramCase(value)]))),
    query: queryCase(jsonSchemaOfPart(route.schema.querystring), ids),
    body: takesBody(route) ? bodyCase(jsonSchemaOfPart(route.schema.body), ids, sampleBodyOf(route)) : fc.constant(undefined),
    contentType: contentTypeCase,
  });
}

/** Numbers at and past the edges of what a query parameter can carry. */
const EDGE_NUMBERS = ['1e20', '-1e20', '1e308', '9007199254740993', '-0', '-1', '0.5', 'NaN', 'Infinity', '0x10'];

/**
 * The cases every run tries first: each malformed whole body, each hostile value in each URL parameter,
 * and each edge number in each query parameter.
 */
function fixedCases(route: DeclaredRoute): RequestCase[] {
  const params = paramValues(route.url, records);
  const plain: RequestCase = { params, query: '', body: takesBody(route) ? { json: {} } : undefined, contentType: 'application/json' };
  const bodies = takesBody(route) ? HOSTILE_BODIES.map((body) => ({ ...plain, body })) : [];
  const urls = Object.keys(params).flatMap((name) => HOSTILE_TEXT.slice(0, 12).map((value) => ({ ...plain, params: { ...params, [name]: value } })));
  const fields = Object.keys((jsonSchemaOfPart(route.schema.querystring)?.properties ?? {}) as object);
  const queries = fields.flatMap((name) => EDGE_NUMBERS.map((value) => ({ ...plain, query: new URLSearchParams({ [name]: value }).toString() })));
  return [...bodies, ...urls, ...queries];
}

/** What is wrong with the route's answer to the case, if anything. */
async function problemWith(route: DeclaredRoute, request: RequestCase): Promise<string | undefined> {
  const started = performance.eventLoopUtilization();
  const response = await kit.t.app.inject({
    method: route.method as 'POST',
    url: `${urlWith(route.url, request.params)}${request.query ? `?${request.query}` : ''}`,
    headers: {
      // Public routes are called as a stranger: a sign-up must not replace the Admin's session.
      ...(route.access === 'public' ? {} : { cookie: admin.cookie }),
      ...(request.body ? { 'content-type': request.contentType } : {}),
    },
    ...(request.body ? { payload: 'raw' in request.body ? request.body.raw : JSON.stringify(request.body.json) } : {}),
  });
  const busyMs = performance.eventLoopUtilization(started).active;
  const answer = `${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 500) return `answered ${answer}`;
  if (STACK_TRACE.test(response.body)) return `leaked a stack trace: ${answer}`;
  if (response.statusCode >= 400 && !hasErrorMessage(response.body)) return `refused without a JSON error message: ${answer}`;
  if (busyMs > SLOW_MS) return `held the event loop for ${Math.round(busyMs)} ms (${answer})`;
  return undefined;
}

function hasErrorMessage(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'string' && (parsed as { error: string }).error !== '';
  } catch {
    return false;
  }
}

test('no JSON route answers 5xx, leaks a stack trace, refuses without a message or stalls, whatever it is sent', async () => {
  const routes = jsonRoutes();
  expect(routes.length).toBeGreaterThan(50);
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
  const failures: string[] = [];
  for (const route of routes) {
    const property = fc.asyncProperty(requestCases(route), async (request) => {
      const problem = await problemWith(route, request);
      if (problem) throw new Error(problem);
    });
    const examples = fixedCases(route).map((request): [RequestCase] => [request]);
    // Examples count among the runs: RUNS generated cases follow them.
    const details = await fc.check(property, { numRuns: examples.length + RUNS, seed: SEED, examples });
    if (details.failed) {
      const problem = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      failures.push(`${route.method} ${route.url} ${problem}\n${fc.defaultReportMessage(details)?.slice(0, 1500)}`);
    }
  }
  expect(failures).toEqual([]);
  // `__proto__` and `constructor` keys never reached a shared prototype.
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

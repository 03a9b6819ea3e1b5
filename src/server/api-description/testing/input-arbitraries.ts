import fc from 'fast-check';
import type { JsonSchema } from '../json-schema';

/**
 * fast-check generators of API input, read from a route's JSON Schema (the one its yup schema describes
 * in the API description): values that look like what the schema admits, mixed at every level with
 * values no schema expects. A fuzzing run sends them to the route and checks how it answers.
 */

/** `[[[…]]]`, `levels` deep. */
function nested(levels: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < levels; level += 1) value = [value];
  return value;
}

/** An object with an own property of each name, `__proto__` included (an object literal would set the prototype instead). */
function withOwnKeys(entries: Array<[string, unknown]>, base: object = {}): Record<string, unknown> {
  const target: Record<string, unknown> = { ...base };
  for (const [key, value] of entries) Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

export const HOSTILE_TEXT: readonly string[] = [
  '\u0000', 'a\u0000b', '\uFFFF', '\uFEFF', '\uD800', '\u202Eevil', '', ' ', "1' or '1'='1", '%00', '../../etc/passwd',
  '<script>alert(1)</script>', '{{1}}', '1e20', '-0', 'NaN', 'Infinity', '-1', '0x10', '__proto__', 'constructor',
  'x'.repeat(10_000), 'ش'.repeat(4000), '😀'.repeat(2000),
];

const POLLUTION = { polluted: 'yes' };

export const HOSTILE_VALUES: readonly unknown[] = [
  ...HOSTILE_TEXT,
  1e20, -1e20, -0, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null,
  {}, [], { $ne: null }, { $gt: '' }, ['a', { b: 1 }],
  withOwnKeys([['__proto__', POLLUTION]]), withOwnKeys([['constructor', { prototype: POLLUTION }]]), { prototype: POLLUTION },
  nested(40), nested(3000), new Array(20_000).fill(0), new Array(2000).fill('x'.repeat(20)),
];

/** Whole bodies of the wrong shape, and JSON text that does not parse. */
export const HOSTILE_BODIES: readonly BodyCase[] = [
  ...[
    [], 'just text', 42, null, true, nested(3000), 'x'.repeat(70_000), new Array(40_000).fill(0),
    withOwnKeys([['__proto__', POLLUTION]]), withOwnKeys([['constructor', { prototype: POLLUTION }]]),
  ].map((json) => ({ json })),
  { raw: '{"a":' }, { raw: '{"a":1}}' }, { raw: '\u0000' }, { raw: '' }, { raw: '['.repeat(60_000) },
];

/** Keys a client could add hoping the server trusts them, or that break naive key handling. */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'organizationId', 'organization_id', 'role', 'isOwner', 'id', 'k'.repeat(300)];

export type BodyCase = { json: unknown } | { raw: string };

export interface RequestCase {
  /** Each URL parameter's value, as text (encoded when the URL is built). */
  params: Record<string, string>;
  /** The query string, without the `?`. */
  query: string;
  body: BodyCase | undefined;
  contentType: string;
}

/** A value for the schema: usually one it admits (or nearly), sometimes a hostile one, at every depth. */
export function inputValue(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: admittedValue(schema, ids) }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_VALUES) });
}

function admittedValue(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = [schema.type].flat().filter((type): type is string => typeof type === 'string');
  const arbitraries = types.map((type) => (type === 'null' ? fc.constant(null) : valueOfType(type, schema, ids)));
  return arbitraries.length > 0 ? fc.oneof(...arbitraries) : fc.jsonValue({ maxDepth: 3 });
}

function valueOfType(type: string, schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  const number = (key: string) => (typeof schema[key] === 'number' ? schema[key] : undefined);
  switch (type) {
    case 'string':
      return textFor(schema, ids);
    case 'integer':
      return fc.integer({ min: number('minimum') ?? -1000, max: number('maximum') ?? 1_000_000 });
    case 'number':
      return fc.double({ min: number('minimum') ?? -1e6, max: number('maximum') ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = (schema.items && typeof schema.items === 'object' ? schema.items : {}) as JsonSchema;
      const minLength = number('minItems') ?? 0;
      return fc.array(inputValue(items, ids), { minLength, maxLength: Math.max(minLength, Math.min(number('maxItems') ?? 8, 8)) });
    }
    case 'object':
      return objectOf(schema, ids);
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

function textFor(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 60, 300));
  const options: fc.Arbitrary<string>[] = [
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
  ];
  if (schema.format === 'uuid' && ids.length > 0) options.push(fc.constantFrom(...ids), fc.uuid());
  if (schema.format === 'email') options.push(fc.emailAddress());
  if (typeof schema.pattern === 'string') {
    const matching = matchingText(schema.pattern);
    if (matching) options.push(matching);
  }
  return fc.oneof(...options);
}

/** Text matching a pattern, when fast-check can generate it (it reads a subset of regular expressions). */
function matchingText(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern)).filter((text) => text.length <= 300);
  } catch {
    return undefined;
  }
}

function objectOf(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, inputValue(property, ids)]));
  const extras = fc.array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), fc.constantFrom(...HOSTILE_VALUES)), { maxLength: 2 });
  return fc.tuple(fc.record(model, { requiredKeys: required.filter((key) => key in model) }), extras)
    .map(([record, extra]) => withOwnKeys(extra, record));
}

/**
 * A JSON body for the schema, now and then one of entirely the wrong shape. With a sample the route
 * accepts, often that sample with one field changed, so most cases get past the rules to the route's work.
 */
export function bodyCase(schema: JsonSchema | undefined, ids: readonly string[], sample?: Record<string, unknown>): fc.Arbitrary<BodyCase> {
  const shaped = (schema ? admittedValue(schema, ids) : fc.constant({})).map((json): BodyCase => ({ json }));
  const options = [{ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_BODIES) }];
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  if (sample && Object.keys(properties).length > 0) {
    const oneChanged = fc.constantFrom(...Object.keys(properties))
      .chain((key) => inputValue(properties[key], ids).map((value) => withOwnKeys([[key, value]], sample)));
    options.push({ weight: 6, arbitrary: fc.oneof(fc.constant(sample), oneChanged).map((json): BodyCase => ({ json })) });
  }
  return fc.oneof(...options);
}

/** A query string for the schema's fields: their values, hostile ones, repeated keys, and keys nobody declared. */
export function queryCase(schema: JsonSchema | undefined, ids: readonly string[]): fc.Arbitrary<string> {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const entries = Object.entries(properties).map(([key, property]) =>
    fc.option(fc.oneof(
      { weight: 5, arbitrary: admittedValue(property, ids).map((value) => [[key, queryText(value)]]) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT).map((value) => [[key, value]]) },
      { weight: 1, arbitrary: fc.tuple(admittedValue(property, ids), fc.constantFrom(...HOSTILE_TEXT)).map(([a, b]) => [[key, queryText(a)], [key, b]]) },
    ), { nil: [] }));
  const extras = fc.array(
    fc.tuple(fc.constantFrom(...HOSTILE_KEYS, 'a[b]', 'constructor[prototype][polluted]', '__proto__[polluted]', 'q[$ne]'), fc.constantFrom(...HOSTILE_TEXT)),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...entries), extras).map(([fields, extra]) => new URLSearchParams([...fields.flat(), ...extra] as string[][]).toString());
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}

/** A URL parameter: the organization's own record (so the route does its work), an unknown id, or junk. */
export function paramCase(own: string): fc.Arbitrary<string> {
  return fc.oneof({ weight: 4, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: fc.uuid() }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXT) });
}

/** Mostly JSON; sometimes a type the API does not take. */
export const contentTypeCase = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data') },
);

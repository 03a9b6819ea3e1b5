import { Schema } from 'yup';
import { jsonSchemaOf, type JsonSchema } from '../json-schema';
import type { DeclaredRoute } from '../route-registry';
import { MULTIPART_FORMS, routeKey, type RecordKind, type SampleInput } from './route-fixtures';

/**
 * The ids a request carries outside its URL (in its JSON body, its query string, or the text fields of
 * a multipart form), read from the schema the route validates that input with: every field the schema
 * declares a uuid, and every field named like an id (`roleId`, `tagIds`) or a list of records (`tags`),
 * since some routes take ids as plain text and check them themselves. Tests that swap those ids for
 * another organization's find them here, so a route added later is covered by its schema alone.
 */

/** Where in a request a field is. */
export type InputPart = 'body' | 'query' | 'form';

/** A path step into every element of an array. */
export const EACH = '[]';

export interface IdField {
  part: InputPart;
  /** Property names from the top of the part; EACH steps into every element of an array. */
  path: readonly string[];
  /** The property's own name, which says what it names (`targetUserId`: a member). */
  name: string;
}

/** `roleId`, `tagIds`, `phone_number_id`, `id`. */
const ID_NAME = /(^|[a-z0-9])Ids?$|^ids?$|_ids?$/;

/**
 * Names that end like an id but name no record of an organization, so there is no other organization's
 * record to put in their place. A name means the same in every route that takes it.
 */
export const NOT_RECORD_IDS: ReadonlyMap<string, string> = new Map([
  // A key the client makes up so a retried send stores one message; unique per conversation, it can
  // only ever match a message of the caller's own conversation.
  ['clientId', 'an idempotency key the client chooses, scoped to the conversation in the URL'],
  // The position of a quick-reply button in the broadcast's template ('0', '1'), checked against it.
  ['triggerId', "a button's position in the template"],
  // Meta's ids, checked against the Graph API with the configuration's token (whose number it is).
  ['phoneNumberId', "Meta's id of a phone number"],
  ['businessAccountId', "Meta's id of a business account"],
]);

/** The record kind each id name ends with: `assignToUserId` names a member by user id, `targetTagId` a tag. */
const KIND_WORDS: ReadonlyMap<string, RecordKind> = new Map([
  ['contact', 'contact'],
  ['conversation', 'conversation'],
  ['message', 'message'],
  ['note', 'note'],
  ['tag', 'tag'],
  ['role', 'role'],
  ['member', 'member'],
  ['user', 'memberUserId'],
  // A thread note's `mentions`: members, by user id.
  ['mention', 'memberUserId'],
  ['invitation', 'invitation'],
  ['template', 'template'],
  ['broadcast', 'broadcast'],
  ['rule', 'rule'],
  ['media', 'media'],
]);

/** The kind of record an id field names, by the last word of its name; `undefined` for a word no fixture knows. */
export function recordKindOf(field: IdField): RecordKind | undefined {
  const words = field.name.replace(/_?ids?$/i, '').split(/_|(?=[A-Z])/);
  const word = words[words.length - 1].toLowerCase();
  return KIND_WORDS.get(word) ?? KIND_WORDS.get(word.replace(/s$/, ''));
}

/**
 * Whether a field's name says it holds ids: `roleId`, `tagIds`, or a kind of record in the plural (`tags`,
 * a comma-separated list of them). Not the singular, which names text as often (a handoff `note`).
 */
function isIdName(name: string): boolean {
  return ID_NAME.test(name) || (name.endsWith('s') && KIND_WORDS.has(name.slice(0, -1)));
}

/** The route's id fields outside its URL, from its body and query schemas, or its multipart form's. */
export function idFieldsOf(route: DeclaredRoute): IdField[] {
  return [
    ...idFieldsIn('body', route.schema.body, route.url),
    ...idFieldsIn('query', route.schema.querystring, route.url),
    ...idFieldsIn('form', MULTIPART_FORMS[routeKey(route)]?.fields, route.url),
  ];
}

/** Multipart routes whose form schema MULTIPART_FORMS does not name: their ids could not be found. */
export function unknownForms(routes: readonly DeclaredRoute[]): string[] {
  return routes.filter((route) => route.multipart && !MULTIPART_FORMS[routeKey(route)]).map(routeKey);
}

/** `body.rules[].targetUserId`, `query.broadcastId`. */
export function fieldLabel(field: IdField): string {
  return field.path.reduce((label, step) => (step === EACH ? `${label}[]` : `${label}.${step}`), field.part);
}

function idFieldsIn(part: InputPart, schema: unknown, url: string): IdField[] {
  if (!(schema instanceof Schema)) return [];
  return idPaths(jsonSchemaOf(schema.describe()), [], '').map(({ path, name }) => ({ part, path, name: ownRecordsNamed(name, url) }));
}

/** A bare `id` or `ids` names the route's own records: `ids` on /api/conversations is `conversationIds`. */
function ownRecordsNamed(name: string, url: string): string {
  if (name !== 'id' && name !== 'ids') return name;
  const resource = (url.split('/')[2] ?? '').replace(/s$/, '');
  return `${resource}${name === 'id' ? 'Id' : 'Ids'}`;
}

/** Paths to the id values in a JSON Schema: object properties and array elements are walked; a leaf is an id by format or name. */
function idPaths(schema: JsonSchema, path: readonly string[], name: string): Array<{ path: readonly string[]; name: string }> {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) return Object.entries(properties).flatMap(([key, property]) => idPaths(property, [...path, key], key));
  const items = schema.items as JsonSchema | boolean | undefined;
  // An array of ids is named as a whole (`tagIds`); its elements are the ids.
  if (typeof items === 'object') return idPaths(items, [...path, EACH], name);
  return schema.format === 'uuid' || isIdName(name) ? [{ path, name }] : [];
}

/** Whether the input carries the field at all (an optional field, a rule without a target, may be absent). */
export function carries(input: SampleInput, field: IdField): boolean {
  let found = false;
  mapAt(partOf(input, field.part), field.path, (value) => {
    found = true;
    return value;
  });
  return found;
}

/** The input with every value of the field replaced by `id`. */
export function withIdInPlace(input: SampleInput, field: IdField, id: string): SampleInput {
  return withPart(input, field.part, mapAt(partOf(input, field.part), field.path, () => id));
}

/** The input with `id` added to the array the field's values are elements of (a foreign id among the caller's own). */
export function withIdAdded(input: SampleInput, field: IdField, id: string): SampleInput {
  const arrayPath = field.path.slice(0, -1);
  return withPart(input, field.part, mapAt(partOf(input, field.part), arrayPath, (array) => (Array.isArray(array) ? [...array, id] : array)));
}

/** Whether the field's values are the elements of an array (`tagIds[]`). */
export const isArrayElement = (field: IdField) => field.path[field.path.length - 1] === EACH;

function partOf(input: SampleInput, part: InputPart): unknown {
  if (part === 'body') return input.payload;
  if (part === 'query') return input.query;
  return input.form?.fields;
}

/** The input with one part changed; `mapAt` keeps each part's shape, so the casts only restore its type. */
function withPart(input: SampleInput, part: InputPart, value: unknown): SampleInput {
  if (part === 'body') return { ...input, payload: value as SampleInput['payload'] };
  if (part === 'query') return { ...input, query: value as SampleInput['query'] };
  return input.form ? { ...input, form: { ...input.form, fields: value as Record<string, string> } } : input;
}

/** A copy of `value` with `change` applied to what the path reaches; a path that reaches nothing changes nothing. */
function mapAt(value: unknown, path: readonly string[], change: (found: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [step, ...rest] = path;
  if (step === EACH) return Array.isArray(value) ? value.map((item: unknown) => mapAt(item, rest, change)) : value;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, step)) return value;
  const record = value as Record<string, unknown>;
  return { ...record, [step]: mapAt(record[step], rest, change) };
}

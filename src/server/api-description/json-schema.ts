import type { SchemaDescription, SchemaFieldDescription, SchemaInnerTypeDescription, SchemaObjectDescription } from 'yup';
import { UUID_FORMAT } from '@shared/validation/route-input';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = Record<string, unknown>;

/** yup's built-in rules that JSON Schema says another way; any other named rule is listed in `x-rules`. */
const STRING_FORMATS: Record<string, string> = { email: 'email', url: 'uri', uuid: 'uuid', datetime: 'date-time' };
const KNOWN_RULES = new Set(['required', 'defined', 'optionality', 'nullable', 'typeError', 'trim', 'lowercase', 'uppercase', 'min', 'max', 'length', 'integer', 'matches', ...Object.keys(STRING_FORMATS)]);

/**
 * The JSON Schema of a yup schema, read from `schema.describe()`: types, required fields, lengths and
 * ranges, enumerations (`oneOf`), nullability, arrays, nested objects, and patterns where the rule is a
 * regular expression JSON Schema can state. What yup checks in code (a custom `.test()`, a `when`
 * condition) is not expressible; such rules are named in `x-rules` so a reader knows more is checked.
 */
export function jsonSchemaOf(description: SchemaFieldDescription): JsonSchema {
  if (!('tests' in description)) return {};
  const schema: JsonSchema = { ...typeKeywords(description), ...ruleKeywords(description) };
  const type = schema.type;
  if (description.nullable && typeof type === 'string') schema.type = [type, 'null'];
  const allowed = description.oneOf.filter((value) => value !== undefined);
  if (allowed.length > 0) schema.enum = description.nullable && !allowed.includes(null) ? [...allowed, null] : allowed;
  const refused = description.notOneOf.filter((value) => value !== undefined);
  if (refused.length > 0) schema.not = { enum: refused };
  if (description.default !== undefined && description.type !== 'object' && typeof description.default !== 'function') {
    schema.default = description.default;
  }
  if (description.label) schema.title = description.label;
  const explained = description.meta?.description;
  if (typeof explained === 'string') schema.description = explained;
  return schema;
}

/** Whether a field must be present: yup's `required()` and `defined()` make it non-optional. */
export function isRequired(description: SchemaFieldDescription): boolean {
  return 'optional' in description && description.optional === false;
}

/** The fields of an object schema, empty for anything else (a route that takes no query, say). */
export function fieldsOf(description: SchemaFieldDescription): Record<string, SchemaFieldDescription> {
  return 'fields' in description ? description.fields : {};
}

function typeKeywords(description: SchemaDescription): JsonSchema {
  switch (description.type) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: description.tests.some((test) => test.name === 'integer') ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'object': {
      const fields = fieldsOf(description as SchemaObjectDescription);
      const required = Object.keys(fields).filter((key) => isRequired(fields[key]));
      return {
        type: 'object',
        properties: Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, jsonSchemaOf(field)])),
        ...(required.length > 0 ? { required } : {}),
      };
    }
    case 'array': {
      const inner = (description as SchemaInnerTypeDescription).innerType;
      if (Array.isArray(inner)) return { type: 'array', prefixItems: inner.map(jsonSchemaOf), items: false };
      return { type: 'array', ...(inner ? { items: jsonSchemaOf(inner) } : {}) };
    }
    case 'tuple': {
      const inner = (description as SchemaInnerTypeDescription).innerType;
      return { type: 'array', prefixItems: Array.isArray(inner) ? inner.map(jsonSchemaOf) : [], items: false };
    }
    default:
      return {};
  }
}

function ruleKeywords(description: SchemaDescription): JsonSchema {
  const keywords: JsonSchema = {};
  const custom: string[] = [];
  const lengthWord = description.type === 'array' ? 'Items' : 'Length';
  for (const { name = '', params = {} } of description.tests) {
    if (!KNOWN_RULES.has(name)) {
      custom.push(name);
      continue;
    }
    if (description.type === 'string' && STRING_FORMATS[name]) keywords.format = STRING_FORMATS[name];
    if (name === 'matches' && params.regex instanceof RegExp) Object.assign(keywords, patternKeywords(params.regex));
    if (description.type === 'number') Object.assign(keywords, rangeKeywords(name, params));
    if (description.type === 'string' || description.type === 'array') {
      if (name === 'min' && typeof params.min === 'number') keywords[`min${lengthWord}`] = params.min;
      if (name === 'max' && typeof params.max === 'number') keywords[`max${lengthWord}`] = params.max;
      if (name === 'length' && typeof params.length === 'number') {
        keywords[`min${lengthWord}`] = params.length;
        keywords[`max${lengthWord}`] = params.length;
      }
    }
  }
  // yup's required() refuses an empty string.
  const required = description.tests.some((test) => test.name === 'required');
  if (description.type === 'string' && required && keywords.minLength === undefined) keywords.minLength = 1;
  if (custom.length > 0) keywords['x-rules'] = custom;
  return keywords;
}

function rangeKeywords(name: string, params: Record<string, unknown>): JsonSchema {
  if (name === 'min' && typeof params.min === 'number') return { minimum: params.min };
  if (name === 'min' && typeof params.more === 'number') return { exclusiveMinimum: params.more };
  if (name === 'max' && typeof params.max === 'number') return { maximum: params.max };
  if (name === 'max' && typeof params.less === 'number') return { exclusiveMaximum: params.less };
  return {};
}

/**
 * A regular expression as JSON Schema states it: ids are `format: uuid`; others as `pattern` when their
 * flags change nothing JSON Schema's ECMA-262 patterns would read differently (a case-insensitive one
 * cannot be stated, so it is left out rather than stated wrongly).
 */
function patternKeywords(regex: RegExp): JsonSchema {
  if (regex.source === UUID_FORMAT.source) return { format: 'uuid' };
  if (/[^u]/.test(regex.flags)) return {};
  return { pattern: regex.source };
}

import { ArraySchema, ObjectSchema, Schema, StringSchema, ValidationError } from 'yup';

/**
 * Far deeper than any request Parley takes: its own schemas nest four levels, Meta's webhook payloads
 * about a dozen. Nothing deeper is read, whether a schema describes it or not.
 */
export const MAX_NESTING = 32;
export const TOO_DEEPLY_NESTED = 'The request is nested too deeply';

/** A length limit of an array or a string, with the message its schema gives when it is exceeded. */
interface Bound {
  limit: number;
  message: (path: string, value: unknown) => string;
}

/** What a schema says about a value's size, read once from the schema when its route is declared. */
type Shape =
  | { kind: 'object'; fields: ReadonlyMap<string, Shape> }
  | { kind: 'array'; bound?: Bound; element: Shape }
  | { kind: 'string'; bound?: Bound; castLength: (value: string) => number }
  /** Nothing known about it (a `mixed` or conditional field, an unknown key): only its nesting is limited. */
  | { kind: 'free' };

const FREE: Shape = { kind: 'free' };

/**
 * The cheap check that runs before a schema's rules: every array and string against the length limit
 * its schema declares (`.max()`, `.length()`), and every value against MAX_NESTING. It answers the
 * schema's own message for the first value past its limit, without looking at the elements of an
 * over-long array, so an enormous request costs no more than a small one; `undefined` means the rules
 * may run. A limit whose field reshapes its value first (a transform on an array, a `when` condition)
 * is left to the rules themselves: the request's body limit bounds those.
 */
export function boundsCheckOf(schema: Schema): (value: unknown) => string | undefined {
  const shape = shapeOf(schema);
  return (value) => firstExcess(value, shape, '', 1);
}

function shapeOf(schema: unknown): Shape {
  if (!(schema instanceof Schema) || schema.deps.length > 0) return FREE;
  if (schema instanceof ObjectSchema) {
    if (schema.transforms.length > 0) return FREE;
    const fields = new Map<string, Shape>();
    for (const [key, field] of Object.entries(schema.fields as Record<string, unknown>)) fields.set(key, shapeOf(field));
    return { kind: 'object', fields };
  }
  if (schema instanceof ArraySchema) {
    if (schema.transforms.length > 0) return FREE;
    return { kind: 'array', bound: boundOf(schema), element: shapeOf(schema.innerType) };
  }
  if (schema instanceof StringSchema) {
    return { kind: 'string', bound: boundOf(schema), castLength: (value) => castLength(schema, value) };
  }
  return FREE;
}

/** The tightest `max` or `length` rule of an array or string schema, if it has one with a fixed number. */
function boundOf(schema: Schema): Bound | undefined {
  let bound: Bound | undefined;
  for (const test of schema.tests) {
    const options = test.OPTIONS;
    if (!options || (options.name !== 'max' && options.name !== 'length')) continue;
    const params = options.params ?? {};
    const limit = params[options.name];
    if (typeof limit !== 'number' || (bound && bound.limit <= limit)) continue;
    const label = schema.spec.label;
    bound = {
      limit,
      message: (path, value) => String(ValidationError.formatError(options.message, { ...params, path: label ?? path, label, value, originalValue: value })),
    };
  }
  return bound;
}

/** A string's length once its schema's transforms ran (trimming makes a padded value fit). */
function castLength(schema: StringSchema, value: string): number {
  try {
    const cast: unknown = schema.cast(value, { assert: false });
    return typeof cast === 'string' ? cast.length : 0;
  } catch {
    return 0;
  }
}

function firstExcess(value: unknown, shape: Shape, path: string, level: number): string | undefined {
  if (typeof value === 'string') {
    if (shape.kind === 'string' && shape.bound && value.length > shape.bound.limit && shape.castLength(value) > shape.bound.limit) {
      return shape.bound.message(path, value);
    }
    return undefined;
  }
  if (!isContainer(value)) return undefined;
  if (level > MAX_NESTING) return TOO_DEEPLY_NESTED;
  if (shape.kind === 'array' && Array.isArray(value)) {
    if (shape.bound && value.length > shape.bound.limit) return shape.bound.message(path, value);
    for (let index = 0; index < value.length; index += 1) {
      const excess = firstExcess(value[index], shape.element, `${path}[${index}]`, level + 1);
      if (excess) return excess;
    }
    return undefined;
  }
  if (shape.kind === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const [key, field] of shape.fields) {
      if (!Object.hasOwn(record, key)) continue;
      const excess = firstExcess(record[key], field, path ? `${path}.${key}` : key, level + 1);
      if (excess) return excess;
    }
    for (const [key, item] of Object.entries(record)) {
      if (!shape.fields.has(key) && nestsBeyond(item, level + 1)) return TOO_DEEPLY_NESTED;
    }
    return undefined;
  }
  return nestsBeyond(value, level) ? TOO_DEEPLY_NESTED : undefined;
}

/** Whether a value nests deeper than MAX_NESTING; walked with its own stack, so depth cannot overflow ours. */
function nestsBeyond(root: unknown, rootLevel: number): boolean {
  const pending: Array<[unknown, number]> = [[root, rootLevel]];
  while (pending.length > 0) {
    const [value, level] = pending.pop()!;
    if (!isContainer(value)) continue;
    if (level > MAX_NESTING) return true;
    for (const item of Array.isArray(value) ? value : Object.values(value)) pending.push([item, level + 1]);
  }
  return false;
}

/** Parsed JSON arrays and objects; raw bytes (a Buffer) are not walked. */
function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value);
}

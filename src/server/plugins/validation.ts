import type { FastifyInstance, FastifySchema, FastifyTypeProvider, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ArraySchema, ObjectSchema, Schema, ValidationError, type AnyObject, type InferType } from 'yup';
import { validate } from '@shared/validation/first-error';
import { boundsCheckOf } from '../api-description/input-bounds';
import { declaredRoutesOf, type DeclaredRoute } from '../api-description/route-registry';
import { invalidInput } from '../lib/domain-error';
import { holdsNulCharacter, NUL_CHARACTER_REFUSED } from '../lib/nul-characters';

/**
 * Types a route's `request.body`, `request.query` and `request.params` from the yup schemas it declares,
 * so a handler reads exactly what its schema admits. Route modules use `app.withTypeProvider<YupTypeProvider>()`.
 */
export interface YupTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Schema ? InferType<this['schema']> : unknown;
  serializer: this['schema'] extends Schema ? InferType<this['schema']> : unknown;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The body an API route reads unless it declares its own `bodyLimit`: every JSON form Parley has fits in
 * a fraction of it. Bigger requests (a broadcast's contact list, the webhook) declare theirs; multipart
 * uploads are bounded by their own limits.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * Every API route validates its input with the shared yup schemas, the same ones the forms use, through
 * Fastify's validator compiler. A route that would take input without a schema stops the app at start-up,
 * like a route without an access rule: URL parameters need `params`, GET routes `querystring`, POST/PUT/PATCH
 * `body` (multipart uploads declare `config.multipart` and check their fields themselves).
 *
 * A failure answers 400 with the first broken rule's message (text holding a NUL character, on any route,
 * before its schema); a malformed URL id answers 404 with the params schema's message, exactly like a
 * record that does not exist. Before any rule runs, every array and string is measured against the limit
 * its schema declares and nesting against a fixed depth (`boundsCheckOf`), so a request's cost is bounded
 * by its schema, not by what the caller sent. Response schemas (yup too) keep only the fields they
 * declare, so an internal column cannot leak by being added to a query.
 */
export const validationPlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const yupSchema = asYup(schema);
    const excess = boundsCheckOf(yupSchema);
    return (data: unknown) => {
      const refusal = excess(data);
      if (refusal !== undefined) return { error: schemaViolation(httpPart, refusal) };
      if (yupSchema instanceof ObjectSchema) {
        const result = validate(yupSchema as ObjectSchema<AnyObject>, data);
        if (result.ok) return { value: result.value };
        return { error: schemaViolation(httpPart, result.message) };
      }
      try {
        return { value: yupSchema.validateSync(data, { stripUnknown: true }) };
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        return { error: schemaViolation(httpPart, error.message) };
      }
    };
  });

  app.setSerializerCompiler(({ schema }) => {
    const yupSchema = asYup(schema);
    return (data: unknown) => JSON.stringify(declaredOnly(yupSchema, data));
  });

  // One check for every API route's text, before its schema runs: a NUL can never reach a query. The
  // webhook keeps its JSON as raw bytes until its signature is checked (a later, route-level hook), so
  // its customers' text is not refused here; ingestion replaces their NULs instead.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api')) return;
    if (holdsNulCharacter(request.query) || holdsNulCharacter(request.body)) throw invalidInput(NUL_CHARACTER_REFUSED);
  });

  // The API description (GET /api/docs) is generated from what each route declares here.
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    const missing = missingSchemas(route);
    if (missing.length > 0) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no ${missing.join(', ')} schema`);
    }
    route.bodyLimit ??= JSON_BODY_LIMIT;
    declared.push(...declaredRoutesOf(route));
  });
}, { name: 'validation' });

function missingSchemas(route: RouteOptions): (keyof FastifySchema)[] {
  const schema: FastifySchema = route.schema ?? {};
  const methods = [route.method].flat().map(String);
  const missing: (keyof FastifySchema)[] = [];
  if (route.url.includes(':') && !schema.params) missing.push('params');
  if (methods.includes('GET') && !schema.querystring) missing.push('querystring');
  if (methods.some((m) => BODY_METHODS.has(m)) && !schema.body && !route.config?.multipart) missing.push('body');
  return missing;
}

/** Fastify answers the error's status; the error handler sends its message. */
function schemaViolation(httpPart: string | undefined, message: string): Error {
  return Object.assign(new Error(message), { statusCode: httpPart === 'params' ? 404 : 400 });
}

/** The value with only the fields its schema declares, in the value's own key order; nothing is cast. */
function declaredOnly(schema: Schema, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (schema instanceof ArraySchema && Array.isArray(value)) {
    const inner = schema.innerType;
    return inner instanceof Schema ? value.map((item) => declaredOnly(inner, item)) : value;
  }
  if (schema instanceof ObjectSchema && !Array.isArray(value)) {
    const fields = schema.fields as Record<string, unknown>;
    const picked: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const field = fields[key];
      if (field instanceof Schema) picked[key] = declaredOnly(field, item);
    }
    return picked;
  }
  return value;
}

function asYup(schema: unknown): Schema {
  if (schema instanceof Schema) return schema;
  throw new Error('Route schemas are yup schemas from src/shared/validation');
}

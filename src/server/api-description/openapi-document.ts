import { Schema, type SchemaFieldDescription } from 'yup';
import type { RouteAccess } from '../types';
import { fieldsOf, isRequired, jsonSchemaOf, type JsonSchema } from './json-schema';
import type { DeclaredRoute } from './route-registry';

/** An OpenAPI 3.1 document as plain JSON. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: JsonSchema;
}

export interface Operation {
  operationId: string;
  tags: string[];
  'x-permission': RouteAccess;
  security: Array<Record<string, string[]>>;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  'x-body-limit'?: number;
}

export interface DescriptionOptions {
  version: string;
  /** Where clients reach the API (PUBLIC_URL). */
  serverUrl: string;
  /** The session cookie's name as this server sets it. */
  sessionCookie: string;
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };

/** Which refusals an operation can answer, from what it declares. */
const REFUSALS: Array<{ status: string; applies: (route: DeclaredRoute) => boolean }> = [
  { status: '400', applies: (route) => takesInput(route) },
  { status: '401', applies: (route) => route.access !== 'public' },
  { status: '403', applies: (route) => route.access !== 'public' && route.access !== 'signed-in' },
  { status: '404', applies: (route) => route.url.includes(':') },
  { status: '413', applies: (route) => route.bodyLimit !== undefined && (route.schema.body !== undefined || route.multipart) },
];

/**
 * The OpenAPI 3.1 description of every declared API route, from the same yup schemas and access rules
 * the routes enforce: a change to a schema or a permission changes the description with it.
 * `x-permission` is what a caller's role must hold (`public`, `signed-in`, a permission, a list of
 * permissions any one of which suffices, or `{ allOf }`: permissions needed together); `x-body-limit` the
 * largest body the route reads, in bytes.
 */
export function openApiDocument(routes: readonly DeclaredRoute[], options: DescriptionOptions): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version: options.version,
      description:
        'The API of Parley, a multi-tenant team inbox and broadcast dashboard for the WhatsApp Business Platform. '
        + 'Every operation acts within the caller\'s organization; another organization\'s record answers 404 like a missing one. '
        + 'Request bodies are JSON (multipart/form-data for uploads); a failed rule answers 400 with `{ error }`, '
        + 'the message of the first rule the request breaks. Unknown fields are ignored.',
    },
    servers: [{ url: options.serverUrl }],
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: options.sessionCookie, description: 'The session cookie set by sign-in or sign-up' },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: { error: { type: 'string' }, code: { type: 'string' } },
          required: ['error'],
        },
      },
      responses: {
        Error: { description: 'Refused, with the reason', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
  };
}

function operationOf(route: DeclaredRoute): Operation {
  const access = route.access ?? 'public';
  const parameters = [...parametersOf(route.schema.params, 'path'), ...parametersOf(route.schema.querystring, 'query')];
  const requestBody = requestBodyOf(route);
  return {
    operationId: operationIdOf(route),
    tags: [route.url.split('/')[2] ?? 'api'],
    'x-permission': access,
    security: access === 'public' ? [] : [{ session: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    ...(requestBody && route.bodyLimit ? { 'x-body-limit': route.bodyLimit } : {}),
    responses: { ...successResponses(route), ...errorResponses(route) },
  };
}

/** `PUT /api/contacts/:id/undelete` → `putContactsIdUndelete`. */
function operationIdOf(route: DeclaredRoute): string {
  const words = route.url.replace(/^\/api/, '').split(/[^A-Za-z0-9]+/).filter(Boolean);
  return route.method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

function parametersOf(schema: unknown, location: 'path' | 'query'): JsonSchema[] {
  const description = describedOf(schema);
  if (!description) return [];
  return Object.entries(fieldsOf(description)).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || isRequired(field),
    schema: jsonSchemaOf(field),
  }));
}

function requestBodyOf(route: DeclaredRoute): JsonSchema | undefined {
  if (route.multipart) {
    return {
      required: true,
      description: 'One file and its text fields, the fields first (they are checked before the file is stored)',
      content: { 'multipart/form-data': { schema: { type: 'object' } } },
    };
  }
  const description = describedOf(route.schema.body);
  // A body without fields (`noBody`) is ignored: nothing to send.
  if (!description || (description.type === 'object' && Object.keys(fieldsOf(description)).length === 0)) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(description) } } };
}

function successResponses(route: DeclaredRoute): Record<string, JsonSchema> {
  const declared = route.schema.response as Record<string, unknown> | undefined;
  const answers = Object.entries(declared ?? {}).flatMap(([status, schema]) => {
    const description = describedOf(schema);
    return description ? [[status, { description: 'Success', content: { 'application/json': { schema: jsonSchemaOf(description) } } }]] : [];
  });
  // Without a response schema the answer's shape is the handler's: only its success is stated.
  return answers.length > 0 ? Object.fromEntries(answers) : { '2XX': { description: 'Success' } };
}

function errorResponses(route: DeclaredRoute): Record<string, JsonSchema> {
  return Object.fromEntries(REFUSALS.filter((refusal) => refusal.applies(route)).map((refusal) => [refusal.status, ERROR_RESPONSE]));
}

function takesInput(route: DeclaredRoute): boolean {
  return [route.schema.params, route.schema.querystring, route.schema.body].some((schema) => {
    const description = describedOf(schema);
    return description !== undefined && (description.type !== 'object' || Object.keys(fieldsOf(description)).length > 0);
  }) || route.multipart;
}

function describedOf(schema: unknown): SchemaFieldDescription | undefined {
  return schema instanceof Schema ? schema.describe() : undefined;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { graphErrors } from '../graph-errors';
import type { Sandbox } from '../sandbox';
import type { SandboxBusiness, SandboxNumber } from '../world';
import {
  createTemplate, debugToken, deleteTemplate, getBusinessAccount, getPhoneNumber, listPhoneNumbers, listTemplates, subscribedApps,
  templateView,
} from './accounts';
import { isValidMediaUrl, mediaInfo, uploadMedia } from './media';
import { postMessage } from './messages';

type Query = Record<string, string | undefined>;
type Json = Record<string, unknown>;

/** WhatsApp's largest media (a 100 MB document) plus multipart framing. */
export const MEDIA_UPLOAD_LIMIT = 110 * 1024 * 1024;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{20,500}$/;
const VERSION = /^v\d+(\.\d+)?$/;

/**
 * The Graph API paths the product uses, with or without a version segment:
 *   GET|POST|DELETE /{id}                 phone number, WABA, media, template
 *   POST /{phone-number-id}/messages      send, mark read
 *   POST /{phone-number-id}/media         upload
 *   GET  /{waba-id}/phone_numbers
 *   GET|POST|DELETE /{waba-id}/message_templates
 *   GET|POST|DELETE /{waba-id}/subscribed_apps
 *   GET  /debug_token
 *   GET  /_media/{id}?ext=&hash=          media bytes (bearer required), the URL GET /{media-id} hands out
 */
export async function graphRoutes(app: FastifyInstance, { sandbox }: { sandbox: Sandbox }) {
  app.get('/_media/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const query = request.query as Query;
    const business = await authorize(sandbox, request, [id]);
    const media = sandbox.world.media.get(id);
    if (!media || media.businessKey !== business.key || !isValidMediaUrl(sandbox, id, query.ext, query.hash)) {
      return reply.status(404).send({ error: 'Not found' });
    }
    return reply.type(media.mimeType).send(media.data);
  });

  // A request without a well-formed token is refused before its body is read, as Meta does: nobody
  // can make the sandbox read an upload without a token.
  app.addHook('onRequest', async (request) => {
    wellFormedToken(request);
  });

  const prefix = app.prefix;
  const handler = (request: FastifyRequest) => dispatch(sandbox, prefix, request);
  // Only media uploads may be large; every other Graph request is a small JSON body (the parsers' limit).
  for (const url of ['/:id/media', '/:version/:id/media']) app.post(url, { bodyLimit: MEDIA_UPLOAD_LIMIT }, handler);
  app.route({ method: ['GET', 'POST', 'DELETE'], url: '/*', handler });
}

async function dispatch(sandbox: Sandbox, prefix: string, request: FastifyRequest): Promise<Json> {
  const segments = request.url.split('?')[0].slice(prefix.length).split('/').filter(Boolean);
  if (segments.length > 0 && VERSION.test(segments[0])) segments.shift();
  const query = request.query as Query;
  const method = request.method;
  const [id, edge] = segments;
  const business = await authorize(sandbox, request, id ? [id] : []);

  if (id === 'debug_token' && method === 'GET') return debugToken(query);
  if (!id || segments.length > 2) throw graphErrors.unknownObject(segments.join('/'), method);

  switch (edge) {
    case 'messages':
      if (method !== 'POST') break;
      return postMessage(sandbox, business, numberOf(sandbox, business, id, method), request.body);
    case 'media':
      if (method !== 'POST') break;
      numberOf(sandbox, business, id, method);
      return uploadMedia(sandbox, business, bodyBuffer(request), String(request.headers['content-type'] ?? ''));
    case 'phone_numbers':
      if (method !== 'GET') break;
      return listPhoneNumbers(wabaOf(sandbox, business, id, method), query);
    case 'message_templates': {
      const owner = wabaOf(sandbox, business, id, method);
      if (method === 'GET') return listTemplates(owner, query, selfUrl(request));
      if (method === 'POST') return createTemplate(sandbox, owner, request.body);
      return deleteTemplate(owner, query);
    }
    case 'subscribed_apps':
      wabaOf(sandbox, business, id, method);
      return subscribedApps(method);
    case undefined:
      return objectById(sandbox, business, id, request, prefix);
  }
  throw graphErrors.unknownObject(segments.join('/'), method);
}

/** A bare id: media, a template, a phone number or the WABA — claimed for this business if nobody has it yet. */
function objectById(sandbox: Sandbox, business: SandboxBusiness, id: string, request: FastifyRequest, prefix: string): Json {
  const method = request.method;
  const query = request.query as Query;
  const media = sandbox.world.media.get(id);
  if (media) {
    if (media.businessKey !== business.key) throw graphErrors.unknownObject(id, method);
    if (method === 'DELETE') {
      sandbox.world.media.delete(id);
      return { success: true };
    }
    return mediaInfo(sandbox, media, `${request.protocol}://${request.host}${prefix}`);
  }
  const template = business.templates.find((t) => t.id === id);
  if (template) return templateView(template);

  // An id nobody owns is claimed only as this business's first number or its account, never guessed beyond that.
  const owner = sandbox.world.numberOwner(id) ?? sandbox.world.wabaOwner(id);
  const claimable = !owner && (business.numbers.size === 0 || !business.wabaId);
  if (!owner && !claimable) throw graphErrors.unknownObject(id, method);
  const isWaba = sandbox.world.wabaOwner(id) !== undefined || (!owner && business.numbers.size > 0);
  if (isWaba) return getBusinessAccount(wabaOf(sandbox, business, id, method), query);
  const number = numberOf(sandbox, business, id, method);
  if (method === 'POST') return { success: true };
  return getPhoneNumber(number, query);
}

function numberOf(sandbox: Sandbox, business: SandboxBusiness, id: string, method: string): SandboxNumber {
  const owner = sandbox.world.numberOwner(id);
  if ((owner && owner !== business) || sandbox.world.wabaOwner(id) || !/^\d{5,20}$/.test(id)) throw graphErrors.unknownObject(id, method);
  return sandbox.world.claimNumber(business, id);
}

function wabaOf(sandbox: Sandbox, business: SandboxBusiness, id: string, method: string): SandboxBusiness {
  const owner = sandbox.world.wabaOwner(id);
  if (owner === business) return business;
  if (owner || business.wabaId || sandbox.world.numberOwner(id) || !/^\d{5,20}$/.test(id)) throw graphErrors.unknownObject(id, method);
  sandbox.world.claimWaba(business, id);
  return business;
}

/** Token, app-secret proof and injected faults, checked before anything else, as Meta does. */
async function authorize(sandbox: Sandbox, request: FastifyRequest, ids: string[]): Promise<SandboxBusiness> {
  const token = wellFormedToken(request);
  const query = request.query as Query;
  const proof = query.appsecret_proof;
  if (proof) {
    const expected = Buffer.from(createHmac('sha256', sandbox.options.appSecret).update(token).digest('hex'));
    const given = Buffer.from(proof);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw graphErrors.badProof();
  }
  const fault = sandbox.faults.check(token, ids);
  if (fault && 'error' in fault) throw fault.error;
  if (fault && 'delayMs' in fault) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  return sandbox.world.businessForToken(token);
}

/** The request's bearer token (or `access_token`), refused as Meta refuses a missing or unparsable one. */
function wellFormedToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : (request.query as Query).access_token;
  if (!token) throw graphErrors.noToken();
  if (!TOKEN_FORMAT.test(token)) throw graphErrors.unparsableToken();
  return token;
}

function bodyBuffer(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

function selfUrl(request: FastifyRequest): URL {
  return new URL(`${request.protocol}://${request.host}${request.url}`);
}

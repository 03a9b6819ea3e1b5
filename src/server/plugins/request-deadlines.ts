import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BodyDeadlines } from '../config';

/** What any JSON body of the API needs to arrive, even on a slow phone connection. */
export const DEFAULT_BODY_DEADLINE_MS = 15_000;
/** A 100 MB file over a slow uplink. */
export const UPLOAD_BODY_DEADLINE_MS = 15 * 60_000;
/** The request line and headers, for every request. */
const HEADERS_DEADLINE_MS = 15_000;
/** How long the unread rest of a body answered early (a refused upload) is read and thrown away before the connection is closed. */
export const LINGER_MS = 5_000;

/**
 * Every request's body must arrive within its deadline: a client that trickles one (to hold a
 * connection and its file descriptor, or a half-written upload) is cut, connection and all, and the
 * route's own error handling removes what it had written. The deadline starts when the headers are in
 * and ends when the body has arrived; a body nobody reads (a refused request) counts as arrived once
 * received. Node's own whole-request timeout is set past the longest allowance, so it never cuts an
 * upload within its deadline; headers get HEADERS_DEADLINE_MS.
 */
export const requestDeadlinesPlugin = fp(async (app: FastifyInstance, options: Partial<BodyDeadlines>) => {
  const defaultMs = options.defaultMs ?? DEFAULT_BODY_DEADLINE_MS;
  const uploadMs = options.uploadMs ?? UPLOAD_BODY_DEADLINE_MS;
  app.server.headersTimeout = HEADERS_DEADLINE_MS;
  app.server.requestTimeout = Math.max(defaultMs, uploadMs) + HEADERS_DEADLINE_MS;

  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    // Only a request that announces a body waits for one (a GET, like the 2-second poll, costs no timer).
    if (raw.complete || (!request.headers['content-length'] && !request.headers['transfer-encoding'])) return;
    const deadline = setTimeout(() => {
      if (raw.complete || raw.destroyed) return;
      request.log.warn({ url: request.routeOptions.url }, 'request body not received in time; connection closed');
      raw.destroy();
    }, request.routeOptions.config.multipart ? uploadMs : defaultMs);
    deadline.unref();
    const settle = () => clearTimeout(deadline);
    raw.once('end', settle);
    raw.once('close', settle);
  });

  // A route may answer before it has read the whole body (an upload refused on its first bytes). The
  // rest is then read and thrown away for a while, so the client reads the answer rather than a reset,
  // and the connection closes after it: never left paused, holding its socket until a deadline.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) void reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed) return;
    raw.resume();
    const linger = setTimeout(() => raw.destroy(), LINGER_MS);
    linger.unref();
    raw.once('end', () => clearTimeout(linger));
    raw.once('close', () => clearTimeout(linger));
  });
}, { name: 'request-deadlines' });

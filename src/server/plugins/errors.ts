import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, type DomainErrorKind } from '../lib/domain-error';

/** The one place a domain error becomes an HTTP status. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_large: 413,
  rate_limited: 429,
  upstream_failed: 502,
};

/**
 * One error handler for the whole API: domain errors answer `{ error, code? }` with their status; client
 * mistakes Fastify detects (bad JSON, wrong content type, oversized body, a failed route schema) answer
 * 4xx; anything else is logged with its stack and answers a bare 500 with the request id, never internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const body = error.code ? { error: error.message, code: error.code } : { error: error.message };
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      void reply.status(STATUS_OF[error.kind]).send(body);
      return;
    }
    // A malformed id in a URL reaches PostgreSQL as an invalid uuid (22P02): for the caller that is
    // simply a record that does not exist.
    if ((error as { code?: string }).code === '22P02') {
      void reply.status(404).send({ error: 'Not found' });
      return;
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      void reply.status(status).send({ error: clientErrorMessage(error) });
      return;
    }
    request.log.error({ err: error }, 'request failed');
    void reply.status(500).send({ error: 'Something went wrong on our side. Please try again.', requestId: request.id });
  });
}, { name: 'errors' });

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    default:
      return error.message;
  }
}

import type { ErrorCode } from '@shared/api/errors';

/**
 * What went wrong, in the domain's words. Services and repositories throw these and never think in
 * HTTP; the one error handler (plugins/errors.ts) turns each kind into its status code.
 */
export type DomainErrorKind =
  | 'invalid' // the input breaks a rule
  | 'unauthenticated' // no session, or a wrong password
  | 'forbidden' // the member's role does not allow it
  | 'not_found' // missing, or another organization's (never told apart)
  | 'conflict' // the current state forbids it (duplicate, in use, already done)
  | 'unprocessable' // well-formed, but it names something the rule does not allow (a member who cannot see the conversation)
  | 'too_large' // an upload over its limit
  | 'rate_limited' // slow down; retryAfterSeconds says for how long
  | 'upstream_failed'; // WhatsApp (or another service we call) failed

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly code?: ErrorCode,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalidInput = (message: string, code?: ErrorCode) => new DomainError('invalid', message, code);
export const unauthorized = (message = 'Not signed in') => new DomainError('unauthenticated', message);
export const forbidden = (message = "You don't have permission to do that") => new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not_found', message);
export const conflict = (message: string, code?: ErrorCode) => new DomainError('conflict', message, code);
export const unprocessable = (message: string) => new DomainError('unprocessable', message);
export const tooLarge = (message: string) => new DomainError('too_large', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('rate_limited', message, 'RATE_LIMITED', retryAfterSeconds);
/** Over the API's per-minute limit: refused before anything ran, so the same request may be sent again after the wait. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new DomainError('rate_limited', message, 'TOO_MANY_REQUESTS', retryAfterSeconds);
export const upstreamFailed = (message: string) => new DomainError('upstream_failed', message);

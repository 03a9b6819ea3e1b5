import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isWhatsAppErrorCode, type ErrorCode } from '@shared/api/errors';

/**
 * The one error shape every endpoint of the API slice rejects with (`error` of a query hook,
 * the rejection of `.unwrap()`).
 */
export interface ApiError {
  /** The HTTP status, or why no usable answer came back. */
  status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR';
  /** The `error` field of the response body, when the server sent one. */
  error?: string;
  /** The `code` field of the response body (e.g. 'DUPLICATE_CONTACT', 'WHATSAPP_NOT_CONFIGURED'). */
  code?: ErrorCode;
  /** The parsed response body, for the rare screen that needs more than `error` and `code`. */
  data?: unknown;
  /** On a 429: how long the server asked to wait (its Retry-After header), in seconds. */
  retryAfterSeconds?: number;
}

/** The error with the wait its Retry-After header asks for (in seconds: the API never sends the date form). */
export function withRetryAfter(error: ApiError, header: string | null | undefined): ApiError {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds >= 0 ? { ...error, retryAfterSeconds: seconds } : error;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isApiError(value: unknown): value is ApiError {
  return isRecord(value) && (typeof value.status === 'number' || value.status === 'FETCH_ERROR' || value.status === 'TIMEOUT_ERROR');
}

export function toApiError(error: FetchBaseQueryError): ApiError {
  switch (error.status) {
    case 'TIMEOUT_ERROR':
      return { status: 'TIMEOUT_ERROR' };
    case 'FETCH_ERROR':
    case 'CUSTOM_ERROR':
      return { status: 'FETCH_ERROR' };
    case 'PARSING_ERROR':
      // A non-JSON answer (a proxy's HTML error page, say): keep the status, there is no message to show.
      return { status: error.originalStatus };
    default:
      return { status: error.status, ...readBody(error.data) };
  }
}

function readBody(data: unknown): Omit<ApiError, 'status'> {
  if (!isRecord(data)) return data === undefined ? {} : { data };
  const text = typeof data.error === 'string' ? data.error : undefined;
  // The messaging codes may arrive in the `error` field or in `code` (where this API sends them): accept both.
  const code = typeof data.code === 'string' ? (data.code as ErrorCode) : isWhatsAppErrorCode(text) ? text : undefined;
  return { data, ...(text !== undefined && { error: text }), ...(code !== undefined && { code }) };
}

/**
 * Errors from the Graph API, classified by Meta's error code (never the HTTP status, which Meta does
 * not keep consistent). The message is Meta's, or one of ours for transport
 * failures; it never contains the access token.
 */
export type GraphErrorKind =
  /** The token is expired, revoked or invalid: the organization must enter a new one. */
  | 'token_expired'
  /** The token lacks a permission or access to the phone number / WABA. */
  | 'permission_denied'
  /** Meta refused because of a rate limit: nothing was sent, retrying later is safe. */
  | 'throttled'
  /** Meta or the network failed in a way that may pass: retry with backoff. */
  | 'transient'
  /** Anything else: retrying the same request will fail the same way. */
  | 'terminal';

export interface MetaErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_data?: { details?: string };
  error_user_msg?: string;
}

const TOKEN_CODES = new Set([0, 102, 190]);
// 3: capability, 10: permission not granted, 200–299: API permissions, 131005: access denied.
const PERMISSION_CODES = new Set([3, 10, 131005]);
// App, WABA, throughput, pair-rate and spam-rate limits: the request was refused, not carried out.
const THROTTLE_CODES = new Set([4, 17, 32, 613, 80007, 80008, 130429, 131056, 133016]);
// Unknown, service unavailable, "something went wrong", maintenance / throughput upgrade.
const TRANSIENT_CODES = new Set([1, 2, 131000, 131016, 131057, 133004]);

export class GraphError extends Error {
  readonly kind: GraphErrorKind;

  constructor(
    kind: GraphErrorKind,
    message: string,
    readonly metaCode?: number,
    readonly metaSubcode?: number,
    readonly httpStatus?: number,
    readonly details?: string,
  ) {
    super(message);
    this.name = 'GraphError';
    this.kind = kind;
  }

  get retryable(): boolean {
    return this.kind === 'throttled' || this.kind === 'transient';
  }

  /** Builds the error for a failed response, from Meta's `error` object when there is one. */
  static fromResponse(httpStatus: number, body: { error?: MetaErrorBody } | undefined): GraphError {
    const meta = body?.error;
    if (!meta || typeof meta.code !== 'number') {
      const kind: GraphErrorKind = httpStatus >= 500 || httpStatus === 429 ? 'transient' : 'terminal';
      return new GraphError(kind, `WhatsApp API answered HTTP ${httpStatus}`, undefined, undefined, httpStatus);
    }
    const message = meta.error_data?.details ? `${meta.message ?? 'Error'} (${meta.error_data.details})` : meta.message ?? 'Error';
    return new GraphError(
      classifyMetaError(meta.code, meta.is_transient === true),
      message,
      meta.code,
      meta.error_subcode,
      httpStatus,
      meta.error_data?.details,
    );
  }
}

export function classifyMetaError(code: number, isTransient = false): GraphErrorKind {
  if (TOKEN_CODES.has(code)) return 'token_expired';
  if (PERMISSION_CODES.has(code) || (code >= 200 && code <= 299)) return 'permission_denied';
  if (THROTTLE_CODES.has(code)) return 'throttled';
  if (TRANSIENT_CODES.has(code) || isTransient) return 'transient';
  return 'terminal';
}

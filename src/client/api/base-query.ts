import {
  fetchBaseQuery,
  retry,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { configErrorOpened } from '@client/app/config-error/config-error-slice';
import { slowedDown, type SlowDownState } from '@client/app/slow-down/slow-down-slice';
import { isWhatsAppErrorCode } from '@shared/api/errors';
import { HTTP_TIMEOUT_MS, QUERY_RETRIES } from '@shared/constants';
import { toApiError, withRetryAfter, type ApiError } from './api-error';
import type { ClientServices } from './client-services';

/**
 * The API lives under /api on the page's own origin; a build may point elsewhere with
 * PARLEY_API_URL. The origin is spelled out because fetch in Jest cannot resolve relative URLs.
 */
export const API_BASE_URL = process.env.PARLEY_API_URL || `${window.location.origin}/api`;

/** Requests whose 401 is an answer (wrong password, signed out), not an expired session. */
const NO_RELOAD_ON_401 = ['/auth/login', '/auth/signup', '/auth/verify'];

const fetchQuery = fetchBaseQuery({ baseUrl: API_BASE_URL, credentials: 'include', timeout: HTTP_TIMEOUT_MS });

/** Worth a second try: the network, a timeout or the server failed, not the request itself. */
function isTransient(error: FetchBaseQueryError): boolean {
  if (typeof error.status === 'number') return error.status >= 500 || error.status === 408;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

// Queries are retried once; mutations never, since repeating a write is not safe.
const retryingQuery = retry(fetchQuery, {
  retryCondition: (error, _args, { attempt, baseQueryApi }) =>
    baseQueryApi.type === 'query' && attempt <= QUERY_RETRIES && isTransient(error as FetchBaseQueryError),
});

function pathOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

function methodOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
}

/**
 * A request the API's rate limit refused did nothing, so it is sent again once the wait is over; after
 * this many refusals in a row the caller gets the 429.
 */
const RATE_LIMIT_RESENDS = 2;
/** The wait when a 429 names none. */
const DEFAULT_WAIT_SECONDS = 5;

const isOverRateLimit = (error: ApiError) => error.status === 429 && error.code === 'TOO_MANY_REQUESTS';

/**
 * What every failed call gets, whoever made it (the base query, or an upload with progress, which
 * cannot go through fetch): the API's rate limit holds every request back until its wait is over (the
 * app says so), a WHATSAPP_* code opens the configuration-error modal, any other 401
 * (outside login, signup and the session check) reloads the page, which lands on /login, and a 5xx is
 * logged. The caller still gets the error.
 */
export function handleApiError(error: ApiError, args: string | FetchArgs, api: Pick<BaseQueryApi, 'dispatch' | 'extra'>): void {
  const path = pathOf(args);
  if (isOverRateLimit(error)) {
    api.dispatch(slowedDown(Date.now() + (error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS) * 1000));
  } else if (isWhatsAppErrorCode(error.code)) {
    api.dispatch(configErrorOpened(error.code));
  } else if (error.status === 401 && !NO_RELOAD_ON_401.some((prefix) => path.startsWith(prefix))) {
    (api.extra as ClientServices).reloadPage();
  }
  if (typeof error.status === 'number' && error.status >= 500) {
    console.error(`Server error ${error.status} on ${methodOf(args)} ${path}: ${error.error ?? 'no message'}`);
  }
}

/** Waits while the API's rate limit holds this member's requests back. */
async function rateLimitWait(api: BaseQueryApi): Promise<void> {
  const resumesAt = (api.getState() as { slowDown?: SlowDownState }).slowDown?.resumesAt;
  if (resumesAt && resumesAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, resumesAt - Date.now()));
}

/**
 * fetch with the 10 s timeout and cookies, one retry for queries, errors normalized to ApiError; while
 * the API's rate limit holds requests back, they wait for it and are sent then.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  for (let resends = 0; ; resends += 1) {
    await rateLimitWait(api);
    const result = await retryingQuery(args, api, extraOptions);
    if (result.error === undefined) return { data: result.data, meta: result.meta };
    const error = withRetryAfter(toApiError(result.error as FetchBaseQueryError), result.meta?.response?.headers.get('retry-after'));
    handleApiError(error, args, api);
    if (!isOverRateLimit(error) || resends === RATE_LIMIT_RESENDS) return { error, meta: result.meta };
  }
};

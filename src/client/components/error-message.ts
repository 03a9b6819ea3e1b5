import { isApiError } from '@client/api/api-error';

/**
 * The text to show for a failed call: the `error` field the server answered, else
 * `fallback` (network failure, timeout, a body without a message, a thrown exception).
 */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.error ? error.error : fallback;
}

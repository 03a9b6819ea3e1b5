/**
 * What the Templates screen says when a sync fails: the server's error is mapped by
 * keyword — a missing or invalid access token, or a missing phone number id, business account id or
 * webhook verify token, each named; 'API call failed' means the credentials were refused; anything
 * else is a server error.
 */
const RULES: Array<[RegExp, string]> = [
  // First: Meta's own message after it may mention the token, but the credentials were what failed.
  [/API call failed/i, 'WhatsApp API credentials are invalid or expired'],
  [/access token/i, 'WhatsApp access token is missing or invalid'],
  [/phone number id/i, 'WhatsApp phone number ID is missing'],
  [/business account id/i, 'WhatsApp business account ID is missing'],
  [/webhook verify token/i, 'WhatsApp webhook verify token is missing'],
];

const SYNC_SERVER_ERROR = 'Server error while updating templates list';

export function syncErrorMessage(serverError: string | undefined): string {
  if (!serverError) return SYNC_SERVER_ERROR;
  return RULES.find(([pattern]) => pattern.test(serverError))?.[1] ?? SYNC_SERVER_ERROR;
}

/**
 * What never reaches a log line: the query parameters and headers that carry secrets, by one list of
 * names matched case-insensitively (a query name also after URL-decoding, and without a trailing `[]`),
 * and the tokens that travel in a few URL paths (invitation, password reset and email confirmation links).
 */
const SECRET_NAMES = new Set([
  // Query parameters: Meta's webhook handshake, OAuth-style tokens and codes, credentials.
  'hub.verify_token',
  'verify_token',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'password',
  'secret',
  'client_secret',
  'api_key',
  'apikey',
  'signature',
  'appsecret_proof',
  'invite',
  // Headers.
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-hub-signature',
  'x-hub-signature-256',
  'x-api-key',
]);

export const REDACTED = '[redacted]';

/** Whether a query parameter or header of this name carries a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.trim().toLowerCase().replace(/\[\]$/, ''));
}

/** The URL as a log line may show it: secret query values and path tokens replaced by [redacted]. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const redactedPath = path.replace(/\/(invitation|invite|reset-password|confirm-email)\/[^/]+/g, `/$1/${REDACTED}`);
  if (queryAt === -1) return redactedPath;
  const query = withoutHash.slice(queryAt + 1).split('&').map(redactParameter).join('&');
  return `${redactedPath}?${query}`;
}

/**
 * pino `redact` paths for the same names, for log objects that carry raw headers (Node lower-cases
 * header names, which is how the list spells them).
 */
export function secretHeaderLogPaths(): string[] {
  return [...SECRET_NAMES].flatMap((name) => [`req.headers["${name}"]`, `res.headers["${name}"]`, `headers["${name}"]`]);
}

function redactParameter(parameter: string): string {
  const equalsAt = parameter.indexOf('=');
  if (equalsAt === -1) return parameter;
  const name = parameter.slice(0, equalsAt);
  return isSecretName(decoded(name)) ? `${name}=${REDACTED}` : parameter;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Tokens travel in a few URL paths (invitation links); they must never reach a log line. */
export function redactUrl(url: string): string {
  return url.replace(/\/(invitation|invite)\/[^/?#]+/g, '/$1/[redacted]').replace(/([?&](?:invite|token)=)[^&#]+/g, '$1[redacted]');
}

import { createHash, randomBytes } from 'node:crypto';

/**
 * Session cookies and invitation links carry a random token; the database stores only its SHA-256, so
 * a leaked table grants nothing.
 */

/** SHA-256 of a random token: what the database stores for sessions and invitations. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

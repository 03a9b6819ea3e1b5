import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** A media link lives an hour (the client caches it for half of that). */
export const MEDIA_URL_TTL_SECONDS = 60 * 60;
/** Expiries are rounded up to this, so a file's link stays the same for a while and the browser's cache serves it. */
const EXPIRY_STEP_SECONDS = 10 * 60;

export interface SignedMediaUrl {
  url: string;
  expiresAt: string;
}

/**
 * Short-lived links to stored media files: `/api/media/<id>/content?expires=<unix seconds>&signature=<hmac>`.
 * The HMAC covers the organization, the file and the expiry, so a link works only until it expires and
 * only for a signed-in member of the file's organization (the content route checks the session too).
 */
export class MediaUrlSigner {
  private readonly key: Buffer;

  /** `secret`: the server's encryption key; the signing key is derived from it for this one purpose. */
  constructor(secret: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'parley media links', 32));
  }

  sign(organizationId: string, mediaId: string, now = Date.now()): SignedMediaUrl {
    const expires = Math.ceil((now / 1000 + MEDIA_URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const signature = this.signature(organizationId, mediaId, expires);
    return {
      url: `/api/media/${mediaId}/content?expires=${expires}&signature=${signature}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** Whether the link was made by this server for this organization's file and has not expired. */
  verify(organizationId: string, mediaId: string, expires: number, signature: string, now = Date.now()): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
    const expected = Buffer.from(this.signature(organizationId, mediaId, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signature(organizationId: string, mediaId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${organizationId}:${mediaId}:${expires}`).digest('base64url');
  }
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for tenant credentials and other secrets at rest: a random 96-bit nonce per
 * encryption, and AAD binding the ciphertext to its organization, its kind and the key version, so a
 * token copied into another organization's row does not decrypt. Stored form:
 * `v1.<nonce>.<ciphertext>.<tag>` (base64url). The version names the key, for a future rotation.
 */
/** `mail_link`: the link (with its token) a queued mail carries until it is sent. */
export type CredentialKind = 'whatsapp_access_token' | 'mail_link';

export interface TokenCipher {
  encrypt(organizationId: string, kind: CredentialKind, plaintext: string): string;
  decrypt(organizationId: string, kind: CredentialKind, stored: string): string;
}

const KEY_VERSION = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;

/** Reads a base64 key of exactly 32 bytes; anything else stops the start-up with a clear message. */
export function parseEncryptionKey(base64: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error('PARLEY_ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  return key;
}

export function newEncryptionKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== KEY_BYTES) throw new Error('The encryption key must be 32 bytes');
  const aad = (organizationId: string, kind: CredentialKind) => Buffer.from(`${organizationId}|${kind}|${KEY_VERSION}`);

  return {
    encrypt(organizationId, kind, plaintext) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(aad(organizationId, kind));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [KEY_VERSION, nonce, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(organizationId, kind, stored) {
      const [version, nonce, ciphertext, tag] = stored.split('.');
      if (version !== KEY_VERSION || !nonce || ciphertext === undefined || !tag) {
        throw new Error('Stored credential has an unknown format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(aad(organizationId, kind));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

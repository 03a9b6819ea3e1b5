/** @jest-environment node */
import { createTokenCipher, newEncryptionKey, parseEncryptionKey } from './token-cipher';

const cipher = createTokenCipher(parseEncryptionKey(newEncryptionKey()));
const ORG_A = '0190f3c1-0000-7000-8000-00000000000a';
const ORG_B = '0190f3c1-0000-7000-8000-00000000000b';
const TOKEN = 'EAAGsecretTokenValue_1234567890';

describe('token cipher (AES-256-GCM)', () => {
  it('decrypts what it encrypted, for any text', () => {
    for (const text of [TOKEN, '', 'é😀\u0000', 'x'.repeat(500)]) {
      expect(cipher.decrypt(ORG_A, 'whatsapp_access_token', cipher.encrypt(ORG_A, 'whatsapp_access_token', text))).toBe(text);
    }
  });

  it('never stores the plaintext, and encrypting twice gives different ciphertexts', () => {
    const first = cipher.encrypt(ORG_A, 'whatsapp_access_token', TOKEN);
    const second = cipher.encrypt(ORG_A, 'whatsapp_access_token', TOKEN);
    expect(first).not.toContain(TOKEN);
    expect(first).not.toContain(Buffer.from(TOKEN).toString('base64url').slice(0, 12));
    expect(first).not.toBe(second);
  });

  it('refuses a ciphertext moved to another organization', () => {
    const stored = cipher.encrypt(ORG_A, 'whatsapp_access_token', TOKEN);
    expect(() => cipher.decrypt(ORG_B, 'whatsapp_access_token', stored)).toThrow();
  });

  it('refuses any flipped byte of nonce, ciphertext or tag', () => {
    const stored = cipher.encrypt(ORG_A, 'whatsapp_access_token', TOKEN);
    const [version, ...parts] = stored.split('.');
    parts.forEach((part, index) => {
      const bytes = Buffer.from(part, 'base64url');
      for (let i = 0; i < bytes.length; i += 1) {
        const tampered = Buffer.from(bytes);
        tampered[i] ^= 0x01;
        const copy = [...parts];
        copy[index] = tampered.toString('base64url');
        expect(() => cipher.decrypt(ORG_A, 'whatsapp_access_token', [version, ...copy].join('.'))).toThrow();
      }
    });
  });

  it('refuses a different key', () => {
    const other = createTokenCipher(parseEncryptionKey(newEncryptionKey()));
    expect(() => other.decrypt(ORG_A, 'whatsapp_access_token', cipher.encrypt(ORG_A, 'whatsapp_access_token', TOKEN))).toThrow();
  });

  it('uses a fresh nonce every time (100,000 encryptions)', () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 100_000; i += 1) nonces.add(cipher.encrypt(ORG_A, 'whatsapp_access_token', 't').split('.')[1]);
    expect(nonces.size).toBe(100_000);
  });

  it('explains a malformed key', () => {
    expect(() => parseEncryptionKey('c2hvcnQ=')).toThrow('PARLEY_ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  });
});

import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP / ASVS 5.0 Appendix C parameters: 19 MiB, two passes, one lane. */
// 2 is Algorithm.Argon2id; the package's const enum cannot be read under isolatedModules.
const PARAMETERS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMETERS);
}

// Verified against when no account matches, so an unknown e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('parley-timing-equalizer');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

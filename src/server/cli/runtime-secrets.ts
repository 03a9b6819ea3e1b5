import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { newEncryptionKey } from '../lib/token-cipher';

/**
 * Fills the secrets `npm start` may generate (see the README's configuration): the token-encryption key
 * when PARLEY_ENCRYPTION_KEY is unset, and — with the built-in sandbox only — the webhook app secret
 * the sandbox signs with. Both persist in DATA_DIR/secrets, so a restart keeps reading stored tokens.
 */
export function resolveRuntimeSecrets(config: AppConfig): AppConfig {
  const dir = path.join(config.dataDir, 'secrets');
  const encryptionKey = config.encryptionKey ?? readOrCreate(dir, 'encryption-key', newEncryptionKey);
  const whatsappAppSecret =
    config.whatsappAppSecret ??
    (config.builtInSandbox ? readOrCreate(dir, 'sandbox-app-secret', () => randomBytes(32).toString('hex')) : undefined);
  return { ...config, encryptionKey, whatsappAppSecret };
}

function readOrCreate(dir: string, name: string, create: () => string): string {
  const file = path.join(dir, name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep the first one's secret.
    writeFileSync(file, create(), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

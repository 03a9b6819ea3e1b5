import type { FastifyInstance } from 'fastify';
import { SANDBOX_MOUNT_PATH, type AppConfig } from '../server/config';
import { Sandbox } from './sandbox';
import { sandboxPlugin } from './sandbox-plugin';

/**
 * `npm start` without WHATSAPP_API_URL: the sandbox lives inside the product's own server at
 * SANDBOX_MOUNT_PATH (config.whatsappApiUrl already points there, over loopback) and posts its
 * webhooks back to the product, signed with the secret both share (resolveRuntimeSecrets generated
 * it into DATA_DIR). The product code does not know: it only has a base URL.
 */
export async function mountBuiltInSandbox(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (!config.builtInSandbox) return;
  if (!config.whatsappAppSecret) throw new Error('The built-in sandbox needs the app secret (resolveRuntimeSecrets provides one)');
  const sandbox = new Sandbox({
    appSecret: config.whatsappAppSecret,
    webhookUrl: `${new URL(config.whatsappApiUrl).origin}/api/webhooks/whatsapp`,
    customersWriteFirst: config.sandboxCustomers,
    log: (message) => app.log.warn({ sandbox: true }, message),
  });
  await app.register(sandboxPlugin, { prefix: SANDBOX_MOUNT_PATH, sandbox, logLevel: 'warn' });
}

import type { FastifyInstance } from 'fastify';
import { SANDBOX_MOUNT_PATH, type AppConfig } from '../server/config';
import { Sandbox } from './sandbox';
import { sandboxPlugin } from './sandbox-plugin';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The warning for a deployment reachable by others that still talks to the built-in sandbox instead
 * of Meta: its customers are simulated and its messages reach nobody. Undefined on a local address.
 */
export function sandboxExposureWarning(publicUrl: string): string | undefined {
  const host = new URL(publicUrl).hostname;
  if (LOCAL_HOSTS.has(host) || host.endsWith('.localhost')) return undefined;
  return (
    `Parley at ${publicUrl} is using the built-in WhatsApp sandbox: messages go to simulated customers, not to WhatsApp. ` +
    'Set WHATSAPP_API_URL (https://graph.facebook.com/v23.0) and WHATSAPP_APP_SECRET to use the real WhatsApp Cloud API.'
  );
}

/**
 * `npm start` without WHATSAPP_API_URL: the sandbox lives inside the product's own server at
 * SANDBOX_MOUNT_PATH (config.whatsappApiUrl already points there, over loopback) and posts its
 * webhooks back to the product, signed with the secret both share (resolveRuntimeSecrets generated
 * it into DATA_DIR). The product code does not know: it only has a base URL.
 */
export async function mountBuiltInSandbox(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (!config.builtInSandbox) return;
  const warning = sandboxExposureWarning(config.publicUrl);
  if (warning) app.log.warn({ event: 'sandbox_on_public_url', publicUrl: config.publicUrl }, warning);
  if (!config.whatsappAppSecret) throw new Error('The built-in sandbox needs the app secret (resolveRuntimeSecrets provides one)');
  const sandbox = new Sandbox({
    appSecret: config.whatsappAppSecret,
    webhookUrl: `${new URL(config.whatsappApiUrl).origin}/api/webhooks/whatsapp`,
    customersWriteFirst: config.sandboxCustomers,
    failureRate: config.sandboxFailureRate,
    log: (message) => app.log.warn({ sandbox: true }, message),
  });
  await app.register(sandboxPlugin, { prefix: SANDBOX_MOUNT_PATH, sandbox, localCallersOnly: true, logLevel: 'warn' });
}

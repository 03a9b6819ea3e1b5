import { randomBytes } from 'node:crypto';
import { GRAPH_API_VERSION } from '../server/config';
import { DEMO_BUSINESS } from './fixtures';
import { buildSandboxApp } from './sandbox-plugin';

/**
 * `npm run sandbox`: the sandbox on its own port, for running Parley against it as if it were Meta.
 *   SANDBOX_PORT (3100), HOST (127.0.0.1), SANDBOX_WEBHOOK_URL (http://127.0.0.1:3000/api/webhooks/whatsapp),
 *   WHATSAPP_APP_SECRET (generated and printed when unset), SANDBOX_CUSTOMERS=0 (customers stay quiet).
 */
async function main(): Promise<void> {
  const port = Number(process.env.SANDBOX_PORT ?? 3100);
  const host = process.env.HOST ?? '127.0.0.1';
  const webhookUrl = process.env.SANDBOX_WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/webhooks/whatsapp';
  const appSecret = process.env.WHATSAPP_APP_SECRET || randomBytes(32).toString('hex');

  const { app } = await buildSandboxApp({
    appSecret,
    webhookUrl,
    customersWriteFirst: process.env.SANDBOX_CUSTOMERS !== '0',
    log: (message) => process.stderr.write(`sandbox: ${message}\n`),
  });
  await app.listen({ port, host });
  const base = `http://${host}:${port}/${GRAPH_API_VERSION}`;
  process.stdout.write(
    [
      '',
      `  WhatsApp Cloud API sandbox at ${base}`,
      `  Webhooks go to ${webhookUrl}`,
      `  Run Parley against it: WHATSAPP_API_URL=${base} WHATSAPP_APP_SECRET=${appSecret} npm start`,
      `  Demo business: token ${DEMO_BUSINESS.accessToken}, phone number id ${DEMO_BUSINESS.phoneNumberId}, business account id ${DEMO_BUSINESS.businessAccountId}`,
      '  Faults: a token containing EXPIRED, NOPERM, THROTTLED, SLOW or FAIL5XX; or POST /_sandbox/faults',
      '',
    ].join('\n'),
  );
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`The sandbox failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

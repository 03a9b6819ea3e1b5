import { randomBytes } from 'node:crypto';
import { GRAPH_API_VERSION } from '../server/config';
import { DEMO_BUSINESS } from './fixtures';
import { buildSandboxApp } from './sandbox-plugin';

/**
 * `npm run sandbox`: the sandbox on its own port, for running Parley against it as if it were Meta.
 *   SANDBOX_PORT (3100), HOST (127.0.0.1), SANDBOX_WEBHOOK_URL (http://127.0.0.1:3000/api/webhooks/whatsapp),
 *   WHATSAPP_APP_SECRET (generated and printed when unset), SANDBOX_CUSTOMERS=0 (customers stay quiet).
 * For load tests: SANDBOX_MPS (messages per second per number before 130429; 80), SANDBOX_STATUS_BATCH_MS
 * (post each number's statuses together every that many ms; 0: one webhook per status),
 * SANDBOX_READ_RATE and SANDBOX_REPLY_RATE (0..1; 0 turns reads or replies off), SANDBOX_FAILURE_RATE (0..1).
 */
async function main(): Promise<void> {
  const { env } = process;
  const port = Number(env.SANDBOX_PORT ?? 3100);
  const host = env.HOST ?? '127.0.0.1';
  const webhookUrl = env.SANDBOX_WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/webhooks/whatsapp';
  const appSecret = env.WHATSAPP_APP_SECRET || randomBytes(32).toString('hex');

  const { app, sandbox } = await buildSandboxApp({
    appSecret,
    webhookUrl,
    customersWriteFirst: env.SANDBOX_CUSTOMERS !== '0',
    throughputPerSecond: numberFromEnv('SANDBOX_MPS', { min: 1 }),
    statusBatchMs: numberFromEnv('SANDBOX_STATUS_BATCH_MS', { min: 0 }),
    readRate: numberFromEnv('SANDBOX_READ_RATE', { min: 0, max: 1 }),
    replyRate: numberFromEnv('SANDBOX_REPLY_RATE', { min: 0, max: 1 }),
    failureRate: numberFromEnv('SANDBOX_FAILURE_RATE', { min: 0, max: 1 }),
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
      `  Throughput ${sandbox.options.throughputPerSecond} msg/s per number; statuses ${
        sandbox.options.statusBatchMs > 0 ? `batched every ${sandbox.options.statusBatchMs} ms` : 'one webhook each'
      }; read rate ${sandbox.options.readRate}, reply rate ${sandbox.options.replyRate}`,
      '  Faults: a token containing EXPIRED, NOPERM, THROTTLED, SLOW or FAIL5XX; or POST /_sandbox/faults',
      '',
    ].join('\n'),
  );
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** An optional numeric setting; a value out of range stops the start with a clear message. */
function numberFromEnv(name: string, { min, max = Infinity }: { min: number; max?: number }): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number ${max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`}, not "${raw}"`);
  }
  return value;
}

main().catch((error: unknown) => {
  process.stderr.write(`The sandbox failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

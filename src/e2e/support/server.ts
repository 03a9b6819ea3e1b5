import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, npmStartScript, spawnScript, waitForHealth } from '../../server/cli/start-harness';
import { startSmtpTestServer } from '../../server/testing/smtp-test-server';

// One per checkout: two checkouts' browser suites (a CI clone beside a working copy) each find their own server.
const STATE_FILE = path.join(os.tmpdir(), `parley-e2e-server-${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)}.json`);

export interface E2eServer {
  baseUrl: string;
  pid: number;
  dataDir: string;
  /** Every email the server sent, one `.eml` file each (support/mailbox reads them). */
  mailDir: string;
}

/**
 * Starts Parley exactly as a newcomer's `npm start` does (the server built and run compiled, the
 * embedded database in a fresh DATA_DIR, the demo organization, the sandbox without its customers'
 * random chatter), on a free port, sending its email to a test SMTP server that files each message in
 * `mailDir`. Building the server and the SPA happens inside.
 */
export async function startServer(): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailDir = path.join(dataDir, 'mail');
  mkdirSync(mailDir);
  const smtp = await startSmtpTestServer({ mailDir });
  const child = spawnScript(npmStartScript(), {
    // The sandbox's customers stay quiet: a test makes the customer it needs write (its control API),
    // and random chatter would reorder the inbox and reopen closed windows under the tests. Nor does it
    // fail sends at random: a test that needs a failure injects it.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', SANDBOX_CUSTOMERS: '0', SANDBOX_FAILURE_RATE: '0',
      // Every spec signs up organizations and members from this one address, well past a real network's 20 an hour.
      SIGNUPS_PER_IP_HOUR: '500', SMTP_URL: smtp.url, MAIL_FROM: 'Parley <parley@e2e.test>' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitForHealth(baseUrl, child, 240_000);
  const server = { baseUrl, pid: child.pid ?? 0, dataDir, mailDir };
  writeFileSync(STATE_FILE, JSON.stringify(server));
  child.unref();
  return server;
}

/** The server started by the global setup, as seen from a test file. */
export function runningServer(): E2eServer {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2eServer;
}

export function stopServer(): void {
  const server = runningServer();
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(server.dataDir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
}

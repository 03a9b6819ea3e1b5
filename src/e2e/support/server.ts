import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const STATE_FILE = path.join(os.tmpdir(), 'parley-e2e-server.json');

export interface E2eServer {
  baseUrl: string;
  pid: number;
  dataDir: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms`);
}

/**
 * Starts `npm start`'s entry exactly as a newcomer would run it (embedded database in a fresh
 * DATA_DIR, the demo organization, the sandbox without its customers' random chatter), on a free
 * port. Building the SPA happens inside.
 */
export async function startServer(): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/cli/start.ts'], {
    cwd: ROOT,
    // The sandbox's customers stay quiet: a test makes the customer it needs write (its control API),
    // and random chatter would reorder the inbox and reopen closed windows under the tests.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', SANDBOX_CUSTOMERS: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitForHealth(baseUrl, child, 240_000);
  const server = { baseUrl, pid: child.pid ?? 0, dataDir };
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

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GRAPH_API_VERSION } from '../server/config';
import { newEncryptionKey } from '../server/lib/token-cipher';
import { freePort, startBenchPostgres } from './contacts-postgres';

/**
 * The broadcast benches' processes, as they run in production: PostgreSQL (the benches' throwaway
 * cluster), the WhatsApp sandbox in its own process (so its send counts survive the server's crashes)
 * and Parley's `npm start` entry on that database, pointed at the sandbox with a shared app secret.
 * Parley can be killed with SIGKILL and started again on the same port, database and secrets.
 */

const ROOT = path.resolve(__dirname, '../..');
const START_TIMEOUT_MS = 120_000;

export interface StackOptions {
  /** The sandbox's settings (SANDBOX_MPS, SANDBOX_STATUS_BATCH_MS, SANDBOX_READ_RATE, ...). */
  sandboxEnv: Record<string, string>;
  /** Extra settings of the Parley process (e.g. a shorter dispatch lease for the crash test). */
  parleyEnv?: Record<string, string>;
}

export interface BroadcastStack {
  databaseUrl: string;
  parley: Service;
  sandbox: Service;
  /** The Graph API base URL Parley uses: the sandbox. */
  graphUrl: string;
  /** Where the processes' output goes (printed when something fails). */
  logDir: string;
  stop(): Promise<void>;
}

/**
 * A Node process running one TypeScript entry (tsx as a loader: one process, so SIGKILL hits the
 * server itself), healthy when `healthPath` answers 200. Its output is appended to a log file.
 */
export class Service {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly origin: string,
    private readonly entry: string,
    private readonly env: Record<string, string>,
    private readonly healthPath: string,
    readonly logFile: string,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.name} is already running`);
    const log = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', this.entry], {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', log, log],
      detached: true,
    });
    closeSync(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with code ${child.exitCode}:\n${this.tail()}`);
      try {
        if ((await fetch(`${this.origin}${this.healthPath}`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${this.name} did not start within ${START_TIMEOUT_MS / 1000} s:\n${this.tail()}`);
  }

  /** SIGKILL, no shutdown of any kind: a crash. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM (a clean shutdown), SIGKILL when it takes too long. */
  async stop(): Promise<void> {
    if (!this.child) return;
    const child = this.child;
    const forced = setTimeout(() => this.send(child, 'SIGKILL'), 10_000);
    await this.signal('SIGTERM');
    clearTimeout(forced);
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.send(child, signal);
    await this.exited;
    this.child = null;
  }

  private send(child: ChildProcess, signal: NodeJS.Signals): void {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }

  /** The end of the log, for an error message. */
  tail(lines = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }
}

/** Far above any load a broadcast bench makes. */
const NO_RATE_LIMIT = '1000000000';

/** Starts PostgreSQL, the sandbox and Parley; a reason instead when PostgreSQL is not available. */
export async function startBroadcastStack(options: StackOptions): Promise<BroadcastStack | { skipped: string }> {
  const postgres = await startBenchPostgres();
  if ('skipped' in postgres) return postgres;
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-broadcast-'));
  const [parleyPort, sandboxPort] = [await freePort(), await freePort()];
  const parleyOrigin = `http://127.0.0.1:${parleyPort}`;
  const sandboxOrigin = `http://127.0.0.1:${sandboxPort}`;
  const graphUrl = `${sandboxOrigin}/${GRAPH_API_VERSION}`;
  const appSecret = randomBytes(32).toString('hex');

  const sandbox = new Service('the sandbox', sandboxOrigin, 'src/sandbox/cli.ts', {
    SANDBOX_PORT: String(sandboxPort),
    HOST: '127.0.0.1',
    SANDBOX_WEBHOOK_URL: `${parleyOrigin}/api/webhooks/whatsapp`,
    WHATSAPP_APP_SECRET: appSecret,
    SANDBOX_CUSTOMERS: '0',
    ...options.sandboxEnv,
  }, '/_sandbox/pending', path.join(logDir, 'sandbox.log'));
  const parley = new Service('Parley', parleyOrigin, 'src/server/cli/start.ts', {
    PORT: String(parleyPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: parleyOrigin,
    DATABASE_URL: postgres.url,
    DATA_DIR: path.join(logDir, 'data'),
    SEED_DEMO: '0',
    WHATSAPP_API_URL: graphUrl,
    WHATSAPP_APP_SECRET: appSecret,
    // Given, not generated into DATA_DIR: every restart reads the same stored tokens.
    PARLEY_ENCRYPTION_KEY: newEncryptionKey(),
    CLIENT_DIR: path.join(logDir, 'no-client'),
    PARLEY_SKIP_CLIENT_BUILD: '1',
    LOG_LEVEL: 'warn',
    // The bench's API probe and its set-up calls measure Parley, not the per-member limiter (600/min), which
    // its closed loop passes in seconds and which then refused the slow run's set-up with 429.
    RATE_LIMIT_PER_MEMBER: NO_RATE_LIMIT,
    RATE_LIMIT_PER_ORGANIZATION: NO_RATE_LIMIT,
    ...options.parleyEnv,
  }, '/api/health', path.join(logDir, 'parley.log'));

  const stop = async () => {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await parley.stop();
    await sandbox.stop();
    await postgres.stop();
    rmSync(logDir, { recursive: true, force: true });
  };
  // The processes run in their own groups: a bench stopped early (Ctrl-C, a timeout) stops them first.
  const interrupted = (signal: NodeJS.Signals) => {
    process.stderr.write(`${signal}: stopping the bench's processes\n`);
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await sandbox.start();
    await parley.start();
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { databaseUrl: postgres.url, parley, sandbox, graphUrl, logDir, stop };
}

/**
 * A broadcast bench's run: the stack started, `measure` run on it, the processes' logs printed when it
 * fails, the stack stopped whatever happens; one row saying why when PostgreSQL is not available.
 */
export async function measureOnBroadcastStack<Row>(
  options: StackOptions,
  skippedRow: (reason: string) => Row,
  measure: (stack: BroadcastStack) => Promise<Row[]>,
): Promise<Row[]> {
  const stack = await startBroadcastStack(options);
  if ('skipped' in stack) return [skippedRow(stack.skipped)];
  try {
    return await measure(stack);
  } catch (error) {
    process.stderr.write(`Parley's log:\n${stack.parley.tail()}\nThe sandbox's log:\n${stack.sandbox.tail()}\n`);
    throw error;
  } finally {
    await stack.stop();
  }
}

import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { freePort, npmStartScript, spawnScript, waitForHealth } from '../server/cli/start-harness';

/**
 * A Parley server process for the benches, started the way a user starts it, so the start-up, the memory
 * and the crashes measured are the product's: `npm start` as package.json has it (the compiled server),
 * or the sources run by tsx (what `npm start` ran before). It can be SIGKILLed and started again on the
 * same port and DATA_DIR (or DATABASE_URL).
 */

export type ServerRuntime = 'compiled' | 'tsx';

export interface BenchServerOptions {
  /** The shell script that starts it (startScript, or another way of running the same server). */
  script: string;
  /** DATA_DIR: the embedded database (unless databaseUrl is set) and the generated secrets. */
  dataDir: string;
  /** PostgreSQL instead of the embedded database. */
  databaseUrl?: string;
  /** Where the server's output is appended (its end is shown when it fails to start). */
  logFile: string;
  /** More environment for this start (e.g. TSX_DISABLE_CACHE). */
  env?: Record<string, string>;
}

const START_TIMEOUT_MS = 180_000;
/** How long a SIGTERMed server may take to shut down before it is SIGKILLed. */
const STOP_GRACE_MS = 15_000;

/**
 * The shell script each runtime is started with. Both end in `exec node`, so the spawned shell becomes
 * the server and its pid is the server's: `npm start` builds dist/server when it is stale and then
 * execs node on the bundle; the tsx one is the process `tsx src/server/cli/start.ts` ran the server in
 * (node with tsx's loader), without the tsx CLI's own wrapper process, which only the runtime bench's
 * process-tree figure counts.
 */
export function startScript(runtime: ServerRuntime): string {
  return runtime === 'compiled' ? npmStartScript() : 'exec node --import tsx src/server/cli/start.ts';
}

export class BenchServer {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private port = 0;

  constructor(private readonly options: BenchServerOptions) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server process (once started: before the exec it is the shell building the bundle). */
  get pid(): number {
    if (!this.child?.pid) throw new Error('the server is not running');
    return this.child.pid;
  }

  /** Starts the server (on the port of its first start, when restarted) and waits until /api/health answers 200. */
  async start(): Promise<void> {
    if (this.child) throw new Error('the server is already running');
    if (this.port === 0) this.port = await freePort();
    // The bench's own loader (it runs under tsx) must not leak into the compiled server, and the bench's
    // environment must not point it at another database or WhatsApp API.
    const { NODE_OPTIONS: _loader, DATABASE_URL: _database, WHATSAPP_API_URL: _graph, ...inherited } = process.env;
    const log = openSync(this.options.logFile, 'a');
    const child = spawnScript(this.options.script, {
      env: {
        ...inherited,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.origin,
        DATA_DIR: this.options.dataDir,
        ...(this.options.databaseUrl ? { DATABASE_URL: this.options.databaseUrl } : {}),
        // The SPA build is the same for both runtimes and not what is measured.
        PARLEY_SKIP_CLIENT_BUILD: '1',
        SANDBOX_CUSTOMERS: '0',
        LOG_LEVEL: 'warn',
        ...this.options.env,
      },
      stdio: ['ignore', log, log],
      detached: true,
    });
    closeSync(log);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    try {
      await waitForHealth(this.origin, child, START_TIMEOUT_MS);
    } catch (error) {
      await this.signal('SIGKILL');
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${this.logTail()}`, { cause: error });
    }
  }

  /** SIGKILL: no shutdown of any kind, a crash. */
  kill(): Promise<void> {
    return this.signal('SIGKILL');
  }

  /** SIGTERM (the server closes its database cleanly), SIGKILL when that takes too long. */
  async stop(): Promise<void> {
    const forced = setTimeout(() => this.send('SIGKILL'), STOP_GRACE_MS);
    await this.signal('SIGTERM');
    clearTimeout(forced);
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    if (!this.child) return;
    this.send(signal);
    await this.exited;
    this.child = null;
  }

  /** To the whole process group: during `npm start`'s build step the server is not the only process. */
  private send(signal: NodeJS.Signals): void {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }

  private logTail(lines = 30): string {
    try {
      return readFileSync(this.options.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }
}

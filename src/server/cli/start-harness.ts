import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from './project-root';

/**
 * Starting Parley the way a user does, for the harnesses that must exercise the real start path
 * (browser tests, the runtime bench, the bundle's test).
 */

/** The `npm start` script, as package.json has it. */
export function npmStartScript(): string {
  const { scripts } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return scripts.start;
}

export interface ScriptOptions {
  env: NodeJS.ProcessEnv;
  stdio: StdioOptions;
  /** In a process group of its own, so the whole tree can be signalled (`process.kill(-pid)`). */
  detached?: boolean;
}

/**
 * Runs an npm script the way npm runs it (through sh, in the project root, node_modules/.bin first on
 * PATH) without npm's own process in between.
 */
export function spawnScript(script: string, { env, stdio, detached }: ScriptOptions): ChildProcess {
  const PATH = [path.join(PROJECT_ROOT, 'node_modules/.bin'), env.PATH ?? process.env.PATH ?? ''].join(path.delimiter);
  return spawn('sh', ['-c', script], { cwd: PROJECT_ROOT, env: { ...env, PATH }, stdio, detached });
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Waits until `origin`/api/health answers 200; fails when the process exits first or the time runs out. */
export async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms`);
}

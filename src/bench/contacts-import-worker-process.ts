import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ImportManners, ServerReady } from './contacts-import-worker';

/** Running contacts-import-worker.ts's modes from a bench, each in a process of its own. */

const WORKER = path.join(__dirname, 'contacts-import-worker.ts');
const ROOT = path.resolve(__dirname, '../..');

function spawnWorker(args: string[], ipc = false): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WORKER, ...args], {
    cwd: ROOT,
    stdio: ipc ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
}

/** Runs a worker to its end and answers its last output line. */
export function runWorker(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnWorker(args);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output.trim().split('\n').pop() ?? '');
      else reject(new Error(`the import worker (${args[0]}) exited with ${code}`));
    });
  });
}

/** The server worker, once it listens with its members signed in. */
export function startWorkerServer(args: string[]): Promise<{ child: ChildProcess; ready: ServerReady }> {
  return new Promise((resolve, reject) => {
    const child = spawnWorker(['serve', ...args], true);
    child.once('message', (ready: ServerReady) => resolve({ child, ready }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the import server exited with ${code} before it was ready`)));
  });
}

export function stopWorkerServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.disconnect();
  });
}

/** Turns the server worker's imports' giving way to other requests off or on. */
export function setImportManners(child: ChildProcess, manners: ImportManners): Promise<void> {
  return new Promise((resolve) => {
    child.once('message', () => resolve());
    child.send(manners);
  });
}

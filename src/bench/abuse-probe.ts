import { Worker } from 'node:worker_threads';

/**
 * The victim's view of the server while it is attacked: closed loops, each sending its next request
 * `everyMs` after the previous one started (at once when the answer took longer), in a worker thread so
 * the attacks this thread drives do not delay the probe's own timers and callbacks.
 */

export type ProbeName = 'list' | 'health';

export interface ProbeSample {
  name: ProbeName;
  /** When the request was sent (nowMs, the epoch clock shared with the main thread). */
  at: number;
  /** From the send to the end of the answer's body (or to the failure). */
  ms: number;
  /** The HTTP status, 0 when there was no answer. */
  status: number;
}

export interface ProbeOptions {
  port: number;
  /** The victim's session for the list; health needs none. */
  cookie: string;
  listPath: string;
  healthPath: string;
  everyMs: number;
  /** A request with no answer by then counts as status 0 with this wait. */
  timeoutMs: number;
}

export interface Probe {
  /** Appended to as the worker reports (every sample, in send order per loop). */
  readonly samples: ProbeSample[];
  stop(): Promise<void>;
}

/**
 * The list keeps its connection alive, as the victim's browser does. Health opens a new connection each
 * time, as a load balancer's check does: it shows when the server is slow to accept connections (the
 * trickling phase holds many), which a kept-alive connection would never notice.
 */
const PROBE_WORKER = `
const { parentPort, workerData: w } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const now = () => performance.timeOrigin + performance.now();
let running = true;
const pending = new Set();
const listAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(path, agent, headers) {
  return new Promise((resolve) => {
    const started = now();
    let settled = false;
    const done = (status) => {
      if (settled) return;
      settled = true;
      pending.delete(request);
      resolve({ at: started, ms: now() - started, status });
    };
    const request = http.get({ host: '127.0.0.1', port: w.port, path, agent, headers, timeout: w.timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode));
      response.on('error', () => done(0));
    });
    pending.add(request);
    request.on('timeout', () => request.destroy());
    request.on('error', () => done(0));
  });
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
async function loop(name, path, agent, headers) {
  while (running) {
    const answer = await get(path, agent, headers);
    if (!running) break;
    parentPort.postMessage({ name, ...answer });
    await sleep(w.everyMs - (now() - answer.at));
  }
}
parentPort.on('message', () => {
  running = false;
  for (const request of pending) request.destroy();
});
Promise.all([
  loop('list', w.listPath, listAgent, { cookie: w.cookie }),
  loop('health', w.healthPath, false, {}),
]).then(() => {
  listAgent.destroy();
  parentPort.postMessage({ done: true });
});
`;

const isSample = (message: ProbeSample | { done: true }): message is ProbeSample => !('done' in message);

export function startProbe(options: ProbeOptions): Probe {
  const samples: ProbeSample[] = [];
  const worker = new Worker(PROBE_WORKER, { eval: true, workerData: options });
  const finished = new Promise<void>((resolve) => {
    worker.on('message', (message: ProbeSample | { done: true }) => {
      if (isSample(message)) samples.push(message);
      else resolve();
    });
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
  return {
    samples,
    async stop() {
      worker.postMessage('stop');
      // The loops end at their next await; a sleeping one within everyMs. The worker goes regardless.
      await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      await worker.terminate();
    },
  };
}

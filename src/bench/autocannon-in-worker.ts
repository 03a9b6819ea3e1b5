import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What the benches read of autocannon's aggregated result. */
export interface AutocannonResult {
  latency: { p50: number; p99: number; max: number };
  requests: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const AUTOCANNON_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannon);
let n = 0;
autocannon({
  url: workerData.origin,
  connections: workerData.connections,
  duration: workerData.duration,
  timeout: 30,
  headers: { cookie: workerData.cookie },
  requests: [{ setupRequest: (request) => ({ ...request, path: workerData.paths[n++ % workerData.paths.length] }) }],
}).then((result) => parentPort.postMessage(JSON.stringify(result)), (error) => parentPort.postMessage(JSON.stringify({ error: String(error) })));
`;

/**
 * Requests `paths` in turn over `connections` closed-loop connections for `duration` seconds. autocannon
 * runs in a worker thread: in the server's own event loop it would take turns with the requests it
 * measures and inflate every latency. The worker answers raw histograms, which this thread aggregates.
 */
export function autocannonIn(origin: string, cookie: string, paths: string[], connections: number, duration: number): Promise<AutocannonResult> {
  const required = createRequire(__filename);
  const autocannon = required.resolve('autocannon');
  const { aggregateResult: aggregate } = required('autocannon') as {
    aggregateResult: (results: object[], options: { url: string; connections: number; duration: number }) => AutocannonResult;
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(AUTOCANNON_WORKER, { eval: true, workerData: { autocannon, origin, cookie, paths, connections, duration } });
    worker.once('message', (json: string) => {
      const message = JSON.parse(json) as object;
      void worker.terminate();
      if ('error' in message) reject(new Error(String(message.error)));
      else resolve(aggregate([message], { url: origin, connections, duration }));
    });
    worker.once('error', reject);
  });
}


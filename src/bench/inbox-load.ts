import { Worker } from 'node:worker_threads';
import { autocannonIn } from './autocannon-in-worker';
import { startBusyMeter } from './machine-busy';

/**
 * The inbox bench's two load generators, each in a worker thread (in the server's own event loop a load
 * generator would take turns with the requests it measures and inflate every latency):
 * - `saturate`: autocannon, N connections each sending its next request as soon as the last is answered;
 * - `simulateAgents`: browsers as the inbox client behaves, each on its own keep-alive connections,
 *   waiting a fixed time after an answer before asking again (node:http, paced by timers).
 */

export interface Latencies {
  p50: number;
  p99: number;
  max: number;
}

export interface Saturated extends Latencies {
  requests: number;
  perSecond: number;
  failed: number;
  /** CPU the whole process (server, and the load worker) spent per request. */
  cpuMsPerRequest: number;
  /** The machine's CPUs' busy share while measuring (every process: this one, PostgreSQL, any other). */
  machineBusy: number | null;
}

/** `paths` in turn over `connections` closed-loop connections: a warm-up, then `seconds` measured. */
export async function saturate(
  origin: string,
  cookie: string,
  paths: string[],
  { connections, warmUpSeconds, seconds }: { connections: number; warmUpSeconds: number; seconds: number },
): Promise<Saturated> {
  await autocannonIn(origin, cookie, paths, connections, warmUpSeconds);
  const cpu = process.cpuUsage();
  const busy = startBusyMeter();
  const result = await autocannonIn(origin, cookie, paths, connections, seconds);
  const machineBusy = busy();
  const used = process.cpuUsage(cpu);
  const requests = result.requests.total;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests,
    perSecond: requests / seconds,
    failed: result.non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: (used.user + used.system) / 1000 / Math.max(1, requests),
    machineBusy,
  };
}

export interface AgentsOptions {
  port: number;
  cookie: string;
  /** Per agent: the conversation it has open and its poll cursor (the conversation's counter). */
  open: Array<{ conversationId: string; cursor: number }>;
  /** Wait after a poll's answer before the next (the client's poll interval). */
  pollMs: number;
  /** The list pane's refresh: these requests in parallel, named, then a wait of `refreshMs` after all answered. */
  refresh: Array<{ name: string; path: string }>;
  refreshMs: number;
  warmUpMs: number;
  durationMs: number;
}

export interface AgentsKind extends Latencies {
  /** Requests sent in the measured window. */
  sent: number;
  perSecond: number;
  failed: number;
}

export interface AgentsResult {
  kinds: Record<string, AgentsKind>;
  /** Polls in the measured window that answered messages (none expected: nothing changes during the run). */
  pollsWithMessages: number;
  /** The machine's CPUs' busy share from the end of the warm-up to the end of the run. */
  machineBusy: number | null;
}

/**
 * Each agent polls its open conversation, then waits `pollMs` after the answer (one poll at a time,
 * the next from the cursor answered), and refreshes its list pane every `refreshMs` the same way. Agents
 * start evenly spread over one interval, so the offered rate is steady from the start: agents / pollMs
 * polls a second. A request counts if sent inside the measured window (after the warm-up); latency is
 * from its send to the end of its answer's body.
 */
const AGENTS_WORKER = `
const { parentPort, workerData: w } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const start = performance.now();
const measureFrom = start + w.warmUpMs;
const stopAt = measureFrom + w.durationMs;
const kinds = new Map();
let pollsWithMessages = 0;
const kindOf = (name) => {
  if (!kinds.has(name)) kinds.set(name, { latencies: [], sent: 0, failed: 0 });
  return kinds.get(name);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, stopAt - performance.now()))));
function get(agent, path) {
  return new Promise((resolve) => {
    const started = performance.now();
    const done = (status, body) => resolve({ started, ms: performance.now() - started, status, body });
    const request = http.get({ host: '127.0.0.1', port: w.port, path, agent, headers: { cookie: w.cookie } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => done(response.statusCode, Buffer.concat(chunks).toString()));
      response.on('error', () => done(0, ''));
    });
    request.on('error', () => done(0, ''));
  });
}
function record(name, answer) {
  if (answer.started < measureFrom || answer.started >= stopAt) return false;
  const kind = kindOf(name);
  kind.sent += 1;
  if (answer.status === 200) kind.latencies.push(answer.ms);
  else kind.failed += 1;
  return true;
}
async function poll(i, agent) {
  const open = w.open[i];
  let cursor = open.cursor;
  await sleep((i * w.pollMs) / w.open.length);
  while (performance.now() < stopAt) {
    const answer = await get(agent, '/api/conversations/' + open.conversationId + '/messages/poll?cursor=' + cursor);
    const counted = record('poll', answer);
    if (answer.status === 200) {
      const body = JSON.parse(answer.body);
      cursor = body.cursor;
      if (counted && body.messages.length > 0) pollsWithMessages += 1;
    }
    await sleep(w.pollMs);
  }
}
async function refresh(i, agent) {
  await sleep((i * w.refreshMs) / w.open.length);
  while (performance.now() < stopAt) {
    const answers = await Promise.all(w.refresh.map((r) => get(agent, r.path)));
    answers.forEach((answer, j) => record(w.refresh[j].name, answer));
    await sleep(w.refreshMs);
  }
}
const percentile = (sorted, q) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]);
// A browser opens up to six connections to a host; an agent needs at most four at once (a poll and three refreshes).
const agents = w.open.map(() => new http.Agent({ keepAlive: true, maxSockets: 4 }));
Promise.all(agents.flatMap((agent, i) => [poll(i, agent), refresh(i, agent)])).then(() => {
  for (const agent of agents) agent.destroy();
  const result = {};
  for (const [name, kind] of kinds) {
    const sorted = kind.latencies.sort((a, b) => a - b);
    result[name] = {
      sent: kind.sent, failed: kind.failed, perSecond: kind.sent / (w.durationMs / 1000),
      p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.length ? sorted[sorted.length - 1] : 0,
    };
  }
  parentPort.postMessage(JSON.stringify({ kinds: result, pollsWithMessages }));
}, (error) => parentPort.postMessage(JSON.stringify({ error: String(error) })));
`;

export function simulateAgents(options: AgentsOptions): Promise<AgentsResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(AGENTS_WORKER, { eval: true, workerData: options });
    let busy: (() => number | null) | null = null;
    const warmedUp = setTimeout(() => {
      busy = startBusyMeter();
    }, options.warmUpMs);
    worker.once('message', (json: string) => {
      clearTimeout(warmedUp);
      const message = JSON.parse(json) as Omit<AgentsResult, 'machineBusy'> | { error: string };
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve({ ...message, machineBusy: busy ? busy() : null });
    });
    worker.once('error', (error) => {
      clearTimeout(warmedUp);
      reject(error);
    });
  });
}

import http from 'node:http';
import type { LiveNudge } from '@shared/api/live';
import { CONVERSATION_LIST_REFRESH_MS, CONVERSATION_PAGE_SIZE, MESSAGE_POLL_MS } from '@shared/constants';
import { CONVERSATION_IDS_MAX } from '@shared/validation/conversations';
import { idBatcher } from '../client/features/conversations/live/id-batcher';
import { trailingThrottle } from '../client/features/conversations/live/trailing-throttle';
import { readNudges } from '../server/testing/nudge-reader';
import { nowMs } from './abuse-stats';
import type { BenchAgent } from './inbox-live-stack';

/**
 * Agents as the web app behaves, over real connections (node:http, six keep-alive sockets each like a
 * browser per host, plus the stream's own):
 * - `live`: the stream (GET /api/events) open; the open chat polled every 30 s while it is up (2 s while
 *   it is down); the list, its counts and the open conversation refreshed every 30 s; nudges batched to
 *   one batch a second, which reads the conversations it names (GET /api/conversations?ids=, at most one
 *   a second, never two at once), refreshes the counts at most every 5 s (and once after the last batch)
 *   and polls the open chat when it names it; a reconnect refreshes everything once (use-live-stream.ts,
 *   use-nudge-answers.ts, use-messages.ts, use-conversation-list.ts, with the web app's own batcher and throttle);
 * - `polling`: no stream; the open chat polled every 2 s, the list refreshed every 30 s (the web app
 *   without the stream).
 * A timer waits after its work settles, and the same request is never sent twice at once (RTK Query
 * joins a refetch to the one in flight).
 */

export type ClientMode = 'live' | 'polling';

export interface AgentSetup extends BenchAgent {
  origin: string;
  openConversationId: string;
  cursor: number;
}

export interface RequestRecord {
  agent: number;
  /** When the answer ended. */
  at: number;
  /** How long it took. */
  ms: number;
  status: number;
}

export interface NudgeRecord {
  agent: number;
  at: number;
  nudge: LiveNudge;
}

/** A poll that brought messages of the open chat: when it answered. */
export interface SeenRecord {
  conversationId: string;
  at: number;
}

export interface Recorder {
  requests: RequestRecord[];
  nudges: NudgeRecord[];
  seen: SeenRecord[];
  streamsOpen: number;
  streamFailures: number;
}

const NUDGE_BATCH_MS = 1_000;
/** The counts' pace while nudges keep coming (use-nudge-answers.ts). */
const COUNTS_REFRESH_MS = 5_000;
const RECONNECT_MS = 2_000;

class SimulatedAgent {
  private readonly http = new http.Agent({ keepAlive: true, maxSockets: 6 });
  private readonly inFlight = new Set<string>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private stream: http.ClientRequest | null = null;
  private streamUp = false;
  private stopped = false;
  private pending = new Set<string>();
  private batchTimer: ReturnType<typeof setTimeout> | null = null;
  private lastBatchAt = 0;
  private cursor: number;
  private readonly nudgedConversations = idBatcher((ids) => this.get(`/api/conversations?ids=${ids.join(',')}`), NUDGE_BATCH_MS, CONVERSATION_IDS_MAX);
  private readonly counts = trailingThrottle(() => void this.refreshCounts(), COUNTS_REFRESH_MS);

  constructor(
    private readonly index: number,
    private readonly setup: AgentSetup,
    private readonly mode: ClientMode,
    private readonly recorder: Recorder,
  ) {
    this.cursor = setup.cursor;
  }

  /** Starts its timers at a random phase (the agents did not all open the inbox at the same moment). */
  start(): void {
    if (this.mode === 'live') this.connect(false);
    this.later(Math.random() * CONVERSATION_LIST_REFRESH_MS, () => this.refreshLoop());
    this.schedulePoll(Math.random() * this.pollInterval());
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    if (this.batchTimer) clearTimeout(this.batchTimer);
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.nudgedConversations.stop();
    this.counts.stop();
    this.stream?.destroy();
    this.http.destroy();
  }

  private pollInterval(): number {
    return this.mode === 'live' && this.streamUp ? CONVERSATION_LIST_REFRESH_MS : MESSAGE_POLL_MS;
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) run();
    }, ms);
    this.timers.add(timer);
  }

  /** The open chat's poll loop; a change of pace (the stream up or down) starts the new pace at once, as usePolling does. */
  private schedulePoll(ms: number): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      if (this.stopped) return;
      void this.poll().finally(() => {
        if (!this.stopped && !this.pollTimer) this.schedulePoll(this.pollInterval());
      });
    }, ms);
  }

  private refreshLoop(): void {
    void this.refresh().finally(() => this.later(CONVERSATION_LIST_REFRESH_MS, () => this.refreshLoop()));
  }

  private async poll(): Promise<void> {
    const id = this.setup.openConversationId;
    const body = await this.get(`/api/conversations/${id}/messages/poll?cursor=${this.cursor}`);
    if (!body) return;
    const answer = JSON.parse(body) as { messages: unknown[]; cursor: number };
    if (answer.messages.length > 0) this.recorder.seen.push({ conversationId: id, at: nowMs() });
    this.cursor = answer.cursor;
  }

  /** The list, its counts (assignment counts for those who may choose All/Mine/Unassigned) and the open conversation. */
  private async refresh(): Promise<void> {
    const paths = [
      `/api/conversations?filter=all&page=1&limit=${CONVERSATION_PAGE_SIZE}`,
      '/api/conversations/status/counts?filter=all',
      ...(this.setup.seesAll ? ['/api/conversations/assignment/counts'] : []),
      `/api/conversations/${this.setup.openConversationId}`,
    ];
    await Promise.all(paths.map((path) => this.get(path)));
  }

  /** The status counts (and the assignment counts for those who may choose All/Mine/Unassigned). */
  private async refreshCounts(): Promise<void> {
    const paths = ['/api/conversations/status/counts?filter=all', ...(this.setup.seesAll ? ['/api/conversations/assignment/counts'] : [])];
    await Promise.all(paths.map((path) => this.get(path)));
  }

  /** GET with the session; the body on 200, else null. A request already in flight is not sent again. */
  private get(path: string): Promise<string | null> {
    if (this.inFlight.has(path) || this.stopped) return Promise.resolve(null);
    this.inFlight.add(path);
    const sentAt = nowMs();
    return new Promise<string | null>((resolve) => {
      const request = http.get(`${this.setup.origin}${path}`, { agent: this.http, headers: { cookie: this.setup.cookie } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const at = nowMs();
          this.recorder.requests.push({ agent: this.index, at, ms: at - sentAt, status: response.statusCode ?? 0 });
          resolve(response.statusCode === 200 ? Buffer.concat(chunks).toString('utf8') : null);
        });
        response.on('error', () => resolve(null));
      });
      request.on('error', () => {
        const at = nowMs();
        if (!this.stopped) this.recorder.requests.push({ agent: this.index, at, ms: at - sentAt, status: 0 });
        resolve(null);
      });
    }).finally(() => this.inFlight.delete(path));
  }

  private connect(reconnecting: boolean): void {
    const request = http.get(`${this.setup.origin}/api/events`, { agent: false, headers: { cookie: this.setup.cookie, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        this.recorder.streamFailures += 1;
        response.resume();
        return;
      }
      this.streamUp = true;
      this.recorder.streamsOpen += 1;
      // The chat's poll slows to the list's pace from the stream's first opening (at each agent's own phase).
      this.schedulePoll(reconnecting ? CONVERSATION_LIST_REFRESH_MS : Math.random() * CONVERSATION_LIST_REFRESH_MS);
      // Nudges are not replayed: after a drop everything is read once.
      if (reconnecting) {
        void this.refresh();
        void this.poll();
      }
      readNudges(response, (nudge) => this.nudged(nudge));
      response.on('close', () => this.dropped());
    });
    request.on('error', () => this.dropped());
    this.stream = request;
  }

  private dropped(): void {
    if (this.stopped) return;
    if (this.streamUp) {
      this.recorder.streamsOpen -= 1;
      this.schedulePoll(0);
    }
    this.streamUp = false;
    this.stream = null;
    this.later(RECONNECT_MS, () => this.connect(true));
  }

  private nudged(nudge: LiveNudge): void {
    this.recorder.nudges.push({ agent: this.index, at: nowMs(), nudge });
    this.pending.add(nudge.conversationId);
    this.batchTimer ??= setTimeout(() => this.flush(), Math.max(0, this.lastBatchAt + NUDGE_BATCH_MS - Date.now()));
  }

  private flush(): void {
    this.batchTimer = null;
    this.lastBatchAt = Date.now();
    const ids = [...this.pending];
    this.pending = new Set();
    if (this.stopped) return;
    this.nudgedConversations.add(ids);
    this.counts.call();
    if (ids.includes(this.setup.openConversationId)) void this.poll();
  }
}

export interface RunningAgents {
  recorder: Recorder;
  stop(): void;
}

/** Starts every agent, a few at a time (a thousand sockets opened at once would be a load test of their own). */
export async function startAgents(setups: AgentSetup[], mode: ClientMode): Promise<RunningAgents> {
  const recorder: Recorder = { requests: [], nudges: [], seen: [], streamsOpen: 0, streamFailures: 0 };
  const agents = setups.map((setup, i) => new SimulatedAgent(i, setup, mode, recorder));
  for (const [i, agent] of agents.entries()) {
    agent.start();
    if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { recorder, stop: () => agents.forEach((agent) => agent.stop()) };
}

/** Only the agents' streams, no other request: what the open streams alone cost the servers. */
export async function openStreamsOnly(setups: AgentSetup[]): Promise<{ open: number; close: () => void }> {
  const requests: http.ClientRequest[] = [];
  const opened = await Promise.all(setups.map((setup) => new Promise<boolean>((resolve) => {
    const request = http.get(`${setup.origin}/api/events`, { agent: false, headers: { cookie: setup.cookie, accept: 'text/event-stream' } }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    requests.push(request);
  })));
  return { open: opened.filter(Boolean).length, close: () => requests.forEach((request) => request.destroy()) };
}

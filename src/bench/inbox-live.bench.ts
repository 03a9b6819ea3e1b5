import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { megabytes, ms, nowMs, percentile, sleep } from './abuse-stats';
import { openStreamsOnly, startAgents, type AgentSetup, type ClientMode, type Recorder } from './inbox-live-agents';
import { postBefore, sendInbound, type InboundRun } from './inbox-live-inbound';
import { startLiveStack, type LiveStack } from './inbox-live-stack';
import { idleBusy, startBusyMeter } from './machine-busy';
import { processMemory } from './process-memory';
import type { BenchRow, BenchSuite } from './run';

/**
 * The live inbox under a team's load, beside the same load on the polling client, in one run:
 * PostgreSQL, two `npm start` processes, `INBOX_LIVE_AGENTS` agents (default 1,000; 5 % of them see every
 * conversation, the others their own and the unassigned ones), each with a chat open, and customers
 * writing `INBOX_LIVE_RATE` messages a second (default 20) over 10,000 conversations. Each client runs a
 * quiet window (`INBOX_LIVE_QUIET_SECONDS`, default 60: no customer writes; what an idle agent costs) and
 * a loaded one (`INBOX_LIVE_SECONDS`, default 60).
 */

const SUITE = 'inbox-live';
const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const AGENTS = envNumber('INBOX_LIVE_AGENTS', 1_000);
const SEE_ALL = Math.max(1, Math.round(AGENTS * 0.05));
const CONVERSATIONS = envNumber('INBOX_LIVE_CONVERSATIONS', 10_000);
const RATE = envNumber('INBOX_LIVE_RATE', 20);
const QUIET_MS = envNumber('INBOX_LIVE_QUIET_SECONDS', 60) * 1000;
const LOAD_MS = envNumber('INBOX_LIVE_SECONDS', 60) * 1000;
/** Nudges and polls still on their way when the customers stop. */
const TRAILING_MS = 3_000;
const CONNECT_TIMEOUT_MS = 120_000;

interface Window {
  start: number;
  end: number;
}

interface ClientFigures {
  mode: ClientMode;
  quietPerAgentMinute: { all: number; seeAll: number; own: number };
  loadPerAgentMinute: { all: number; seeAll: number; own: number };
  failedRequests: number;
  /** The agents' API requests answered while customers wrote: how long each took, ascending. */
  loadRequestMs: number[];
  nudgeLatencies: number[];
  seenLatencies: number[];
  nudges: number;
  /** Nudges about a conversation the member could not see (neither all, nor theirs, nor unassigned). */
  mayNotSee: number;
  rssIdle: number | null;
  /** At the end of the quiet window, every agent connected (with the stream, for the live client). */
  rssConnected: number | null;
  streamsOpen: number;
  streamFailures: number;
  inbound: InboundRun;
  machineBusy: number | null;
  /** The load generator's own event loop while customers wrote: a late loop makes every latency it measures late. */
  generatorLoopP99: number;
  /** CPU the load generator (this process) took while customers wrote, in CPUs. */
  generatorCpus: number;
}

const inWindow = (at: number, window: Window) => at >= window.start && at < window.end;

/** Each agent's chat: one of their own when they have one, else an unassigned one (those who see all: any). */
function agentSetups(stack: LiveStack): AgentSetup[] {
  const unassigned = stack.conversations.filter((c) => c.assigneeId === null);
  return stack.agents.map((agent, i) => {
    const own = agent.seesAll ? [] : stack.conversations.filter((c) => c.assigneeId === agent.userId);
    const pool = own.length > 0 ? own : agent.seesAll ? stack.conversations : unassigned;
    const open = pool[(i * 7919) % pool.length];
    return { ...agent, origin: stack.servers[i % stack.servers.length].origin, openConversationId: open.id, cursor: open.lastSeq };
  });
}

const serversRss = (stack: LiveStack) => {
  const readings = stack.servers.map((server) => processMemory(server.pid));
  return readings.every((r) => r !== null) ? readings.reduce((sum, r) => sum + (r?.rss ?? 0), 0) : null;
};

function perAgentMinute(recorder: Recorder, setups: AgentSetup[], window: Window) {
  const minutes = (window.end - window.start) / 60_000;
  const counted = recorder.requests.filter((r) => inWindow(r.at, window));
  const rate = (which: (setup: AgentSetup) => boolean) => {
    const agents = setups.filter(which).length;
    return agents === 0 ? 0 : counted.filter((r) => which(setups[r.agent])).length / agents / minutes;
  };
  return { all: rate(() => true), seeAll: rate((s) => s.seesAll), own: rate((s) => !s.seesAll) };
}

async function waitForStreams(recorder: Recorder, expected: number): Promise<void> {
  const deadline = nowMs() + CONNECT_TIMEOUT_MS;
  while (recorder.streamsOpen < expected && nowMs() < deadline) await sleep(200);
}

async function countMayNotSee(stack: LiveStack, setups: AgentSetup[], recorder: Recorder): Promise<number> {
  const assignees = new Map(stack.conversations.map((c) => [c.id, c.assigneeId]));
  const suspicious = recorder.nudges.filter(({ agent, nudge }) => {
    const assignee = assignees.get(nudge.conversationId);
    return !setups[agent].seesAll && nudge.kind !== 'assignment' && assignee !== null && assignee !== setups[agent].userId;
  });
  if (suspicious.length === 0) return 0;
  // A conversation assigned meanwhile (to the agent who heard of it) is theirs to hear of: read again.
  const now = await stack.assigneesOf([...new Set(suspicious.map((s) => s.nudge.conversationId))]);
  return suspicious.filter(({ agent, nudge }) => now.get(nudge.conversationId) !== null && now.get(nudge.conversationId) !== setups[agent].userId).length;
}

/** `rssIdle`: the servers before any agent connected (both clients are compared with the same idle). */
async function measureClient(stack: LiveStack, setups: AgentSetup[], mode: ClientMode, rssIdle: number | null): Promise<ClientFigures> {
  process.stderr.write(`  ${mode}: ${setups.length} agents connecting...\n`);
  const agents = await startAgents(setups, mode);
  try {
    if (mode === 'live') await waitForStreams(agents.recorder, setups.length);
    // The first refreshes of a thousand agents starting together settle before anything is counted.
    await sleep(5_000);
    process.stderr.write(`  ${mode}: quiet window...\n`);
    const quiet = { start: nowMs(), end: 0 };
    await sleep(QUIET_MS);
    quiet.end = nowMs();
    const rssConnected = serversRss(stack);

    process.stderr.write(`  ${mode}: customers writing ${RATE}/s...\n`);
    const busy = startBusyMeter();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpu = process.cpuUsage();
    const load = { start: nowMs(), end: 0 };
    const inbound = await sendInbound({ origins: stack.servers.map((s) => s.origin), appSecret: stack.appSecret, conversations: stack.conversations, perSecond: RATE, durationMs: LOAD_MS });
    load.end = nowMs();
    await sleep(TRAILING_MS);
    const machineBusy = busy();
    loop.disable();
    const used = process.cpuUsage(cpu);
    const generatorCpus = (used.user + used.system) / 1000 / (nowMs() - load.start);
    const { recorder } = agents;
    const latenciesOf = (records: Array<{ at: number; conversationId: string }>) => records
      .filter((r) => r.at >= load.start)
      .map((r) => {
        const posted = postBefore(inbound, r.conversationId, r.at);
        return posted === null ? null : r.at - posted;
      })
      .filter((latency): latency is number => latency !== null)
      .sort((a, b) => a - b);
    return {
      mode,
      quietPerAgentMinute: perAgentMinute(recorder, setups, quiet),
      loadPerAgentMinute: perAgentMinute(recorder, setups, load),
      failedRequests: recorder.requests.filter((r) => r.status !== 200).length,
      loadRequestMs: recorder.requests.filter((r) => inWindow(r.at, load)).map((r) => r.ms).sort((a, b) => a - b),
      nudgeLatencies: latenciesOf(recorder.nudges.filter((n) => n.nudge.kind === 'message').map((n) => ({ at: n.at, conversationId: n.nudge.conversationId }))),
      seenLatencies: latenciesOf(recorder.seen),
      nudges: recorder.nudges.length,
      mayNotSee: await countMayNotSee(stack, setups, recorder),
      rssIdle,
      rssConnected,
      streamsOpen: recorder.streamsOpen,
      streamFailures: recorder.streamFailures,
      inbound,
      machineBusy,
      generatorLoopP99: loop.percentile(99) / 1e6,
      generatorCpus,
    };
  } finally {
    agents.stop();
    // Let the servers notice the closed sockets before the next client connects.
    await sleep(3_000);
  }
}

/** The servers' RSS with every agent's stream open and nothing else asked (after a settle), then the streams closed. */
async function measureStreamsAlone(stack: LiveStack, setups: AgentSetup[]): Promise<{ streams: number; rss: number | null }> {
  process.stderr.write(`  ${setups.length} streams alone...\n`);
  const streams = await openStreamsOnly(setups);
  await sleep(5_000);
  const rss = serversRss(stack);
  streams.close();
  await sleep(3_000);
  return { streams: streams.open, rss };
}

const spread = (sorted: number[]) => (sorted.length === 0 ? 'none' : `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))} (n=${sorted.length.toLocaleString('en')})`);
const perMinute = (rates: { all: number; seeAll: number; own: number }) =>
  `${rates.all.toFixed(1)} (see all ${rates.seeAll.toFixed(1)}, own + unassigned ${rates.own.toFixed(1)})`;
interface RssPair {
  idle: number | null;
  connected: number | null;
}
const rssAbove = ({ idle, connected }: RssPair) => (idle !== null && connected !== null ? connected - idle : null);
function rssText(pair: RssPair): string {
  const above = rssAbove(pair);
  if (above === null) return 'unknown (no /proc)';
  return `${megabytes(Math.abs(above))} ${above >= 0 ? 'above' : 'below'} idle (${megabytes(pair.idle ?? 0)} → ${megabytes(pair.connected ?? 0)})`;
}
const busyText = (share: number | null) => (share === null ? 'unknown' : `${Math.round(share * 100)}%`);

function tableOf(live: ClientFigures, polling: ClientFigures, busyBefore: number | null, alone: { streams: number; rss: number | null; idle: number | null }): BenchRow[] {
  const row = (metric: string, value: string, target?: string): BenchRow => ({ suite: SUITE, metric, value, target });
  const p99 = percentile(live.nudgeLatencies, 0.99);
  const idle = live.quietPerAgentMinute.all;
  return [
    row('load', `PostgreSQL 15, 2 Parley processes (npm start), ${AGENTS.toLocaleString('en')} agents (${SEE_ALL} see all), ${CONVERSATIONS.toLocaleString('en')} conversations, `
      + `${RATE} inbound/s for ${LOAD_MS / 1000} s after a ${QUIET_MS / 1000} s quiet window, per client, on ${os.cpus().length} CPUs (machine ${busyText(busyBefore)} busy before, others' work)`),
    row('webhook POST → nudge at the agent, p50 / p99', `live: ${spread(live.nudgeLatencies)}; polling: no nudges`, `p99 < 1 s (${live.nudgeLatencies.length > 0 && p99 < 1000 ? 'met' : 'MISSED'})`),
    row('webhook POST → the open chat shows the message, p50 / p99', `live: ${spread(live.seenLatencies)}; polling: ${spread(polling.seenLatencies)}`),
    row('API requests per idle connected agent with a chat open, per minute (quiet window)', `live: ${perMinute(live.quietPerAgentMinute)}; polling: ${perMinute(polling.quietPerAgentMinute)}`, `≤ 10 (${idle <= 10 ? 'met' : 'MISSED'}); polling ~36`),
    row('API requests per agent per minute while customers write', `live: ${perMinute(live.loadPerAgentMinute)}; polling: ${perMinute(polling.loadPerAgentMinute)}`),
    row('the agents\' API requests while customers write, p50 / p99', `live: ${spread(live.loadRequestMs)}; polling: ${spread(polling.loadRequestMs)}`),
    row(
      `server RSS for ${alone.streams.toLocaleString('en')} open streams, nothing else asked (both processes)`,
      rssText({ idle: alone.idle, connected: alone.rss }),
      `< 100 MB above idle (${(rssAbove({ idle: alone.idle, connected: alone.rss }) ?? Infinity) < 100 * 1024 * 1024 ? 'met' : 'MISSED'})`,
    ),
    row(
      'server RSS with every agent connected and asking, quiet window\'s end (both processes)',
      `live: ${rssText({ idle: live.rssIdle, connected: live.rssConnected })}; polling (after the live run): ${rssText({ idle: polling.rssIdle, connected: polling.rssConnected })}`,
    ),
    row('nudges to members who may not see the conversation', `${live.mayNotSee} of ${live.nudges.toLocaleString('en')} nudges`, `0 (${live.mayNotSee === 0 ? 'met' : 'MISSED'})`),
    row('streams refused / requests failed', `live: ${live.streamFailures} / ${live.failedRequests}; polling: — / ${polling.failedRequests}`, '0 / 0'),
    row('webhook answers', `live: ${live.inbound.answers.describe()}; polling: ${polling.inbound.answers.describe()}`),
    row('machine busy while customers wrote', `live: ${busyText(live.machineBusy)}; polling: ${busyText(polling.machineBusy)}`),
    row(
      'the load generator while customers wrote: its CPU, its event loop delay p99',
      `live: ${live.generatorCpus.toFixed(2)} CPU, ${ms(live.generatorLoopP99)}; polling: ${polling.generatorCpus.toFixed(2)} CPU, ${ms(polling.generatorLoopP99)}`,
    ),
  ];
}

export const inboxLiveBench: BenchSuite = {
  name: SUITE,
  async run(): Promise<BenchRow[]> {
    process.stderr.write('  inbox-live: PostgreSQL, two Parley processes, seeding...\n');
    const stack = await startLiveStack({ agents: AGENTS, seeAll: SEE_ALL, conversations: CONVERSATIONS });
    if ('skipped' in stack) return [{ suite: SUITE, metric: 'PostgreSQL', value: `skipped: ${stack.skipped}` }];
    try {
      const setups = agentSetups(stack);
      const busyBefore = await idleBusy(2_000);
      const rssIdle = serversRss(stack);
      const streamsAlone = await measureStreamsAlone(stack, setups);
      const live = await measureClient(stack, setups, 'live', rssIdle);
      const polling = await measureClient(stack, setups, 'polling', rssIdle);
      return tableOf(live, polling, busyBefore, { ...streamsAlone, idle: rssIdle });
    } finally {
      await stack.stop();
    }
  },
};

import { DEFAULT_BODY_DEADLINE_MS } from '../server/plugins/request-deadlines';
import { autocannonIn, type AutocannonResult } from './autocannon-in-worker';
import { describeSpread, megabytes, ms, nowMs, spreadOf, StatusTally } from './abuse-stats';
import { trickleBodies } from './abuse-trickle';
import { craftedCsvFiles, floodCraftedCsv, floodOversizedMedia, oversizedFile, type Attacker, type UploadFlood } from './abuse-uploads';
import type { SeededParties } from './abuse-setup';

/** The four abusive loads of the abuse bench, each run by one attacker member until its phase ends. */

export interface LoadSizes {
  phaseMs: number;
  csvBytes: number;
  csvParallel: number;
  tricklers: number;
  trickleByteEveryMs: number;
  uploadBytes: number;
  uploadParallel: number;
  pollers: number;
}

export interface AttackContext extends Attacker {
  seeded: SeededParties;
  sizes: LoadSizes;
}

export interface LoadDetail {
  metric: string;
  value: string;
  target?: string;
}

export interface LoadReport {
  /** The attacker's answers by status. */
  answers: string;
  details: LoadDetail[];
}

export interface Load {
  name: string;
  /** How long the phase lasts. */
  ms(sizes: LoadSizes): number;
  run(context: AttackContext, until: number): Promise<LoadReport>;
}

/** The whole flood's rate and answer times, then each kind of request's answers. */
function floodDetails(flood: UploadFlood, seconds: number): LoadDetail[] {
  return [
    { metric: 'attacker requests, time to an answer', value: `${flood.sent} sent (${(flood.sent / seconds).toFixed(1)}/s); answered in ${describeSpread(flood.answeredIn)}` },
    ...[...flood.byKind.entries()].map(([label, kind]) => ({
      metric: `  ${label}`,
      value: `${kind.answers.describe()}; answered in ${describeSpread(spreadOf(kind.answeredIn))}`
        + (kind.longestUnanswered > 0 ? `; longest unanswered ${ms(kind.longestUnanswered)}` : ''),
    })),
  ];
}

const craftedCsv: Load = {
  name: 'crafted CSV',
  ms: (sizes) => sizes.phaseMs,
  async run(context, until) {
    const files = craftedCsvFiles(context.sizes.csvBytes);
    const flood = await floodCraftedCsv(context, files, context.sizes.csvParallel, until);
    return {
      answers: flood.answers.describe(),
      details: [
        { metric: 'files (in turn)', value: `${context.sizes.csvParallel} in parallel: ${files.map((f) => `${f.label} (${megabytes(f.request.size - f.request.first.length)})`).join(', ')}` },
        ...floodDetails(flood, context.sizes.phaseMs / 1000),
      ],
    };
  },
};

/**
 * Long enough to see the server cut the connections: the body deadline (no environment variable
 * shortens it for `npm start`) and a few seconds for the cut to land, or the phase's own length.
 */
const TRICKLE_MARGIN_MS = 5_000;

const tricklingBodies: Load = {
  name: 'trickling bodies',
  ms: (sizes) => Math.max(sizes.phaseMs, DEFAULT_BODY_DEADLINE_MS + TRICKLE_MARGIN_MS),
  async run(context, until) {
    const { tricklers, trickleByteEveryMs } = context.sizes;
    const started = nowMs();
    const result = await trickleBodies({
      origin: context.origin, path: '/api/auth/login', connections: tricklers, byteEveryMs: trickleByteEveryMs, contentLength: 10_000, until,
    });
    const answers = new StatusTally();
    answers.add('cut by the server', result.cutByServer);
    answers.add('still open at the end (closed by the bench)', result.stillOpenAtEnd);
    return {
      answers: `${answers.describe()}; status lines written: ${result.answers.describe()}`,
      details: [
        {
          metric: `connections (POST /api/auth/login head, then 1 byte every ${trickleByteEveryMs / 1000} s)`,
          value: `${result.opened} opened of ${tricklers}${result.failedToOpen.total ? ` (failed to open: ${result.failedToOpen.describe()})` : ''}; `
            + `phase ${((until - started) / 1000).toFixed(0)} s`,
        },
        {
          metric: 'cut by the server within the phase, after',
          value: `${result.cutByServer} of ${result.opened}; ${describeSpread(result.cutAfter)}`,
          target: `all, after ~${DEFAULT_BODY_DEADLINE_MS / 1000} s (${result.opened > 0 && result.cutByServer === result.opened ? 'met' : 'MISSED'})`,
        },
      ],
    };
  },
};

const oversizedUploads: Load = {
  name: 'oversized uploads',
  ms: (sizes) => sizes.phaseMs,
  async run(context, until) {
    const { seeded, sizes } = context;
    const bytes = sizes.uploadBytes;
    const flood = await floodOversizedMedia(context, [
      { label: "JPEG, the victim's contact", request: { contactId: seeded.victimContactId, file: oversizedFile('jpeg', bytes) } },
      { label: 'JPEG, its own contact', request: { contactId: seeded.attackerContactId, file: oversizedFile('jpeg', bytes) } },
      { label: "random bytes, the victim's contact", request: { contactId: seeded.victimContactId, file: oversizedFile('random', bytes) } },
      { label: 'random bytes, its own contact', request: { contactId: seeded.attackerContactId, file: oversizedFile('random', bytes) } },
    ], sizes.uploadParallel, until);
    return {
      answers: flood.answers.describe(),
      details: [
        {
          metric: 'uploads (in turn)',
          value: `${sizes.uploadParallel} in parallel, ${megabytes(bytes)} each (JPEG: its first bytes then zeros), streamed`,
        },
        ...floodDetails(flood, sizes.phaseMs / 1000),
      ],
    };
  },
};

/** autocannon's aggregate also counts answers per status code. */
type CountedByStatus = AutocannonResult & { statusCodeStats?: Record<string, { count: number }> };

const pollFlood: Load = {
  name: 'poll flood',
  ms: (sizes) => sizes.phaseMs,
  async run(context) {
    const { pollers, phaseMs } = context.sizes;
    const seconds = Math.max(1, Math.round(phaseMs / 1000));
    const path = `/api/conversations/${context.seeded.attackerConversationId}/messages/poll?cursor=0`;
    const result: CountedByStatus = await autocannonIn(context.origin, context.cookie, [path], pollers, seconds);
    const answers = new StatusTally();
    for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) answers.add(status, count);
    answers.add('no answer (error)', result.errors);
    answers.add('no answer (timeout)', result.timeouts);
    return {
      answers: answers.describe(),
      details: [{
        metric: `attacker rate (${pollers} closed-loop connections, one session, GET …/messages/poll?cursor=0)`,
        value: `${Math.round(result.requests.total / seconds).toLocaleString('en')} req/s; latency p50 ${ms(result.latency.p50)} / p99 ${ms(result.latency.p99)} / max ${ms(result.latency.max)}`,
      }],
    };
  },
};

/** In the order the issue gives them; an idle phase comes before each and after the last. */
export const LOADS: readonly Load[] = [craftedCsv, tricklingBodies, oversizedUploads, pollFlood];

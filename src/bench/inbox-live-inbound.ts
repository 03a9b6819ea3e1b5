import { createHmac } from 'node:crypto';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload } from '@sandbox/payloads';
import { nowMs, sleepUntil, StatusTally } from './abuse-stats';
import type { BenchConversation } from './inbox-live-stack';

/**
 * Customers writing: one inbound text message per webhook POST, as Meta delivers them, signed with the
 * app secret (X-Hub-Signature-256 over the raw body), at a steady rate, to a random conversation each
 * time, spread over the Parley processes in turn (a load balancer's round robin).
 */

export interface InboundOptions {
  origins: string[];
  appSecret: string;
  conversations: BenchConversation[];
  perSecond: number;
  durationMs: number;
}

export interface InboundRun {
  /** When each POST was sent, by conversation, in order. */
  postedAt: Map<string, number[]>;
  posts: number;
  answers: StatusTally;
}

const number = { id: DEMO_BUSINESS.phoneNumberId, displayPhoneNumber: DEMO_BUSINESS.displayPhoneNumber, verifiedName: DEMO_BUSINESS.verifiedName, lastInbound: new Map<string, number>() };

let sent = 0;

function body(conversation: BenchConversation): string {
  sent += 1;
  const wamid = `wamid.bench-live-${process.pid}-${sent}`;
  return JSON.stringify(inboundPayload(
    DEMO_BUSINESS.businessAccountId,
    number,
    { waId: conversation.waId, name: 'Bench Customer' },
    { id: wamid, type: 'text', text: { body: `Is order ${sent} on its way?` } },
    Date.now(),
  ));
}

export async function sendInbound({ origins, appSecret, conversations, perSecond, durationMs }: InboundOptions): Promise<InboundRun> {
  const run: InboundRun = { postedAt: new Map(), posts: 0, answers: new StatusTally() };
  const started = nowMs();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < (durationMs / 1000) * perSecond; i += 1) {
    await sleepUntil(started + (i * 1000) / perSecond);
    const conversation = conversations[Math.floor(Math.random() * conversations.length)];
    const payload = body(conversation);
    const signature = `sha256=${createHmac('sha256', appSecret).update(payload).digest('hex')}`;
    run.postedAt.set(conversation.id, [...(run.postedAt.get(conversation.id) ?? []), nowMs()]);
    run.posts += 1;
    inFlight.push(
      fetch(`${origins[i % origins.length]}/api/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          run.answers.add(response.status);
        })
        .catch(() => run.answers.add('no answer')),
    );
  }
  await Promise.all(inFlight);
  return run;
}

/** The POST a change seen at `at` answers: the latest one to that conversation sent before it, or null. */
export function postBefore(run: InboundRun, conversationId: string, at: number): number | null {
  let found: number | null = null;
  for (const posted of run.postedAt.get(conversationId) ?? []) if (posted <= at) found = posted;
  return found;
}

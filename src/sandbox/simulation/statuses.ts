import { statusPayload, type StatusEvent } from '../payloads';
import type { Sandbox } from '../sandbox';
import type { SandboxBusiness, SandboxNumber, SentMessage } from '../world';

const DAY_MS = 24 * 3_600_000;

export interface SendKind {
  /** Anything but a template: allowed only inside the customer's 24-hour window. */
  freeForm: boolean;
  /** Reactions only ever get `sent`. */
  reaction: boolean;
  /** The template's category, for pricing and the marketing limit. */
  category?: string;
}

const FAILURES = {
  undeliverable: {
    code: 131026,
    title: 'Message undeliverable',
    details: 'Unable to deliver message. The recipient phone number is not a WhatsApp phone number.',
  },
  reEngagement: {
    code: 131047,
    title: 'Re-engagement message',
    details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  marketingLimit: {
    code: 131049,
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
};

/**
 * What happens to a message after Meta accepted it: `sent`, then `delivered`, then usually `read`, each
 * posted as its own signed webhook after a realistic delay — or a `failed` with Meta's error: a number not
 * on WhatsApp (ends 0000), a free-form message outside the customer's 24-hour window (131047), or now and
 * then Meta's marketing limit (131049). A customer who read it may reply. Every status echoes the send's
 * biz_opaque_callback_data. With `statusBatchMs` set, the statuses of a number wait that long and go
 * together in one webhook's `statuses[]` (as Meta also batches them), instead of one webhook each.
 */
export class StatusSimulation {
  /** Statuses waiting for their number's next batch, by WABA and phone number id. */
  private readonly batches = new Map<string, { wabaId: string; number: SandboxNumber; events: StatusEvent[] }>();

  constructor(private readonly sandbox: Sandbox) {}

  schedule(business: SandboxBusiness, number: SandboxNumber, sent: SentMessage, kind: SendKind): void {
    const { sandbox } = this;
    const { statusDelaysMs, random, failureRate } = sandbox.options;
    const wabaId = business.wabaId ?? '';
    const post = (event: Omit<StatusEvent, 'wamid' | 'recipient'>) =>
      this.post(wabaId, number, { wamid: sent.wamid, recipient: sent.to, callbackData: sent.callbackData, ...event });
    const onError = (error: unknown) => sandbox.options.log(`status simulation failed: ${String(error)}`);

    const lastInbound = number.lastInbound.get(sent.to) ?? 0;
    const windowOpen = Date.now() - lastInbound < DAY_MS;
    const failure = sent.to.endsWith('0000')
      ? FAILURES.undeliverable
      : kind.freeForm && !windowOpen && !kind.reaction
        ? FAILURES.reEngagement
        : kind.category === 'MARKETING' && random() < failureRate
          ? FAILURES.marketingLimit
          : undefined;

    const sentAt = sandbox.jitter(statusDelaysMs.sent);
    if (failure) {
      sandbox.timeline.after(sentAt, () => post({ status: 'failed', at: Date.now(), error: failure }), onError);
      return;
    }
    const pricing = {
      category: (kind.category ?? 'service').toLowerCase(),
      type: !kind.category || (kind.category === 'UTILITY' && windowOpen) ? ('free_customer_service' as const) : ('regular' as const),
    };
    sandbox.timeline.after(sentAt, () => post({ status: 'sent', at: Date.now(), pricing }), onError);
    if (kind.reaction) return;

    const deliveredAt = sentAt + sandbox.jitter(statusDelaysMs.delivered);
    sandbox.timeline.after(deliveredAt, () => post({ status: 'delivered', at: Date.now(), pricing }), onError);
    if (random() >= sandbox.readRateFor(sent.to)) return;
    sandbox.timeline.after(
      deliveredAt + sandbox.jitter(statusDelaysMs.read),
      () => {
        post({ status: 'read', at: Date.now() });
        sandbox.customers.maybeReply(sent);
      },
      onError,
    );
  }

  private post(wabaId: string, number: SandboxNumber, event: StatusEvent): void {
    const { sandbox } = this;
    const batchMs = sandbox.options.statusBatchMs;
    if (batchMs <= 0) {
      sandbox.webhooks.send(statusPayload(wabaId, number, [event]));
      return;
    }
    const key = `${wabaId}/${number.id}`;
    const waiting = this.batches.get(key);
    if (waiting) {
      waiting.events.push(event);
      return;
    }
    this.batches.set(key, { wabaId, number, events: [event] });
    sandbox.timeline.after(batchMs, () => this.flush(key), (error) => sandbox.options.log(`status batch failed: ${String(error)}`));
  }

  private flush(key: string): void {
    const batch = this.batches.get(key);
    this.batches.delete(key);
    if (!batch) return;
    const max = this.sandbox.options.statusBatchMax;
    for (let i = 0; i < batch.events.length; i += max) {
      this.sandbox.webhooks.send(statusPayload(batch.wabaId, batch.number, batch.events.slice(i, i + max)));
    }
  }
}

import { FaultTable, type FaultKind } from './faults';
import { graphErrors, type SandboxGraphError } from './graph-errors';
import { templateStatusPayload } from './payloads';
import { CustomerSimulation, type InboundRequest } from './simulation/customers';
import { StatusSimulation } from './simulation/statuses';
import { Timeline } from './timeline';
import { WebhookSender, type WebhookTransport } from './webhook-sender';
import { SandboxWorld, type SandboxBusiness } from './world';

export interface SandboxOptions {
  /** The Meta app secret the webhooks are signed with (and `appsecret_proof` checked against). */
  appSecret: string;
  /** Where the webhooks go: the product's /api/webhooks/whatsapp. */
  webhookUrl?: string;
  /** Instead of HTTP (tests hand events to `app.inject`). */
  webhookTransport?: WebhookTransport;
  webhookRetryDelaysMs?: readonly number[];
  /** Base delays of the status callbacks after a send; each gets ±50 % jitter. Zero in tests. */
  statusDelaysMs?: { sent: number; delivered: number; read: number };
  /** Share of deliverable messages that fail anyway (Meta's marketing limit, 131049). */
  failureRate?: number;
  /** Share of delivered messages the customer reads. */
  readRate?: number;
  /** Share of read messages the customer answers (a text, or a template's quick-reply button). */
  replyRate?: number;
  /** How long, on average, a customer takes to answer what they read. */
  replyDelayMs?: number;
  /** Customers who write first, at random, every `intervalMs` on average. */
  customersWriteFirst?: boolean;
  customerIntervalMs?: number;
  /** Messages per second per phone number before 130429 (Meta's default is 80); a number may override it. */
  throughputPerSecond?: number;
  /**
   * Collect each number's statuses for this long and post them together, several `statuses[]` in one
   * webhook (0: one webhook per status). At high send rates this keeps the callbacks from flooding the product.
   */
  statusBatchMs?: number;
  /** The most statuses one batched webhook carries. */
  statusBatchMax?: number;
  /** How long the SLOW fault holds an answer. */
  slowResponseMs?: number;
  /** Randomness, replaceable by a seeded generator. */
  random?: () => number;
  log?: (message: string) => void;
}

export type ResolvedSandboxOptions = Required<Omit<SandboxOptions, 'webhookUrl' | 'webhookTransport' | 'webhookRetryDelaysMs'>>;

/**
 * A stand-in for Meta's WhatsApp Cloud API: the world (businesses, numbers, templates, media), the
 * simulations (status callbacks, customers) and injectable faults. `sandboxPlugin` serves it over the
 * Graph API's HTTP paths; tests may also drive it directly. `close()` stops every timer.
 */
export class Sandbox {
  readonly world = new SandboxWorld();
  readonly timeline = new Timeline();
  readonly faults: FaultTable;
  readonly options: ResolvedSandboxOptions;
  readonly webhooks: WebhookSender;
  readonly statuses: StatusSimulation;
  readonly customers: CustomerSimulation;
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Per phone number id: its own throughput, instead of `throughputPerSecond` (Meta's upgraded tiers). */
  private readonly throughputs = new Map<string, number>();

  constructor(options: SandboxOptions) {
    this.options = {
      appSecret: options.appSecret,
      statusDelaysMs: options.statusDelaysMs ?? { sent: 400, delivered: 1_500, read: 5_000 },
      failureRate: options.failureRate ?? 0.03,
      readRate: options.readRate ?? 0.85,
      replyRate: options.replyRate ?? 0.4,
      replyDelayMs: options.replyDelayMs ?? 2_500,
      customersWriteFirst: options.customersWriteFirst ?? false,
      customerIntervalMs: options.customerIntervalMs ?? 45_000,
      throughputPerSecond: options.throughputPerSecond ?? 80,
      statusBatchMs: options.statusBatchMs ?? 0,
      statusBatchMax: options.statusBatchMax ?? 500,
      slowResponseMs: options.slowResponseMs ?? 3_000,
      random: options.random ?? Math.random,
      log: options.log ?? (() => undefined),
    };
    this.faults = new FaultTable(this.options.slowResponseMs);
    this.webhooks = new WebhookSender(this.timeline, {
      url: options.webhookUrl,
      transport: options.webhookTransport,
      appSecret: options.appSecret,
      retryDelaysMs: options.webhookRetryDelaysMs,
      log: this.options.log,
    });
    this.customers = new CustomerSimulation(this);
    this.statuses = new StatusSimulation(this);
    if (this.options.customersWriteFirst) this.customers.start();
  }

  /** A customer writes to a number (control API and simulations); answers the inbound wamid. */
  inbound(request: InboundRequest): string {
    return this.customers.write(request);
  }

  injectFault(target: string, kind: FaultKind, count?: number): void {
    this.faults.inject(target, kind, count);
  }

  clearFaults(target?: string): void {
    this.faults.clear(target);
  }

  /** Meta's review changes a template's status; the app-level webhook tells the product. */
  setTemplateStatus(business: SandboxBusiness, name: string, language: string, status: string): boolean {
    const template = business.templates.find((t) => t.name === name && t.language === language);
    if (!template || !business.wabaId) return false;
    template.status = status;
    this.webhooks.send(templateStatusPayload(business.wabaId, template, status));
    return true;
  }

  /** The share of delivered messages this customer reads: their own behaviour, else the sandbox's rate. */
  readRateFor(waId: string): number {
    return this.world.behaviours.get(waId)?.readRate ?? this.options.readRate;
  }

  /** The share of read messages this customer answers: their own behaviour, else the sandbox's rate. */
  replyRateFor(waId: string): number {
    return this.world.behaviours.get(waId)?.replyRate ?? this.options.replyRate;
  }

  /** Messages per second the number may send before 130429. */
  throughputOf(phoneNumberId: string): number {
    return this.throughputs.get(phoneNumberId) ?? this.options.throughputPerSecond;
  }

  /** Moves a number to another throughput tier (Meta upgrades 80 → 1,000 on its own); it starts with a full second of it. */
  setThroughput(phoneNumberId: string, messagesPerSecond: number): void {
    this.throughputs.set(phoneNumberId, messagesPerSecond);
    this.buckets.delete(phoneNumberId);
  }

  /** Takes one send from the number's token bucket (a second's worth of burst), or answers the throughput error. */
  takeThroughput(phoneNumberId: string): SandboxGraphError | undefined {
    const rate = this.throughputOf(phoneNumberId);
    const now = Date.now();
    const bucket = this.buckets.get(phoneNumberId) ?? { tokens: rate, at: now };
    bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.buckets.set(phoneNumberId, bucket);
    if (bucket.tokens < 1) return graphErrors.throughput();
    bucket.tokens -= 1;
    return undefined;
  }

  /** Resolves when no callback is pending and no webhook is in flight (tests). */
  settle(timeoutMs?: number): Promise<void> {
    return this.timeline.settle(timeoutMs);
  }

  close(): Promise<void> {
    return this.timeline.close();
  }

  /** A delay with ±50 % jitter. */
  jitter(ms: number): number {
    return ms === 0 ? 0 : Math.round(ms * (0.5 + this.options.random()));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.options.random() * items.length) % items.length];
  }
}

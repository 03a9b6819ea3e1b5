import { createHmac } from 'node:crypto';
import type { Timeline } from './timeline';

/** How a signed webhook reaches the product: over HTTP by default; tests may hand it straight to `inject`. */
export type WebhookTransport = (body: string, headers: Record<string, string>) => Promise<number>;

export interface WebhookSenderOptions {
  /** The product's callback, e.g. http://127.0.0.1:3000/api/webhooks/whatsapp. */
  url?: string;
  transport?: WebhookTransport;
  appSecret: string;
  /** Waits before each redelivery of a failed POST (Meta retries for 7 days; this compresses it). */
  retryDelaysMs?: readonly number[];
  log?: (message: string) => void;
}

const DEFAULT_RETRIES_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

/**
 * Posts webhook events the way Meta does: JSON with non-ASCII characters escaped as \uXXXX, signed with
 * HMAC-SHA256 of those exact bytes, redelivered with growing delays until the callback answers 200.
 */
export class WebhookSender {
  private readonly transport: WebhookTransport | undefined;
  private readonly retryDelaysMs: readonly number[];

  constructor(
    private readonly timeline: Timeline,
    private readonly options: WebhookSenderOptions,
  ) {
    this.transport = options.transport ?? (options.url ? httpTransport(options.url) : undefined);
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRIES_MS;
  }

  send(payload: unknown): void {
    if (!this.transport) {
      this.options.log?.('no webhook URL configured: event dropped');
      return;
    }
    const body = escapeNonAscii(JSON.stringify(payload));
    void this.timeline.track(this.attempt(body, 0));
  }

  private async attempt(body: string, attempt: number): Promise<void> {
    const headers = {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', this.options.appSecret).update(body).digest('hex')}`,
    };
    let status: number;
    try {
      status = await (this.transport as WebhookTransport)(body, headers);
    } catch {
      status = 0;
    }
    if (status === 200) return;
    const delay = this.retryDelaysMs[attempt];
    if (delay === undefined) {
      this.options.log?.(`webhook delivery abandoned after ${attempt + 1} attempts (last status ${status})`);
      return;
    }
    this.timeline.after(delay, () => this.attempt(body, attempt + 1), () => undefined);
  }
}

/** Meta sends `\u00e9` rather than `é`; the signature covers exactly these bytes. */
export function escapeNonAscii(json: string): string {
  return json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function httpTransport(url: string): WebhookTransport {
  return async (body, headers) => {
    const response = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  };
}

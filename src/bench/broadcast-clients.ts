import type { Broadcast, CreateBroadcastRequest, CreateBroadcastResponse } from '@shared/api/broadcasts';
import type { SendsSummary } from '@sandbox/send-ledger';

/** HTTP clients the broadcast benches drive the processes with: Parley's API as a signed-in admin, and the sandbox's controls. */

export class HttpError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${url} answered ${status}: ${body.slice(0, 300)}`);
  }
}

async function call<T>(origin: string, method: string, url: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<{ data: T; response: Response }> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(method, url, response.status, text);
  return { data: (text ? JSON.parse(text) : undefined) as T, response };
}

/** Parley's API with one session (the cookie signup answered). */
export class ParleyApi {
  cookie = '';

  constructor(readonly origin: string) {}

  async request<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const { data, response } = await call<T>(this.origin, method, url, { body, headers: { cookie: this.cookie, ...headers } });
    const setCookie = response.headers.getSetCookie();
    if (setCookie.length > 0) this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    return data;
  }

  /** POST /api/broadcast, and how long it took to answer (ms). */
  async createBroadcast(request: CreateBroadcastRequest, idempotencyKey: string): Promise<{ created: CreateBroadcastResponse; ms: number }> {
    const started = performance.now();
    const created = await this.request<CreateBroadcastResponse>('POST', '/api/broadcast', request, { 'idempotency-key': idempotencyKey });
    return { created, ms: performance.now() - started };
  }

  broadcast(id: string): Promise<Broadcast> {
    return this.request<Broadcast>('GET', `/api/broadcast/${id}`);
  }
}

/** The sandbox's /_sandbox controls. */
export class SandboxControl {
  constructor(readonly origin: string) {}

  private async request<T>(method: string, url: string, body?: unknown): Promise<T> {
    return (await call<T>(this.origin, method, `/_sandbox${url}`, { body })).data;
  }

  sends(): Promise<SendsSummary> {
    return this.request<SendsSummary>('GET', '/sends');
  }

  /** Every recipient's accepted sends (digits → count). */
  async counts(): Promise<Map<string, number>> {
    const { counts } = await this.request<{ counts: Record<string, number> }>('GET', '/sends?full=1');
    return new Map(Object.entries(counts));
  }

  async resetSends(): Promise<void> {
    await this.request('DELETE', '/sends');
  }

  async setThroughput(phoneNumberId: string, messagesPerSecond: number): Promise<void> {
    await this.request('PUT', `/numbers/${phoneNumberId}/throughput`, { messagesPerSecond });
  }

  /** Status callbacks and webhook deliveries (retries too) the sandbox still has to make. */
  async pending(): Promise<number> {
    return (await this.request<{ pending: number }>('GET', '/pending')).pending;
  }
}

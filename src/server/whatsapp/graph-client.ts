import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { GraphError, type MetaErrorBody } from './graph-error';
import type {
  BusinessAccountInfo, GraphPage, GraphTemplate, MediaInfo, MediaSend, PhoneNumberInfo, SendOptions, SendResult,
  TemplateSend,
} from './graph-types';

export interface GraphCredentials {
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
}

export interface GraphClientOptions {
  /** e.g. https://graph.facebook.com/v23.0 — the version segment is part of the base. */
  baseUrl: string;
  /** The Meta app secret: every call then carries `appsecret_proof`, so a leaked token alone cannot call the API. */
  appSecret?: string;
  /** Per call, including reading the body. */
  timeoutMs?: number;
  /** Waits between attempts of a retryable failure; the number of entries is the number of retries. */
  retryDelaysMs?: readonly number[];
  templatePageSize?: number;
  /** Told when Meta rejects the token or its permissions, so the configuration can be marked inactive. */
  onCredentialFailure?: (error: GraphError) => void;
}

/** What a retry may repeat: reads and idempotent writes retry every retryable error; sends only refusals (or nothing). */
type RetryMode = 'retryable' | 'throttled' | 'none';

interface CallOptions {
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  retry: RetryMode;
}

export const DEFAULT_GRAPH_TIMEOUT_MS = 8_000;
const DEFAULT_RETRY_DELAYS_MS = [300, 1_200, 4_000];
const MAX_TEMPLATE_PAGES = 200;
/**
 * Keep-alive connection pools shared by every client. JSON calls go through them with node:http,
 * which costs a fraction of `fetch` per call: that matters to a broadcast sending up to 1,000
 * messages a second. Multipart uploads and media downloads use `fetch`.
 */
const POOLS = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};
const MAX_MEDIA_BYTES = 100 * 1024 * 1024;
const TEMPLATE_FIELDS = 'id,name,status,language,category,parameter_format,components';
const PHONE_FIELDS = 'id,display_phone_number,verified_name,quality_rating,status,platform_type';

/**
 * A typed client for the Graph API calls Parley makes, bound to one organization's credentials. Every
 * call has a timeout; failures become `GraphError`s classified by Meta's code; reads are retried with
 * backoff, sends only when Meta refused them (a timed-out send may have been delivered).
 */
export class GraphClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retryDelaysMs: readonly number[];
  private appSecretProof: string | undefined;

  constructor(
    private readonly credentials: GraphCredentials,
    private readonly options: GraphClientOptions,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_GRAPH_TIMEOUT_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  get phoneNumberId(): string {
    return this.credentials.phoneNumberId;
  }

  get businessAccountId(): string {
    return this.credentials.businessAccountId;
  }

  sendText(to: string, body: string, options: SendOptions & { previewUrl?: boolean } = {}): Promise<SendResult> {
    return this.send(to, { type: 'text', text: { body, preview_url: options.previewUrl ?? false } }, options);
  }

  sendTemplate(to: string, template: TemplateSend, options: SendOptions = {}): Promise<SendResult> {
    const payload = { name: template.name, language: { code: template.language }, components: template.components ?? [] };
    return this.send(to, { type: 'template', template: payload }, options);
  }

  sendMedia(to: string, message: MediaSend, options: SendOptions = {}): Promise<SendResult> {
    const body: Record<string, unknown> = { ...message.media };
    if (message.caption && message.kind !== 'audio' && message.kind !== 'sticker') body.caption = message.caption;
    if (message.filename && message.kind === 'document') body.filename = message.filename;
    return this.send(to, { type: message.kind, [message.kind]: body }, options);
  }

  /** Marks an inbound message (and the earlier ones in the thread) read. */
  async markRead(wamid: string): Promise<void> {
    await this.call('POST', `/${this.credentials.phoneNumberId}/messages`, {
      json: { messaging_product: 'whatsapp', status: 'read', message_id: wamid },
      retry: 'retryable',
    });
  }

  /** Every template of the WABA, following the cursor pages to the end. */
  async listTemplates(): Promise<GraphTemplate[]> {
    const templates: GraphTemplate[] = [];
    const seenCursors = new Set<string>();
    let query: CallOptions['query'] = { fields: TEMPLATE_FIELDS, limit: this.options.templatePageSize ?? 100 };
    for (let page = 0; page < MAX_TEMPLATE_PAGES; page += 1) {
      const result: GraphPage<GraphTemplate> = await this.call<GraphPage<GraphTemplate>>('GET', `/${this.credentials.businessAccountId}/message_templates`, {
        query,
        retry: 'retryable',
      });
      templates.push(...(Array.isArray(result.data) ? result.data : []));
      const after: string | undefined = result.paging?.cursors?.after;
      // Meta omits `next` on the last page; a repeated cursor would loop forever, so it ends the walk too.
      if (!result.paging?.next || !after || seenCursors.has(after)) return templates;
      seenCursors.add(after);
      query = { ...query, after };
    }
    throw new GraphError('transient', 'WhatsApp API returned too many template pages');
  }

  /** Reads one template name: proves the token may manage the WABA (whatsapp_business_management). */
  async probeTemplateAccess(): Promise<void> {
    await this.call('GET', `/${this.credentials.businessAccountId}/message_templates`, {
      query: { fields: 'name', limit: 1 },
      retry: 'retryable',
    });
  }

  /** Uploads a file (its bytes, or a Blob such as `fs.openAsBlob` gives, read as it is sent); answers Meta's media id. */
  async uploadMedia(file: { data: Buffer | Blob; mimeType: string; fileName: string }): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mimeType);
    const blob = file.data instanceof Blob ? file.data : new Blob([new Uint8Array(file.data)], { type: file.mimeType });
    form.set('file', blob, file.fileName);
    const result = await this.call<{ id: string }>('POST', `/${this.credentials.phoneNumberId}/media`, { form, retry: 'throttled' });
    return String(result.id);
  }

  /** A media object's short-lived download URL (valid about five minutes) and metadata. */
  getMedia(mediaId: string): Promise<MediaInfo> {
    return this.call<MediaInfo>('GET', `/${encodeURIComponent(mediaId)}`, {
      query: { phone_number_id: this.credentials.phoneNumberId },
      retry: 'retryable',
    });
  }

  /** Downloads media bytes from the URL `getMedia` gave; the URL needs the same bearer token. */
  async downloadMedia(url: string): Promise<{ data: Buffer; mimeType: string }> {
    const target = new URL(url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new GraphError('terminal', 'Media URL is not http(s)');
    return this.withRetries('retryable', async () => {
      const response = await this.fetchWithTimeout(target, { method: 'GET', headers: this.authHeaders() });
      if (!response.ok) throw GraphError.fromResponse(response.status, (await readJson(response)) as { error?: MetaErrorBody } | undefined);
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MAX_MEDIA_BYTES) throw new GraphError('terminal', 'Media file is larger than 100 MB');
      const data = Buffer.from(await response.arrayBuffer());
      if (data.length > MAX_MEDIA_BYTES) throw new GraphError('terminal', 'Media file is larger than 100 MB');
      return { data, mimeType: response.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream' };
    });
  }

  async deleteMedia(mediaId: string): Promise<void> {
    await this.call('DELETE', `/${encodeURIComponent(mediaId)}`, {
      query: { phone_number_id: this.credentials.phoneNumberId },
      retry: 'retryable',
    });
  }

  /** The number's messaging limit tier (e.g. TIER_2K), or undefined when Meta does not say. */
  async getMessagingLimitTier(): Promise<string | undefined> {
    const answer = await this.call<{ whatsapp_business_manager_messaging_limit?: unknown }>('GET', `/${this.credentials.phoneNumberId}`, {
      query: { fields: 'whatsapp_business_manager_messaging_limit' },
      retry: 'retryable',
    });
    const tier = answer.whatsapp_business_manager_messaging_limit;
    return typeof tier === 'string' ? tier : undefined;
  }

  getPhoneNumber(): Promise<PhoneNumberInfo> {
    return this.call<PhoneNumberInfo>('GET', `/${this.credentials.phoneNumberId}`, { query: { fields: PHONE_FIELDS }, retry: 'retryable' });
  }

  getBusinessAccount(): Promise<BusinessAccountInfo> {
    return this.call<BusinessAccountInfo>('GET', `/${this.credentials.businessAccountId}`, {
      query: { fields: 'id,name,status' },
      retry: 'retryable',
    });
  }

  async listPhoneNumbers(): Promise<PhoneNumberInfo[]> {
    const result = await this.call<GraphPage<PhoneNumberInfo>>('GET', `/${this.credentials.businessAccountId}/phone_numbers`, {
      query: { fields: PHONE_FIELDS, limit: 100 },
      retry: 'retryable',
    });
    return Array.isArray(result.data) ? result.data : [];
  }

  private async send(to: string, message: Record<string, unknown>, options: SendOptions): Promise<SendResult> {
    const json: Record<string, unknown> = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      // With the '+', Meta never prepends the business number's country code.
      to: to.startsWith('+') ? to : `+${to}`,
      ...message,
    };
    if (options.replyTo) json.context = { message_id: options.replyTo };
    if (options.callbackData) json.biz_opaque_callback_data = options.callbackData;
    const result = await this.call<{ messages?: Array<{ id?: string }>; contacts?: Array<{ wa_id?: string }> }>(
      'POST',
      `/${this.credentials.phoneNumberId}/messages`,
      { json, retry: options.retry === false ? 'none' : 'throttled' },
    );
    const wamid = result.messages?.[0]?.id;
    if (!wamid) throw new GraphError('terminal', 'WhatsApp API accepted the message without a message id');
    return { wamid, waId: result.contacts?.[0]?.wa_id };
  }

  private call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, options: CallOptions): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    if (this.options.appSecret) {
      this.appSecretProof ??= createHmac('sha256', this.options.appSecret).update(this.credentials.accessToken).digest('hex');
      url.searchParams.set('appsecret_proof', this.appSecretProof);
    }
    const headers: Record<string, string> = this.authHeaders();
    const { form } = options;
    const json = options.json === undefined ? undefined : JSON.stringify(options.json);
    if (json !== undefined) headers['content-type'] = 'application/json';
    return this.withRetries(options.retry, async () => {
      const answer = form
        ? await this.fetchWithTimeout(url, { method, headers, body: form }).then(async (response) => ({ status: response.status, body: await readJson(response) }))
        : await this.pooled(url, method, headers, json);
      const parsed = answer.body;
      if (answer.status < 200 || answer.status > 299 || (parsed && typeof parsed === 'object' && 'error' in parsed)) {
        throw GraphError.fromResponse(answer.status, parsed as { error?: MetaErrorBody } | undefined);
      }
      return parsed as T;
    });
  }

  /** One JSON call over the keep-alive pools: the status and the parsed body (undefined when not JSON). */
  private pooled(url: URL, method: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; body: unknown }> {
    const transport = url.protocol === 'https:' ? https : http;
    const agent = url.protocol === 'https:' ? POOLS['https:'] : POOLS['http:'];
    return new Promise((resolve, reject) => {
      let done = false;
      // Our messages carry nothing secret (a transport error's own message may carry the URL and its proof).
      const fail = (message: string) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        request.destroy();
        reject(new GraphError('transient', message));
      };
      const timer = setTimeout(() => fail('WhatsApp API did not respond in time'), this.timeoutMs);
      const request = transport.request(
        url,
        { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', () => fail('WhatsApp API did not respond in time'));
          response.on('end', () => {
            if (done) return;
            done = true;
            clearTimeout(timer);
            resolve({ status: response.statusCode ?? 0, body: parseJson(Buffer.concat(chunks).toString('utf8')) });
          });
        },
      );
      request.on('error', () => fail('WhatsApp API could not be reached'));
      request.end(body);
    });
  }

  private async withRetries<T>(mode: RetryMode, attempt: () => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        if (error.kind === 'token_expired' || error.kind === 'permission_denied') this.options.onCredentialFailure?.(error);
        const mayRetry = mode === 'retryable' ? error.retryable : mode === 'throttled' && error.kind === 'throttled';
        if (!mayRetry || retry >= this.retryDelaysMs.length) throw error;
        await sleep(withJitter(this.retryDelaysMs[retry]));
      }
    }
  }

  private async fetchWithTimeout(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      // The fetch error may carry the URL (with the app-secret proof); ours carries nothing secret.
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new GraphError('transient', timedOut ? 'WhatsApp API did not respond in time' : 'WhatsApp API could not be reached');
    }
  }

  private authHeaders(): Record<string, string> {
    return { authorization: `Bearer ${this.credentials.accessToken}` };
  }
}

async function readJson(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new GraphError('transient', 'WhatsApp API did not respond in time');
  }
  return parseJson(text);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function withJitter(ms: number): number {
  return ms === 0 ? 0 : Math.round(ms * (0.75 + Math.random() * 0.5));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

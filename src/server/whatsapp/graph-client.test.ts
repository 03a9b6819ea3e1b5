/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { DEMO_BUSINESS, TEMPLATE_FIXTURES } from '@sandbox/fixtures';
import type { Sandbox } from '@sandbox/sandbox';
import { buildSandboxApp } from '@sandbox/sandbox-plugin';
import { GraphClient, type GraphClientOptions, type GraphCredentials } from './graph-client';
import { classifyMetaError, GraphError } from './graph-error';

const SECRET = 'graph-client-test-secret';
const DEMO: GraphCredentials = {
  accessToken: DEMO_BUSINESS.accessToken,
  phoneNumberId: DEMO_BUSINESS.phoneNumberId,
  businessAccountId: DEMO_BUSINESS.businessAccountId,
};

let server: FastifyInstance;
let sandbox: Sandbox;
let baseUrl: string;

beforeAll(async () => {
  ({ app: server, sandbox } = await buildSandboxApp({
    appSecret: SECRET,
    statusDelaysMs: { sent: 0, delivered: 0, read: 0 },
    slowResponseMs: 1_000,
  }));
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v23.0`;
});

afterAll(async () => {
  await server.close();
});

afterEach(() => sandbox.clearFaults());

function client(credentials: Partial<GraphCredentials> = {}, options: Partial<GraphClientOptions> = {}): GraphClient {
  return new GraphClient({ ...DEMO, ...credentials }, { baseUrl, appSecret: SECRET, retryDelaysMs: [0, 0], ...options });
}

async function failure(promise: Promise<unknown>): Promise<GraphError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GraphError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('Graph API client against the sandbox', () => {
  it('sends a text and answers the wamid and the recipient wa_id', async () => {
    const result = await client().sendText('+971 50 123 4567', 'Hello from Parley');
    expect(result.wamid).toMatch(/^wamid\./);
    expect(result.waId).toBe('971501234567');
  });

  it('sends an approved template with its header, body and button parameters', async () => {
    const result = await client().sendTemplate('971501234567', {
      name: 'welcome_message',
      language: 'en',
      components: [
        { type: 'header', parameters: [{ type: 'text', text: 'Layla' }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Layla' }] },
        { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'BROWSE' }] },
      ],
    });
    expect(result.wamid).toMatch(/^wamid\./);
  });

  it("reports Meta's reason when a template send is refused, as a terminal error", async () => {
    const missingParams = await failure(client().sendTemplate('971501234567', { name: 'order_confirmation', language: 'en_US' }));
    expect(missingParams).toMatchObject({ kind: 'terminal', metaCode: 132000, retryable: false });
    expect(missingParams.message).toContain('number of localizable_params (0) does not match the expected number of params (3)');

    const pending = await failure(client().sendTemplate('971501234567', { name: 'feedback_request', language: 'en' }));
    expect(pending).toMatchObject({ kind: 'terminal', metaCode: 132001 });
  });

  it('uploads media, reads its URL, downloads the same bytes with the bearer token, sends it and deletes it', async () => {
    const bytes = Buffer.from('%PDF-1.4 a tiny test document');
    const graph = client();
    const mediaId = await graph.uploadMedia({ data: bytes, mimeType: 'application/pdf', fileName: 'invoice.pdf' });
    expect(mediaId).toMatch(/^\d+$/);

    const info = await graph.getMedia(mediaId);
    expect(info).toMatchObject({ id: mediaId, mime_type: 'application/pdf', file_size: String(bytes.length) });
    const downloaded = await graph.downloadMedia(info.url);
    expect(downloaded.data.equals(bytes)).toBe(true);
    expect(downloaded.mimeType).toBe('application/pdf');

    const sent = await graph.sendMedia('971501234567', { kind: 'document', media: { id: mediaId }, caption: 'Your invoice', filename: 'invoice.pdf' });
    expect(sent.wamid).toMatch(/^wamid\./);

    await graph.deleteMedia(mediaId);
    expect(await failure(graph.getMedia(mediaId))).toMatchObject({ kind: 'terminal', metaCode: 100 });
  });

  it('refuses an upload of a type WhatsApp does not take', async () => {
    const error = await failure(client().uploadMedia({ data: Buffer.from('MZ'), mimeType: 'application/x-msdownload', fileName: 'a.exe' }));
    expect(error).toMatchObject({ metaCode: 131053, kind: 'terminal' });
  });

  it('marks a message read', async () => {
    await expect(client().markRead('wamid.inbound-1')).resolves.toBeUndefined();
  });

  it('lists every template, following the pages to the end', async () => {
    const templates = await client({}, { templatePageSize: 3 }).listTemplates();
    expect(templates.map((t) => `${t.name}/${t.language}`).sort()).toEqual(
      TEMPLATE_FIXTURES.map((t) => `${t.name}/${t.language}`).sort(),
    );
    expect(new Set(templates.map((t) => t.status))).toEqual(new Set(['APPROVED', 'PENDING', 'REJECTED']));
  });

  it('reads the phone number and business account for the credential test', async () => {
    const graph = client();
    await expect(graph.getPhoneNumber()).resolves.toMatchObject({ id: DEMO.phoneNumberId, verified_name: DEMO_BUSINESS.verifiedName });
    await expect(graph.getBusinessAccount()).resolves.toMatchObject({ id: DEMO.businessAccountId });
    expect((await graph.listPhoneNumbers()).map((n) => n.id)).toContain(DEMO.phoneNumberId);
  });
});

describe('Meta errors, mapped by code', () => {
  it('maps an expired or invalid token to token_expired and tells the owner', async () => {
    const told: GraphError[] = [];
    const error = await failure(client({ accessToken: 'EAAG_EXPIRED_sandbox_token_1' }, { onCredentialFailure: (e) => told.push(e) }).getPhoneNumber());
    expect(error).toMatchObject({ kind: 'token_expired', metaCode: 190, retryable: false });
    expect(told).toHaveLength(1);
    expect(await failure(client({ accessToken: 'short' }).getPhoneNumber())).toMatchObject({ kind: 'token_expired', metaCode: 190 });
  });

  it('maps a missing permission to permission_denied', async () => {
    expect(await failure(client({ accessToken: 'EAAG_NOPERM_sandbox_token_12' }).listTemplates())).toMatchObject({
      kind: 'permission_denied',
      metaCode: 10,
    });
  });

  it("answers another business's ids as not found, terminal", async () => {
    const error = await failure(client({ accessToken: 'EAAGsomeOtherBusinessToken99' }).getPhoneNumber());
    expect(error).toMatchObject({ kind: 'terminal', metaCode: 100, metaSubcode: 33 });
  });

  it('retries a throughput refusal and succeeds when it passes', async () => {
    sandbox.injectFault(DEMO.phoneNumberId, 'throughput', 1);
    await expect(client().sendText('971501234567', 'after one 130429')).resolves.toMatchObject({ wamid: expect.stringMatching(/^wamid\./) });
  });

  it('answers a throughput refusal at once when the send asks for no retry, carrying the callback data', async () => {
    sandbox.injectFault(DEMO.phoneNumberId, 'throughput', 1);
    const refused = await failure(client().sendText('971501234567', 'paced by the caller', { retry: false, callbackData: 'recipient-1' }));
    expect(refused).toMatchObject({ kind: 'throttled', metaCode: 130429 });
    const { wamid } = await client().sendText('971501234567', 'paced by the caller', { retry: false, callbackData: 'recipient-1' });
    expect(sandbox.world.sent.get(wamid)).toMatchObject({ callbackData: 'recipient-1' });
  });

  it('gives up on a lasting throughput limit with a retryable error', async () => {
    sandbox.injectFault(DEMO.phoneNumberId, 'throughput');
    expect(await failure(client().sendText('971501234567', 'never'))).toMatchObject({ kind: 'throttled', metaCode: 130429, retryable: true });
  });

  it('retries reads after a 5xx, but never repeats a send that may have gone through', async () => {
    sandbox.injectFault(DEMO.businessAccountId, 'server_error', 1);
    await expect(client().getBusinessAccount()).resolves.toMatchObject({ id: DEMO.businessAccountId });

    sandbox.injectFault(DEMO.phoneNumberId, 'server_error', 1);
    expect(await failure(client().sendText('971501234567', 'once'))).toMatchObject({ kind: 'transient', metaCode: 2 });
    await expect(client().sendText('971501234567', 'then fine')).resolves.toBeDefined();
  });

  it('times out a slow answer', async () => {
    sandbox.injectFault(DEMO.phoneNumberId, 'slow', 1);
    const error = await failure(client({}, { timeoutMs: 150, retryDelaysMs: [] }).getPhoneNumber());
    expect(error).toMatchObject({ kind: 'transient', message: 'WhatsApp API did not respond in time' });
  });

  it('reports an unreachable API without secrets in the error', async () => {
    const error = await failure(new GraphClient(DEMO, { baseUrl: 'http://127.0.0.1:9/v23.0', appSecret: SECRET, retryDelaysMs: [] }).getPhoneNumber());
    expect(error).toMatchObject({ kind: 'transient', message: 'WhatsApp API could not be reached' });
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain(DEMO.accessToken);
  });

  it('signs every call with appsecret_proof; a wrong app secret is refused', async () => {
    expect(await failure(client({}, { appSecret: 'not-the-app-secret' }).getPhoneNumber())).toMatchObject({ metaCode: 100, kind: 'terminal' });
  });

  it('classifies the code catalogue', () => {
    expect([0, 190, 102].map((code) => classifyMetaError(code))).toEqual(['token_expired', 'token_expired', 'token_expired']);
    expect([3, 10, 200, 294, 131005].map((code) => classifyMetaError(code))).toEqual(Array(5).fill('permission_denied'));
    expect([4, 80007, 130429, 131056].map((code) => classifyMetaError(code))).toEqual(Array(4).fill('throttled'));
    expect([1, 2, 131000, 131016].map((code) => classifyMetaError(code))).toEqual(Array(4).fill('transient'));
    expect([100, 131026, 131047, 132000, 132001].map((code) => classifyMetaError(code))).toEqual(Array(5).fill('terminal'));
    expect(classifyMetaError(135000, true)).toBe('transient');
  });
});

import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import type { WhatsAppConfigRequest } from '@shared/api/whatsapp';
import type { Sandbox } from '@sandbox/sandbox';
import { buildSandboxApp } from '@sandbox/sandbox-plugin';
import type { SandboxNumber } from '@sandbox/world';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { findOrCreateConversation } from '../modules/conversations/conversations-repository';
import { createAppWithAdmin, organizationOf, sharedByFile, type Member, type TestApp } from './test-app';
import { ensureContactForCustomer } from '../modules/contacts/contact-intake-service';
import { recordOutboundMessage } from '../modules/conversations/message-delivery-service';
import { newEncryptionKey } from '../lib/token-cipher';
import { startS3TestServer } from './s3-test-server';

export const TEST_APP_SECRET = 'parley-test-app-secret';

export interface WhatsAppTestKit {
  t: TestApp;
  sandbox: Sandbox;
  /** The sandbox's Graph base URL, as WHATSAPP_API_URL would give it. */
  graphUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

/** The kit's app, with the dispatcher's own timing where a test needs to stage rows without it (see AppConfig). */
export interface KitOptions extends Pick<Partial<AppConfig>, 'broadcastDispatchPollMs' | 'broadcastSummaryFoldMs'> {
  /** Save DEMO_CONFIG as the organization's WhatsApp configuration (default). */
  configured?: boolean;
  /** Where media files go: DATA_DIR (default), or a bucket on a real S3 server (s3rver) started for the kit. */
  mediaStore?: 'disk' | 's3';
}

/**
 * A test file's kit — the product app wired to a real sandbox on a loopback port, the same HTTP the
 * product speaks to Meta, with the sandbox's webhooks handed straight to the app — and the Admin of one
 * organization in it, whose Messaging API is set up with DEMO_CONFIG unless `configured` is false.
 * Status callbacks and customers are instant and deterministic. Close the kit after the file's tests.
 */
export async function createKitWithAdmin({ configured = true, mediaStore = 'disk', ...timing }: KitOptions = {}): Promise<{ kit: WhatsAppTestKit; admin: Member }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-wa-test-'));
  const s3 = mediaStore === 's3' ? await startS3TestServer() : undefined;
  // The sandbox starts first (the app needs its URL); its webhooks reach the app once it exists.
  const target: { app?: FastifyInstance } = {};
  const { app: sandboxApp, sandbox } = await buildSandboxApp({
    appSecret: TEST_APP_SECRET,
    statusDelaysMs: { sent: 0, delivered: 0, read: 0 },
    failureRate: 0,
    readRate: 1,
    replyRate: 0,
    replyDelayMs: 0,
    webhookRetryDelaysMs: [],
    webhookTransport: async (body, headers) => {
      if (!target.app) return 503;
      const response = await target.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', payload: body, headers });
      return response.statusCode;
    },
  });
  await sandboxApp.listen({ port: 0, host: '127.0.0.1' });
  const address = sandboxApp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const graphUrl = `http://127.0.0.1:${port}/v23.0`;
  const { t, admin } = await createAppWithAdmin({
    whatsappApiUrl: graphUrl,
    builtInSandbox: false,
    whatsappAppSecret: TEST_APP_SECRET,
    encryptionKey: newEncryptionKey(),
    graphRetryDelaysMs: [0, 0],
    dataDir,
    mediaStore: s3 ? s3.settings('media') : { kind: 'disk' },
    ...timing,
  });
  target.app = t.app;
  if (configured) await saveConfig(admin);
  const kit: WhatsAppTestKit = {
    t,
    sandbox,
    graphUrl,
    dataDir,
    close: async () => {
      await sandboxApp.close();
      await t.close();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return { kit, admin };
}

/** A test file's kit and Admin, with the Admin's organization. */
export interface FileKit {
  kit: WhatsAppTestKit;
  admin: Member;
  organizationId: string;
}

/** `createKitWithAdmin` for a whole test file: made before its tests, closed after them (see `sharedByFile`). */
export function kitWithAdminForFile(options: KitOptions = {}): FileKit {
  return sharedByFile(
    async () => {
      const { kit, admin } = await createKitWithAdmin(options);
      return { kit, admin, organizationId: organizationOf(admin) };
    },
    (file) => file.kit.close(),
  );
}

/** The demo business's configuration as the settings form sends it. */
export const DEMO_CONFIG: WhatsAppConfigRequest = {
  accessToken: DEMO_BUSINESS.accessToken,
  phoneNumberId: DEMO_BUSINESS.phoneNumberId,
  businessAccountId: DEMO_BUSINESS.businessAccountId,
  webhookVerifyToken: DEMO_BUSINESS.webhookVerifyToken,
};

/** Saves a WhatsApp configuration for the member's organization through the API. */
export async function saveConfig(member: Member, config: Partial<WhatsAppConfigRequest> = {}): Promise<LightMyRequestResponse> {
  const response = await member.request({ method: 'PUT', url: '/api/settings/whatsapp', payload: { ...DEMO_CONFIG, ...config } });
  if (response.statusCode !== 200) throw new Error(`saving the config failed: ${response.statusCode} ${response.body}`);
  return response;
}

/**
 * Stores a configuration whose token Meta has stopped accepting since it was saved (a save checks the
 * token with Meta first, so the API cannot store one): what a revoked or expired token looks like later.
 */
export async function storeUnconfirmedConfig(app: FastifyInstance, member: Member, config: Partial<WhatsAppConfigRequest>): Promise<void> {
  await app.whatsappAccounts.save(organizationOf(member), { ...DEMO_CONFIG, ...config });
}

export function sign(body: string | Buffer, secret = TEST_APP_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Posts a webhook body signed with the test secret. */
export function postWebhook(app: FastifyInstance, payload: unknown, signature?: string): Promise<LightMyRequestResponse> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? sign(body) },
  });
}

/** A sending outbound message (as the inbox stores one before calling the API); answers its id. */
export async function insertOutboundMessage(db: Database, organizationId: string, waId: string, content = 'Hello'): Promise<string> {
  const contactId = await ensureContactForCustomer(db, organizationId, waId, undefined);
  const conversation = await findOrCreateConversation(db, organizationId, contactId);
  return recordOutboundMessage(db, { organizationId, conversationId: conversation.id, contactId, messageType: 'text', content });
}

/** A phone number as the sandbox's webhook builders want it. */
export function sandboxNumber(id: string = DEMO_BUSINESS.phoneNumberId): SandboxNumber {
  return { id, displayPhoneNumber: DEMO_BUSINESS.displayPhoneNumber, verifiedName: DEMO_BUSINESS.verifiedName, lastInbound: new Map() };
}

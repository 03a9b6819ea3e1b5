/** @jest-environment node */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { DEMO_BUSINESS, TEMPLATE_FIXTURES } from '@sandbox/fixtures';
import type { TemplatesResponse } from '@shared/api/templates';
import type { WhatsAppConfigResponse } from '@shared/api/whatsapp';
import { contacts, conversations, mediaFiles, messages } from '../db/schema';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { newEncryptionKey } from '../lib/token-cipher';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoTeam } from './demo-team';
import { seedDemoWhatsApp } from './demo-whatsapp';

let t: TestApp;
let organizationId: string;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-demo-wa-'));

beforeAll(async () => {
  t = await createTestApp({ builtInSandbox: true, encryptionKey: newEncryptionKey(), dataDir });
  const team = await seedDemoTeam(t.database.db);
  organizationId = team.organizationId;
  await seedDemoWhatsApp({ db: t.database.db, config: t.app.config, team, log: t.app.log });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function conversationOf(phoneE164: string) {
  const [row] = await t.database.db
    .select({ conversation: conversations })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.phoneE164, phoneE164)));
  return row.conversation;
}

test('the demo organization is configured against the sandbox, with its templates synced', async () => {
  const admin = await signIn(t.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  const { config } = (await admin.request({ method: 'GET', url: '/api/settings/whatsapp' })).json<WhatsAppConfigResponse>();
  expect(config).toMatchObject({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, businessAccountId: DEMO_BUSINESS.businessAccountId, isActive: true });
  expect((await t.app.whatsappAccounts.load(organizationId))?.accessToken).toBe(DEMO_BUSINESS.accessToken);
  const templates = (await admin.request({ method: 'GET', url: '/api/templates/local' })).json<TemplatesResponse>();
  expect(templates.data).toHaveLength(TEMPLATE_FIXTURES.length);
  expect(templates.lastTemplateSync).not.toBeNull();
});

test('its conversations are lived in: unread messages, windows open and closed, a free entry point, statuses', async () => {
  const layla = await conversationOf('+971501234567');
  expect(layla).toMatchObject({ unreadCount: 1, status: 'open' });
  expect(await t.database.db.$count(messages, eq(messages.conversationId, layla.id))).toBe(3);
  expect(layla.windowExpiresAt!.getTime()).toBeGreaterThan(Date.now());

  const noura = await conversationOf('+966501234567');
  // Wrote through an ad 30 hours ago and had an answer an hour later: the window closed (24 hours, whatever
  // the entry point), the free messages that answer started run on for 72 hours.
  expect(noura.isFreeEntryPoint).toBe(true);
  expect(noura.windowExpiresAt!.getTime()).toBeLessThan(Date.now());
  expect(noura.freeEntryPointExpiresAt!.getTime()).toBe(noura.freeEntryPointAt!.getTime() + 73 * 3_600_000);

  const khalid = await conversationOf('+96550123456');
  expect(khalid.status).toBe('resolved');
  expect(khalid.windowExpiresAt!.getTime()).toBeLessThan(Date.now());

  const [failed] = await t.database.db.select().from(messages).where(eq(messages.conversationId, (await conversationOf('+919812345678')).id));
  expect(failed).toMatchObject({ messageType: 'template', status: 'failed', errorCode: 131049 });
  expect(JSON.parse(failed.content)).toMatchObject({ templateName: 'seasonal_offer', parameters: ['Rohan', '20', '15 April'] });

  const [photo] = await t.database.db.select().from(messages).where(eq(messages.conversationId, (await conversationOf('+919876543210')).id));
  const [file] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, photo.mediaId!));
  expect(existsSync(path.join(dataDir, 'media', file.storageKey!))).toBe(true);
});

/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload } from '@sandbox/payloads';
import { loadConfig, type AppConfig } from '../../config';
import { rowsOf } from '../../db/rows-of';
import { addMemberWith } from '../../testing/fixtures';
import { createTestPostgresDatabase } from '../../testing/test-database';
import { organizationOf, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';
import { newEncryptionKey } from '../../lib/token-cipher';
import { postSignedWebhook, startServerProcess, stopServerProcesses, type ServerProcess } from '../../testing/server-processes';
import { DEMO_CONFIG, sandboxNumber, TEST_APP_SECRET } from '../../testing/whatsapp-test-kit';
import { recordStreamSeen } from '../member-presence';

/**
 * Auto-assignment with two server processes on one PostgreSQL database, each with its own pool and
 * webhook workers: many new customers write at once, every webhook reaching both processes (as Meta
 * may deliver it twice, to any of them). Every conversation must end with exactly one assignee, told
 * once on its timeline, and the round-robin must spread them evenly.
 */

const CUSTOMERS = 60;
let a: ServerProcess;
let b: ServerProcess;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestPostgresDatabase(process.env.DATABASE_URL ?? '');
  dropDatabase = database.drop;
  const config: AppConfig = {
    ...loadConfig({ PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: '0' }),
    clientDir: '/nonexistent',
    // Text messages need no Graph API call: nothing answers here.
    whatsappApiUrl: 'http://127.0.0.1:9/v23.0',
    builtInSandbox: false,
    whatsappAppSecret: TEST_APP_SECRET,
    encryptionKey: newEncryptionKey(),
  };
  a = await startServerProcess(config, database.url);
  b = await startServerProcess(config, database.url);
}, 60_000);

afterAll(async () => {
  await stopServerProcesses([a, b]);
  await dropDatabase?.();
});

it('gives every conversation exactly one assignee, evenly round-robin, while both processes store webhooks at once', async () => {
  const admin = await signUpAdmin(a.app, { organizationName: 'Two Process Round Robin' });
  const organizationId = organizationOf(admin);
  await a.app.whatsappAccounts.save(organizationId, DEMO_CONFIG);
  const onB = { ...admin, request: (options: Parameters<Member['request']>[0]) => b.app.inject({ ...options, headers: { ...options.headers, cookie: admin.cookie } }) };
  const enabled = await onB.request({ method: 'PATCH', url: '/api/organization/settings', payload: { autoAssign: { enabled: true, cap: 100 } } });
  expect(enabled.statusCode).toBe(200);

  const t = { app: a.app, database: a.database } as TestApp;
  const agents: Member[] = [];
  for (let i = 0; i < 3; i += 1) {
    const agent = await addMemberWith(t, organizationId, ['chats:view', 'chats:respond']);
    await recordStreamSeen(a.database.db, organizationId, agent.user.userId);
    agents.push(agent);
  }
  const away = await addMemberWith(t, organizationId, ['chats:view', 'chats:respond']);
  await recordStreamSeen(b.database.db, organizationId, away.user.userId);
  expect((await away.request({ method: 'PUT', url: '/api/me/availability', payload: { availability: 'away' } })).statusCode).toBe(200);

  const bodies = Array.from({ length: CUSTOMERS }, (_, i) => JSON.stringify(inboundPayload(
    DEMO_BUSINESS.businessAccountId,
    sandboxNumber(),
    { waId: `97155${String(2_000_000 + i)}`, name: `Customer ${i}` },
    { id: `wamid.round-robin-${i}`, type: 'text', text: { body: `Question ${i}` } },
    Date.now(),
  )));
  const answers = await Promise.all(bodies.flatMap((body) => [postSignedWebhook(a, body), postSignedWebhook(b, body)]));
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  await Promise.all([a.app.webhookInbox.drain(), b.app.webhookInbox.drain()]);

  const conversations = rowsOf<{ id: string; contact_id: string; assigned_to_user_id: string | null }>(await a.database.db.execute(sql`
    select id, contact_id, assigned_to_user_id from conversations where organization_id = ${organizationId}::uuid`));
  expect(conversations).toHaveLength(CUSTOMERS);
  const agentIds = agents.map((agent) => agent.user.userId);
  expect(conversations.filter((c) => !c.assigned_to_user_id || !agentIds.includes(c.assigned_to_user_id))).toEqual([]);

  const perAgent = agentIds.map((id) => conversations.filter((c) => c.assigned_to_user_id === id).length);
  expect(perAgent).toEqual([CUSTOMERS / 3, CUSTOMERS / 3, CUSTOMERS / 3]);

  // One assignment note per contact: no conversation was assigned twice.
  const notes = rowsOf<{ contact_id: string; n: number }>(await b.database.db.execute(sql`
    select contact_id, count(*)::int as n from contact_notes
    where organization_id = ${organizationId}::uuid and type = 'system' and content like 'Assigned to %'
    group by contact_id`));
  expect(notes).toHaveLength(CUSTOMERS);
  expect(notes.every((note) => note.n === 1)).toBe(true);
});

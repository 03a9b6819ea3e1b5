import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { buildSandboxApp } from '@sandbox/sandbox-plugin';
import { GRAPH_API_VERSION, loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/database';
import { rowsOf } from '../server/db/rows-of';
import { newEncryptionKey } from '../server/lib/token-cipher';
import { createSession } from '../server/modules/members/sessions-service';
import { signUp } from './contacts-import-http';
import { startBenchPostgres } from './contacts-postgres';
import { seedInbox } from './inbox-bench-data';
import { BenchServer, startScript } from './server-process';

/**
 * The live inbox bench's processes and data: PostgreSQL (the benches' throwaway cluster), two Parley
 * processes started as `npm start` starts them on that database (one secret, one key, one DATA_DIR, as
 * README's "Running several processes" asks), a sandbox Graph API to save the WhatsApp settings against,
 * and one organization with `agents` members (`seeAll` of them may see every conversation, the others
 * their own and the unassigned ones), 10,000 conversations and a session per member.
 */

export interface StackShape {
  agents: number;
  seeAll: number;
  conversations: number;
}

export interface BenchAgent {
  userId: string;
  cookie: string;
  seesAll: boolean;
}

export interface BenchConversation {
  id: string;
  /** The customer's number as WhatsApp writes it (digits, no +). */
  waId: string;
  assigneeId: string | null;
  lastSeq: number;
}

export interface LiveStack {
  servers: BenchServer[];
  appSecret: string;
  phoneNumberId: string;
  businessAccountId: string;
  agents: BenchAgent[];
  conversations: BenchConversation[];
  /** The conversations' assignees now (to tell a nudge the member may not hear from one after a change). */
  assigneesOf(ids: string[]): Promise<Map<string, string | null>>;
  stop(): Promise<void>;
}

/** Far above any load here: the bench measures the stream and the reads, not the limiter's 429. */
const NO_RATE_LIMIT = '1000000000';
/** Messages per seeded conversation: the history is not what this bench reads. */
const MESSAGES_PER_CONVERSATION = 10;

async function roleIds(db: Database, organizationId: string): Promise<Record<string, string>> {
  const rows = rowsOf<{ id: string; name: string }>(await db.execute(sql`select id, name from roles where organization_id = ${organizationId}::uuid`));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** The founder (an Admin) and the first `seeAll - 1` others lead a team (Team Lead: chats:view_all); the rest are Agents. */
async function assignRoles(db: Database, organizationId: string, founderId: string, seeAll: number): Promise<void> {
  const roles = await roleIds(db, organizationId);
  await db.execute(sql`
    update memberships m set role_id = case when r.n < ${seeAll}::int then ${roles['Team Lead']}::uuid else ${roles.Agent}::uuid end
    from (select user_id, row_number() over (order by user_id) - 1 as n from memberships
          where organization_id = ${organizationId}::uuid and user_id <> ${founderId}::uuid) r
    where m.organization_id = ${organizationId}::uuid and m.user_id = r.user_id`);
}

async function startServers(databaseUrl: string, dataDir: string, logDir: string, graphUrl: string, appSecret: string): Promise<BenchServer[]> {
  const env = {
    WHATSAPP_API_URL: graphUrl,
    WHATSAPP_APP_SECRET: appSecret,
    PARLEY_ENCRYPTION_KEY: newEncryptionKey(),
    SEED_DEMO: '0',
    RATE_LIMIT_PER_MEMBER: NO_RATE_LIMIT,
    RATE_LIMIT_PER_ORGANIZATION: NO_RATE_LIMIT,
  };
  const servers = [1, 2].map((n) => new BenchServer({ script: startScript('compiled'), dataDir, databaseUrl, logFile: path.join(logDir, `parley-${n}.log`), env }));
  // One after the other: the first start builds the bundle and runs the migrations.
  for (const server of servers) await server.start();
  return servers;
}

export async function startLiveStack(shape: StackShape): Promise<LiveStack | { skipped: string }> {
  const postgres = await startBenchPostgres();
  if ('skipped' in postgres) return postgres;
  const root = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-live-'));
  const appSecret = randomBytes(32).toString('hex');
  const { app: graph } = await buildSandboxApp({ appSecret, customersWriteFirst: false, webhookTransport: async () => 200 });
  const servers: BenchServer[] = [];
  const handle = await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 2 });
  const stop = async () => {
    for (const server of servers) await server.stop();
    await handle.close();
    await graph.close();
    await postgres.stop();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await graph.listen({ port: 0, host: '127.0.0.1' });
    const address = graph.server.address();
    const graphUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/${GRAPH_API_VERSION}`;
    servers.push(...(await startServers(postgres.url, path.join(root, 'data'), root, graphUrl, appSecret)));

    const founder = await signUp(servers[0].origin, 'inbox-live');
    const saved = await fetch(`${servers[0].origin}/api/settings/whatsapp`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: founder.cookie },
      body: JSON.stringify({ accessToken: DEMO_BUSINESS.accessToken, phoneNumberId: DEMO_BUSINESS.phoneNumberId, businessAccountId: DEMO_BUSINESS.businessAccountId, webhookVerifyToken: 'bench-verify' }),
    });
    if (!saved.ok) throw new Error(`saving the WhatsApp settings answered ${saved.status}: ${await saved.text()}`);

    const { organizationId } = founder;
    const [{ user_id: founderId }] = rowsOf<{ user_id: string }>(await handle.db.execute(sql`select user_id from memberships where organization_id = ${organizationId}::uuid`));
    await seedInbox(handle.db, { organizationId, tag: 1, roleIds: await roleIds(handle.db, organizationId), founderUserId: founderId }, {
      members: shape.agents, conversations: shape.conversations, messagesPerConversation: MESSAGES_PER_CONVERSATION,
    });
    await assignRoles(handle.db, organizationId, founderId, shape.seeAll);
    await handle.db.execute(sql`vacuum analyze`);

    const config = loadConfig({});
    const members = rowsOf<{ user_id: string; sees_all: boolean }>(await handle.db.execute(sql`
      select m.user_id, exists (select 1 from role_permissions p where p.role_id = m.role_id and p.permission = 'chats:view_all') as sees_all
      from memberships m where m.organization_id = ${organizationId}::uuid order by m.user_id`));
    const agents: BenchAgent[] = [];
    for (const member of members) {
      const token = await createSession(handle.db, config, member.user_id, organizationId);
      agents.push({ userId: member.user_id, cookie: `parley_session=${token}`, seesAll: member.sees_all });
    }
    const conversations = rowsOf<{ id: string; wa_id: string; assignee: string | null; last_seq: string | number }>(await handle.db.execute(sql`
      select c.id, substr(k.phone_e164, 2) as wa_id, c.assigned_to_user_id as assignee, c.last_seq
      from conversations c join contacts k on k.id = c.contact_id where c.organization_id = ${organizationId}::uuid`))
      .map((row) => ({ id: row.id, waId: row.wa_id, assigneeId: row.assignee, lastSeq: Number(row.last_seq) }));

    const assigneesOf = async (ids: string[]) => {
      if (ids.length === 0) return new Map<string, string | null>();
      const rows = rowsOf<{ id: string; assignee: string | null }>(await handle.db.execute(sql`
        select id, assigned_to_user_id as assignee from conversations where id = any(${`{${ids.join(',')}}`}::uuid[])`));
      return new Map(rows.map((row) => [row.id, row.assignee]));
    };
    return {
      servers, appSecret, phoneNumberId: DEMO_BUSINESS.phoneNumberId, businessAccountId: DEMO_BUSINESS.businessAccountId, agents, conversations, assigneesOf, stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { rowsOf } from '../server/db/rows-of';
import { createOrganization } from '../server/modules/organizations/organizations-service';
import { seedInbox } from './inbox-bench-data';

async function main(): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:55432/explore' });
  const config = { ...loadConfig({ SEED_DEMO: '0', PUBLIC_URL: 'http://127.0.0.1' }), dataDir: '/tmp/inbox-explore/app', clientDir: '/nonexistent' };
  const app = await buildApp(config, { database: handle, logger: false });
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Bench Admin', email: `x${Date.now()}@example.com`, password: 'Bench12345', organizationName: 'Bench Inbox' } });
  const { user } = signup.json<{ user: { userId: string; organization: { organizationId: string } } }>();
  console.log('cookie', signup.cookies.map((c) => `${c.name}=${c.value}`).join('; '), user.organization.organizationId, user.userId);
  const roles = rowsOf<{ id: string; name: string }>(await handle.db.execute(sql`select id, name from roles where organization_id = ${user.organization.organizationId}::uuid`));
  let t = performance.now();
  await seedInbox(handle.db, { organizationId: user.organization.organizationId, tag: 1, roleIds: Object.fromEntries(roles.map((r) => [r.name, r.id])), founderUserId: user.userId }, { members: 20, conversations: 10_000, messagesPerConversation: 100 });
  console.log('main', (performance.now() - t) / 1000); t = performance.now();
  for (const i of [2, 3]) {
    const o = await createOrganization(handle.db, `Other ${i}`);
    await seedInbox(handle.db, { organizationId: o.organizationId, tag: i, roleIds: o.roleIds, founderUserId: null }, { members: 5, conversations: 2_000, messagesPerConversation: 20 });
  }
  console.log('others', (performance.now() - t) / 1000); t = performance.now();
  await handle.db.execute(sql`vacuum analyze`);
  console.log('vacuum', (performance.now() - t) / 1000);
  await app.close();
  await handle.close();
}
void main();

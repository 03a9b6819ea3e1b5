import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { rowsOf } from '../server/db/rows-of';
import { simulateAgents, saturate } from './inbox-load';

async function main(): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:55432/explore' });
  const config = { ...loadConfig({ SEED_DEMO: '0', PUBLIC_URL: 'http://127.0.0.1' }), dataDir: '/tmp/inbox-explore/app', clientDir: '/nonexistent' };
  const app = await buildApp(config, { database: handle, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const cookie = process.argv[2];
  const agents = Number(process.argv[3]);
  const refresh = process.argv[4] === 'refresh';
  const mode = process.argv[5] ?? 'agents';
  const rows = rowsOf<{ id: string; last_seq: string }>(await handle.db.execute(sql`select id, last_seq from conversations where organization_id = '01a20fcf-f5d3-76bf-8602-f9962042dbac' order by id`));
  const open = rows.filter((_, i) => i % 10 === 0).slice(0, agents).map((r) => ({ conversationId: r.id, cursor: Number(r.last_seq) }));
  const cpu = process.cpuUsage();
  const t = performance.now();
  if (mode === 'agents') {
    const result = await simulateAgents({
      port, cookie, open, pollMs: 2000,
      refresh: refresh ? [{ name: 'list', path: '/api/conversations?page=1' }, { name: 'status', path: '/api/conversations/status/counts' }, { name: 'assign', path: '/api/conversations/assignment/counts' }] : [],
      refreshMs: 30000, warmUpMs: 3000, durationMs: 10000,
    });
    console.log(JSON.stringify(result));
  } else {
    const paths = open.map((o) => `/api/conversations/${o.conversationId}/messages/poll?cursor=${o.cursor}`);
    console.log(JSON.stringify(await saturate(`http://127.0.0.1:${port}`, cookie, paths, { connections: Number(process.argv[6] ?? 10), warmUpSeconds: 2, seconds: 8 })));
  }
  const used = process.cpuUsage(cpu);
  console.log('process cpu %', ((used.user + used.system) / 1000 / (performance.now() - t)) * 100);
  await app.close();
  await handle.close();
}
void main();

import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';

async function main(): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:55432/explore', poolSize: 1 });
  const config = { ...loadConfig({ SEED_DEMO: '0', PUBLIC_URL: 'http://127.0.0.1' }), dataDir: '/tmp/inbox-explore/app', clientDir: '/nonexistent' };
  const app = await buildApp(config, { database: handle, logger: false });
  const cookie = process.argv[2];
  for (const url of process.argv.slice(3)) {
    for (let k = 0; k < 7; k += 1) {
      const t = performance.now();
      const r = await app.inject({ method: 'GET', url, headers: { cookie } });
      console.log(url, r.statusCode, (performance.now() - t).toFixed(2), 'ms', r.body.length);
    }
  }
  await app.close();
  await handle.close();
}
void main();

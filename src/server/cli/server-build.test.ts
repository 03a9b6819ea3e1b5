import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Paginated } from '@shared/api/pagination';
import type { Contact } from '@shared/api/contacts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../seed/demo-team';
import { PROJECT_ROOT } from './project-root';
import { buildServer, serverEntry } from './server-build';
import { freePort, waitForHealth } from './start-harness';

/** The bundle `npm start` runs: built into a folder of its own and started with node alone. */
describe('the compiled server', () => {
  let outdir: string;
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    // Inside the project, so the bundle finds node_modules as it does from dist/server.
    outdir = mkdtempSync(path.join(PROJECT_ROOT, '.parley-server-build-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-server-build-data-'));
    await buildServer(outdir);
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on an empty data folder with node alone and serves the API, the demo and the sandbox', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // A clean environment (no DATABASE_URL or Jest's NODE_OPTIONS from the test run: the embedded
    // database and node alone), started from another folder: nothing the bundle reads may depend on
    // the working directory.
    child = spawn(process.execPath, ['--enable-source-maps', serverEntry(outdir)], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: dataDir, PARLEY_SKIP_CLIENT_BUILD: '1', SANDBOX_CUSTOMERS: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(origin, child, 120_000);

    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const contacts = await fetch(`${origin}/api/contacts?limit=100`, { headers: { cookie } });
    expect(contacts.status).toBe(200);
    const page = (await contacts.json()) as Paginated<Contact>;
    expect(page.data.map((contact) => contact.name)).toContain('Mohammed Al Maktoum');

    const sandbox = await fetch(`${origin}/sandbox/graph/_sandbox/pending`);
    expect(sandbox.status).toBe(200);
  }, 180_000);

  it('reports errors with the TypeScript file and line they come from', () => {
    // The database-creating entry refuses to run without its folder argument.
    const result = spawnSync(process.execPath, ['--enable-source-maps', path.join(outdir, 'create-database.js')], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/src\/server\/cli\/create-database\.ts:\d+:\d+/);
  });
});

import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { BenchRow } from './run';

const PG_BIN = '/usr/lib/postgresql/15/bin';

export type PostgresAvailability = { url: string; stop: () => Promise<void> } | { skipped: string };

/** A TCP port nothing listens on now (for a process the bench starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function run(command: string, args: string[], asPostgres: boolean): void {
  const [file, argv] = asPostgres && process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

/** A fresh database on the server at `url` (dropped by `stop`), so a bench never reuses rows. */
async function freshDatabase(url: string, stopServer: () => Promise<void>): Promise<PostgresAvailability> {
  const name = `parley_bench_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    stop: async () => {
      const cleanup = new Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await stopServer();
    },
  };
}

/**
 * PostgreSQL for a bench: DATABASE_URL when set, otherwise a throwaway cluster started from the
 * machine's PostgreSQL 15 (initdb, fsync off, a free port) and removed afterwards. Without
 * either, the PostgreSQL rows are skipped with the reason.
 */
export async function startBenchPostgres(): Promise<PostgresAvailability> {
  if (process.env.DATABASE_URL) return freshDatabase(process.env.DATABASE_URL, async () => undefined);
  if (!existsSync(path.join(PG_BIN, 'initdb'))) return { skipped: `no DATABASE_URL and no PostgreSQL in ${PG_BIN}` };

  const root = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-pg-'));
  const data = path.join(root, 'data');
  const socket = path.join(root, 'sock');
  mkdirSync(data);
  mkdirSync(socket);
  try {
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresUser();
      for (const dir of [root, data, socket]) chownSync(dir, uid, gid);
    }
    const port = await freePort();
    run(path.join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], true);
    const options = `-p ${port} -k ${socket} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=50`;
    run(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-l', path.join(root, 'server.log'), '-w', 'start', '-o', options], true);
    const stopServer = async () => {
      run(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop'], true);
      rmSync(root, { recursive: true, force: true });
    };
    return await freshDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`, stopServer);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    return { skipped: `could not start a throwaway PostgreSQL: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}

function postgresUser(): { uid: number; gid: number } {
  const result = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error('the postgres OS user does not exist');
  return { uid: Number(result.stdout.trim()), gid: Number(group.stdout.trim()) };
}

/** Runs `measure` on the bench's PostgreSQL (stopped afterwards), or answers one row saying why there is none. */
export async function measureOnBenchPostgres(
  skipped: (reason: string) => BenchRow,
  measure: (url: string) => Promise<BenchRow[]>,
): Promise<BenchRow[]> {
  const postgres = await startBenchPostgres();
  if ('skipped' in postgres) return [skipped(`skipped: ${postgres.skipped}`)];
  try {
    return await measure(postgres.url);
  } finally {
    await postgres.stop();
  }
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Client, Pool } from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath: PGlite and PostgreSQL share one dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (from this process or, on PostgreSQL, any other);
   * answers the way to stop. Notifications are delivered once their transaction commits.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The embedded database's files as one tarball (tests start each file from a migrated copy); PGlite only. */
  dump?(): Promise<Blob>;
}

export const MIGRATIONS_FOLDER = path.join(__dirname, 'migrations');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; /** Start from these files (a `dump()`), in memory. */ loadDataDir?: Blob };

/**
 * The embedded engine keeps its shared buffers inside the process's WebAssembly memory, which only ever
 * grows: PostgreSQL's default 128 MB would be resident for good. Its data files sit in the OS page cache
 * anyway, so a small buffer pool costs little speed and keeps the process small.
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB'];

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle pooled connection that the server drops (restart, failover) must not crash the process;
    // the pool discards it and the next query opens a fresh one.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end(), listen: (channel, onPayload) => listenOnPostgres(options.url, channel, onPayload) };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm, btree_gin }, postgresqlconf: PGLITE_SETTINGS,
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    dump: async () => client.dumpDataDir('none'),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
  };
}

/** How long a lost LISTEN connection waits before it connects again. */
const RELISTEN_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), connected again
 * whenever it is lost: notifications sent while it was away are gone, which its listeners must
 * tolerate (a live stream's client refetches after a reconnect).
 */
async function listenOnPostgres(url: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: Client | null = null;
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    const reconnect = () => {
      if (stopped || client !== next) return;
      client = null;
      setTimeout(() => void connect().catch(() => undefined), RELISTEN_MS).unref();
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${escapeIdentifier(channel)}`);
    } catch (error) {
      reconnect();
      throw error;
    }
  };
  await connect();
  return async () => {
    stopped = true;
    const open = client;
    client = null;
    await open?.end().catch(() => undefined);
  };
}

function escapeIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

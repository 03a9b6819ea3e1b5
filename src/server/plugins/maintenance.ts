import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/database';
import { EmbeddedMaintenance } from '../db/embedded-maintenance';

export interface Maintenance {
  /** Call after a bulk write (an import): the embedded database is vacuumed soon; PostgreSQL's autovacuum needs no nudge. */
  afterBulkWrite(): void;
  /** The embedded database's vacuum, now (benchmarks, tests); nothing on PostgreSQL. */
  vacuumNow(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: Maintenance;
  }
}

/**
 * `app.maintenance`: on the embedded database, the vacuum PostgreSQL's autovacuum would do, started when
 * the app is ready and stopped before the database closes. On PostgreSQL, nothing.
 */
export const maintenancePlugin = fp(async (app: FastifyInstance, options: { kind: DatabaseHandle['kind'] }) => {
  if (options.kind !== 'pglite') {
    app.decorate('maintenance', { afterBulkWrite: () => undefined, vacuumNow: async () => undefined });
    return;
  }
  const maintenance = new EmbeddedMaintenance(app.db, app.log);
  app.decorate('maintenance', maintenance);
  app.addHook('onReady', async () => maintenance.start());
  app.addHook('preClose', async () => maintenance.stop());
}, { name: 'maintenance', dependencies: ['database'] });

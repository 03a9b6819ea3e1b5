import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';

/** Makes the database available to every route as `app.db`. */
export const databasePlugin = fp(async (app: FastifyInstance, options: { db: Database }) => {
  app.decorate('db', options.db);
}, { name: 'database' });

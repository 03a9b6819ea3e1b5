import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { sign } from './whatsapp-test-kit';

/**
 * Server processes of one deployment on one PostgreSQL database, as the *.postgres.test.ts files run
 * them: each with its own pool, HTTP port and background workers, driven over HTTP. (Several in one
 * test process: nothing in the server keeps state in module scope.)
 */

export interface ServerProcess {
  app: FastifyInstance;
  database: DatabaseHandle;
  origin: string;
}

export async function startServerProcess(config: AppConfig, url: string): Promise<ServerProcess> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, database, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** Closes the processes that started (a failed start leaves an undefined one). */
export async function stopServerProcesses(servers: ReadonlyArray<ServerProcess | undefined>): Promise<void> {
  for (const server of servers) {
    if (!server) continue;
    await server.app.close();
    await server.database.close();
  }
}

/** Posts a webhook body to the process, signed with the test secret as Meta would sign it. */
export function postSignedWebhook(server: ServerProcess, body: string): Promise<Response> {
  return fetch(`${server.origin}/api/webhooks/whatsapp`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
  });
}

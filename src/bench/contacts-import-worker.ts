/**
 * The contacts-import benches' processes, each in a process of its own so the server's RSS is its own:
 *
 * - `prepare <pglite dir>`: creates the embedded database (initdb leaves ~100 MB behind in the process
 *   that ran it; `npm start` pays that once, on the first start).
 * - `baseline <csv file> <pglite | postgres url> [pglite dir]`: the engine's floor, a bare multi-row
 *   INSERT of the file's good rows into contacts with all its indexes, and then into every table an
 *   import writes, each in one transaction that is then rolled back and vacuumed away, so the import that
 *   follows finds the tables as they were. Prints one JSON line (BaselineMeasurement).
 * - `serve <pglite | postgres url> [pglite dir]`: the whole server on a port, with the members of three
 *   organizations signed in (ServerReady, sent over IPC); it runs until the bench disconnects. An IPC
 *   message (ImportManners) turns the import's giving way to other requests off or on, answered by 'ok'.
 * - `audit <csv file> <organization id> <tag name> <file name> <pglite | postgres url> [pglite dir]`: the
 *   organization's contacts counted against the file's good rows (contacts-import-audit.ts), once the
 *   server that imported it has stopped (the embedded database has one process at a time). Prints one
 *   JSON line (ImportAudit).
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { benchConfig } from './bench-config';
import { openDatabase, type Database, type DatabaseHandle } from '../server/db/database';
import { contacts } from '../server/db/schema';
import { uuidv7 } from '../server/lib/ids';
import { hashPassword } from '../server/modules/auth/passwords';
import { checkCsvStream } from '../server/modules/contact-import/csv-rows';
import { insertMembership } from '../server/modules/members/members-repository';
import { insertUser } from '../server/modules/members/users-repository';
import { insertOrganization } from '../server/modules/organizations/organizations-repository';
import { findAdminRoleId } from '../server/modules/roles/roles-repository';
import { tagContacts } from '../server/modules/tags/contact-tags-repository';
import { insertTag } from '../server/modules/tags/tags-repository';
import { insertSystemEntries } from '../server/modules/timeline/timeline-repository';
import { auditImport, type ImportAudit } from './contacts-import-audit';

export interface BaselineMeasurement {
  rows: number;
  /** The contacts alone. */
  ms: number;
  /** The contacts, their tag links and one timeline entry each: every row an import of new contacts writes. */
  allTablesMs: number;
}

/** An organization where one member imports while another works. */
export interface BusyOrganization {
  importerCookie: string;
  memberCookie: string;
}

/** Organizations of the server: one imports alone, two others while a second member works. */
export interface ServerReady {
  port: number;
  importerCookie: string;
  busy: [BusyOrganization, BusyOrganization];
}

/** Sent to the server worker: whether imports give way to other requests from now on. */
export interface ImportManners {
  importGivesWay: boolean;
}

const PASSWORD = 'Bench12345';
let accounts = 0;
/** An address no other account of this run has (several are made within one millisecond). */
const uniqueEmail = (kind: string) => `${kind}-${process.pid}-${Date.now()}-${(accounts += 1)}@example.com`;

function open(target: string, pgliteDir: string | undefined): Promise<DatabaseHandle> {
  return target === 'pglite' ? openDatabase({ kind: 'pglite', dataDir: pgliteDir }) : openDatabase({ kind: 'postgres', url: target });
}

/**
 * The file's good rows by multi-row INSERT, in the import's batches, in one transaction that is rolled
 * back: into contacts alone, then (a second transaction) into contacts, contact_tags and the timeline, as
 * many rows as an import of new contacts writes to each, with none of its checks.
 */
async function bareInsert(db: Database, csvPath: string): Promise<BaselineMeasurement> {
  const rows = (await checkCsvStream(createReadStream(csvPath))).contacts;
  const organizationId = await insertOrganization(db, 'Bench Baseline');
  const userId = await insertUser(db, { email: `baseline-${process.pid}-${Date.now()}@example.com`, name: 'Bench Baseline', passwordHash: 'unused' });
  const tagId = await insertTag(db, organizationId, { name: 'Bench Baseline', color: '#1976d2', type: 'csv_import' });
  if (!tagId) throw new Error('the baseline tag exists already');
  const timed = async (alsoLinked: boolean): Promise<number> => {
    let ms = 0;
    try {
      await db.transaction(async (tx) => {
        const started = performance.now();
        for (const batch of rows.batches()) {
          const ids = batch.e164s.map(() => uuidv7());
          await tx.execute(sql`
            insert into ${contacts} (id, organization_id, name, country_code, phone_number, phone_e164)
            select r.id, ${organizationId}::uuid, r.name, r.cc, r.pn, r.e164
            from unnest(${sql.param(ids)}::uuid[], ${sql.param(batch.names)}::text[],
                        ${sql.param(batch.countryCodes)}::text[], ${sql.param(batch.phoneNumbers)}::text[],
                        ${sql.param(batch.e164s)}::text[]) as r(id, name, cc, pn, e164)`);
          if (alsoLinked) {
            await tagContacts(tx, organizationId, tagId, ids);
            await insertSystemEntries(tx, { organizationId, userId, contactIds: ids, content: 'Imported from bench.csv with tag "Bench Baseline"' });
          }
        }
        ms = performance.now() - started;
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    await db.execute(sql`vacuum (analyze)`);
    return ms;
  };
  const ms = await timed(false);
  const allTablesMs = await timed(true);
  return { rows: rows.length, ms, allTablesMs };
}

/** The E.164 numbers of the file's good rows, as the import reads them. */
async function fileNumbers(csvPath: string): Promise<string[]> {
  const numbers: string[] = [];
  for (const batch of (await checkCsvStream(createReadStream(csvPath))).contacts.batches()) numbers.push(...batch.e164s);
  return numbers;
}

async function audit(args: string[]): Promise<ImportAudit> {
  const [csvPath, organizationId, tagName, fileName, target, pgliteDir] = args;
  const database = await open(target, pgliteDir);
  try {
    return await auditImport(database.db, { organizationId, tagName, fileName, fileNumbers: await fileNumbers(csvPath) });
  } finally {
    await database.close();
  }
}

async function signUp(app: FastifyInstance): Promise<{ cookie: string; organizationId: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Bench Importer', email: uniqueEmail('importer'), password: PASSWORD, organizationName: 'Bench Import' },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const body = response.json<{ user: { organization: { organizationId: string } } }>();
  return { cookie: response.cookies.map((c) => `${c.name}=${c.value}`).join('; '), organizationId: body.user.organization.organizationId };
}

/** Another member of the organization (its Admin role), signed in. */
async function secondMember(app: FastifyInstance, organizationId: string): Promise<string> {
  const email = uniqueEmail('member');
  const userId = await insertUser(app.db, { email, name: 'Bench Colleague', passwordHash: await hashPassword(PASSWORD) });
  const roleId = await findAdminRoleId(app.db, organizationId);
  if (!roleId) throw new Error('the organization has no Admin role');
  await insertMembership(app.db, { organizationId, userId, roleId });
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

async function serve(target: string, pgliteDir: string | undefined): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-import-'));
  const database = await open(target, pgliteDir);
  const config = benchConfig(dataDir);
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const importer = await signUp(app);
    const busyOrganization = async (): Promise<BusyOrganization> => {
      const busyImporter = await signUp(app);
      return { importerCookie: busyImporter.cookie, memberCookie: await secondMember(app, busyImporter.organizationId) };
    };
    const ready: ServerReady = { port, importerCookie: importer.cookie, busy: [await busyOrganization(), await busyOrganization()] };
    // The routes read the configuration at each request.
    process.on('message', (manners: ImportManners) => {
      config.importGivesWay = manners.importGivesWay;
      process.send?.('ok');
    });
    process.send?.(ready);
    await new Promise<void>((resolve) => process.once('disconnect', resolve));
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === 'prepare') {
    const created = await openDatabase({ kind: 'pglite', dataDir: args[0] });
    await created.close();
  } else if (mode === 'baseline') {
    const [csvPath, target, pgliteDir] = args;
    const database = await open(target, pgliteDir);
    try {
      process.stdout.write(`${JSON.stringify(await bareInsert(database.db, csvPath))}\n`);
    } finally {
      await database.close();
    }
  } else if (mode === 'serve') {
    await serve(args[0], args[1]);
  } else if (mode === 'audit') {
    process.stdout.write(`${JSON.stringify(await audit(args))}\n`);
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

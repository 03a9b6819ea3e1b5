import { openDatabase } from '../db/database';

/**
 * Run by `createEmbeddedDatabaseApart` in a process of its own: creates the embedded database in the
 * folder given as argument and applies the migrations, then exits.
 */
async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: create-database <folder>');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`Creating the embedded database failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates the embedded database in a short-lived process when `dataDir` holds none yet. PGlite creates
 * a database by running initdb in a second WebAssembly instance, whose memory the process that did it
 * keeps resident for good; done apart, the server opens an existing database as on any later
 * start. The child runs the way this process runs: the bundle's sibling entry under node, or the
 * TypeScript source under the same loader (tsx) from src/.
 */
export function createEmbeddedDatabaseApart(dataDir: string): void {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const entry = path.join(__dirname, `create-database${path.extname(__filename)}`);
  const result = spawnSync(process.execPath, [...process.execArgv, entry, dataDir], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Creating the embedded database failed (see the output above)');
}

import { ensureServerBuilt } from './server-build';

/**
 * `npm start`, first step (compiled by esbuild's command line and run with node, so no TypeScript
 * runtime is involved): builds the server into dist/server when its sources changed since the last
 * build. The script's next step runs the bundle with node.
 */
ensureServerBuilt().catch((error: unknown) => {
  process.stderr.write(`Building the server failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

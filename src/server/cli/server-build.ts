import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { buildState, type BuildState } from './build-freshness';
import { PROJECT_ROOT } from './project-root';

/** Where `npm start` builds the server, and runs it from. */
export const SERVER_BUILD_DIR = path.join(PROJECT_ROOT, 'dist/server');

/** The server's entry in a build folder; every build writes it last. */
export const serverEntry = (outdir: string) => path.join(outdir, 'start.js');

/** What the bundle is made of: a change to any of them makes `npm start` rebuild it. */
const SERVER_SOURCES = ['src/server', 'src/shared', 'src/sandbox', 'package.json', 'tsconfig.json'].map((s) => path.join(PROJECT_ROOT, s));

/**
 * The bundle's entry points: the server, and the short-lived process it creates a new embedded
 * database in (embedded-database.ts finds it next to the running code).
 */
const ENTRY_POINTS = { start: 'src/server/cli/start.ts', 'create-database': 'src/server/cli/create-database.ts' };

const MIGRATIONS = path.join(PROJECT_ROOT, 'src/server/db/migrations');

/** The Node version package.json's engines promise (">=20.19" → "node20.19"): what the bundle may use. */
function nodeTarget(): string {
  const { engines } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
  const version = /\d+(\.\d+)*/.exec(engines.node);
  if (!version) throw new Error(`package.json engines.node is not a version: ${engines.node}`);
  return `node${version[0]}`;
}

/**
 * Replaces a file in one step, so a server starting from the same folder while another `npm start`
 * rebuilds it reads the old file or the new one, never half of one.
 */
function writeAtomically(file: string, contents: Uint8Array | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/** Copies a folder tree file by file. */
function copyTree(from: string, to: string): void {
  for (const entry of readdirSync(from)) {
    const source = path.join(from, entry);
    if (statSync(source).isDirectory()) copyTree(source, path.join(to, entry));
    else writeAtomically(path.join(to, entry), readFileSync(source));
  }
}

/**
 * Bundles the server into `outdir`: our code (path aliases resolved) in one CommonJS file per entry
 * point, node_modules left to node, source maps so stack traces name the .ts lines, and the
 * migrations next to it (database.ts reads them from its own folder, which is `outdir` in the bundle).
 */
export async function buildServer(outdir: string): Promise<void> {
  const result = await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: ENTRY_POINTS,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: nodeTarget(),
    packages: 'external',
    tsconfig: path.join(PROJECT_ROOT, 'tsconfig.json'),
    // Stack traces need the mappings only; the sources stay in src/.
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
  });
  copyTree(MIGRATIONS, path.join(outdir, 'migrations'));
  const entry = serverEntry(outdir);
  const files = [...result.outputFiles].sort((a, b) => Number(a.path === entry) - Number(b.path === entry));
  for (const file of files) writeAtomically(file.path, file.contents);
}

/** Builds the server into `outdir` when it is missing or older than its sources; answers what it found. */
export async function ensureServerBuilt(outdir = SERVER_BUILD_DIR): Promise<BuildState> {
  const state = buildState(serverEntry(outdir), SERVER_SOURCES);
  if (state === 'current') return state;
  process.stdout.write(state === 'stale' ? 'The server changed; rebuilding it...\n' : 'Building the server (first start only)...\n');
  await buildServer(outdir);
  return state;
}

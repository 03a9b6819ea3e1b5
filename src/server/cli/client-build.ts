import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const SOURCES = ['src/client', 'src/shared', 'public', 'webpack.config.ts', 'package.json', 'tsconfig.json'];

/** Newest modification time below a path (a file or a folder tree). */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

/**
 * Builds the SPA when it is missing or older than its sources, so `npm start` on a fresh clone, or
 * after a `git pull`, serves what the code says.
 */
export function ensureClientBuilt(clientDir: string): void {
  const index = path.join(clientDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (builtAt > sourcesAt) return;

  process.stdout.write(builtAt ? 'The web app changed; rebuilding it...\n' : 'Building the web app (first start only)...\n');
  const webpack = path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js');
  const result = spawnSync(process.execPath, [webpack, '--mode', 'production'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the web app failed (see the output above)');
}

export const DEFAULT_CLIENT_DIR = path.join(ROOT, 'dist/client');

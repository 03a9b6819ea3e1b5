import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildState } from './build-freshness';
import { PROJECT_ROOT } from './project-root';

const SOURCES = ['src/client', 'src/shared', 'public', 'webpack.config.ts', 'package.json', 'tsconfig.json'].map((s) => path.join(PROJECT_ROOT, s));

/**
 * Builds the SPA when it is missing or older than its sources, so `npm start` on a fresh clone, or
 * after a `git pull`, serves what the code says.
 */
export function ensureClientBuilt(clientDir: string): void {
  const state = buildState(path.join(clientDir, 'index.html'), SOURCES);
  if (state === 'current') return;

  process.stdout.write(state === 'stale' ? 'The web app changed; rebuilding it...\n' : 'Building the web app (first start only)...\n');
  const webpack = path.join(PROJECT_ROOT, 'node_modules/webpack-cli/bin/cli.js');
  const result = spawnSync(process.execPath, [webpack, '--mode', 'production'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the web app failed (see the output above)');
}

export const DEFAULT_CLIENT_DIR = path.join(PROJECT_ROOT, 'dist/client');

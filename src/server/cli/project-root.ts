import { existsSync } from 'node:fs';
import path from 'node:path';

/** The nearest folder at or above `start` holding a package.json. */
export function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

/**
 * The repository's root, found from this file's folder: the same whether the code runs from its
 * sources (src/server/cli, tsx and tests) or from the bundle npm start builds (dist/server).
 */
export const PROJECT_ROOT = findProjectRoot(__dirname);

import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Newest modification time below a path: a file, or a folder tree with the folders' own times (so a
 * deleted or renamed file counts too); 0 when the path does not exist.
 */
export function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

/** A build's output is missing, older than one of its sources, or current. */
export type BuildState = 'missing' | 'stale' | 'current';

/**
 * Compares a build with its sources by modification time. `output` is the file every build writes
 * last, so its time says when the last complete build finished.
 */
export function buildState(output: string, sources: readonly string[]): BuildState {
  if (!existsSync(output)) return 'missing';
  const builtAt = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) >= builtAt) ? 'stale' : 'current';
}

import path from 'node:path';

/** A file name fit to show and to send: the given base name without control characters, or `fallback` when nothing is left. */
export function cleanFileName(given: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(given.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').slice(-200);
  return base || fallback;
}

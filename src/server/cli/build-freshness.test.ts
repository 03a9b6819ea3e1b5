import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildState } from './build-freshness';

/** Whether `npm start` rebuilds (the server, the web app): by the modification times of the sources. */
describe('buildState', () => {
  let root: string;
  const at = (file: string, seconds: number) => utimesSync(path.join(root, file), seconds, seconds);
  const write = (file: string, seconds: number) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
    at(file, seconds);
  };
  const state = () => buildState(path.join(root, 'dist/start.js'), [path.join(root, 'src'), path.join(root, 'package.json'), path.join(root, 'absent.json')]);

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'parley-build-freshness-'));
    write('src/server/app.ts', 1_000);
    write('src/shared/phone.ts', 1_000);
    at('src/server', 1_000);
    at('src/shared', 1_000);
    at('src', 1_000);
    write('package.json', 1_000);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when nothing was built yet', () => {
    expect(state()).toBe('missing');
  });

  it('keeps a build newer than every source (a source that does not exist counts for nothing)', () => {
    write('dist/start.js', 2_000);
    expect(state()).toBe('current');
  });

  it('rebuilds when a file deep in a source folder changed after the build', () => {
    write('dist/start.js', 2_000);
    at('src/shared/phone.ts', 3_000);
    expect(state()).toBe('stale');
  });

  it('rebuilds when a source file was deleted after the build', () => {
    write('dist/start.js', 2_000);
    rmSync(path.join(root, 'src/server/app.ts'));
    expect(state()).toBe('stale');
  });

  it('rebuilds when a single source file changed after the build', () => {
    write('dist/start.js', 2_000);
    at('package.json', 3_000);
    expect(state()).toBe('stale');
  });
});

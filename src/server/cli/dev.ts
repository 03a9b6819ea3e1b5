import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from './project-root';

/**
 * `npm run dev`: the API server in watch mode (restarts on change) and webpack-dev-server with hot
 * reload on DEV_PORT (default 8080), which proxies /api to the server.
 */
const port = process.env.PORT ?? '3000';
const devPort = process.env.DEV_PORT ?? '8080';

const children: ChildProcess[] = [
  spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'src/server/cli/start.ts'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    // The dev server serves the SPA; PUBLIC_URL is where the browser is, so origin checks and links match.
    env: { ...process.env, PARLEY_SKIP_CLIENT_BUILD: '1', PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${devPort}` },
  }),
  spawn(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, DEV_PORT: devPort },
  }),
];

const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stopAll);
process.once('SIGTERM', stopAll);
for (const child of children) child.on('exit', (code) => { if (code) stopAll(); });

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { until } from './until';

const CONFIG = path.resolve(__dirname, '../../../deploy/nginx-parley.conf');

export interface RunningNginx {
  origin: string;
  stop(): Promise<void>;
}

/**
 * nginx (Debian's package) in front of the given Parley processes, with the repository's own
 * configuration (deploy/nginx-parley.conf) on a free port. The test's wrapper adds one header, which
 * process answered (X-Parley-Upstream), so a test can tell where a request or a stream landed.
 */
export async function startNginx(port: number, upstreams: string[]): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'parley-nginx-'));
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, folder));
  const site = readFileSync(CONFIG, 'utf8')
    .replace(/^ {4}server 127\.0\.0\.1:\d+ (.*)$/gm, '')
    .replace('keepalive 32;', `${upstreams.map((origin) => `server ${new URL(origin).host} max_fails=1 fail_timeout=10s;`).join('\n    ')}\n    keepalive 32;`)
    .replace('listen 8080;', `listen 127.0.0.1:${port};`);
  writeFileSync(path.join(prefix, 'parley.conf'), site);
  writeFileSync(path.join(prefix, 'nginx.conf'), [
    'daemon off;',
    // Run as root (CI), nginx's workers would otherwise become `nobody`, who cannot use these folders.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    '  access_log off;',
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((folder) => `  ${folder === 'body' ? 'client_body' : folder}_temp_path ${prefix}/${folder};`),
    '  add_header X-Parley-Upstream $upstream_addr always;',
    `  include ${prefix}/parley.conf;`,
    '}',
  ].join('\n'));
  const child: ChildProcess = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  await until(async () => fetch(`${origin}/api/health`).then((r) => r.status === 200, () => false), 'nginx to answer', 15_000);
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

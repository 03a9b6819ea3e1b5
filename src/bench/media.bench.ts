import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3TestServer, type S3TestServer } from '../server/testing/s3-test-server';
import { signUp } from './contacts-import-http';
import { idleBusy } from './machine-busy';
import { processMemory } from './process-memory';
import type { BenchRow, BenchSuite } from './run';
import { BenchServer, startScript } from './server-process';

/**
 * `npm run bench -- media`: media upload and download through Parley, with files under DATA_DIR and in
 * an S3-compatible bucket (s3rver on this machine), same run: one 100 MB document and fifty 2 MB images,
 * uploaded as template header files (stored, nothing sent to WhatsApp) and fetched through their signed
 * links, three uploads and four downloads at a time. The server's resident memory is sampled throughout; the goal is that it stays
 * under 300 MB above its idle figure (files stream through, never held whole).
 */

const MB = 1_000_000;
const RSS_GOAL_MB = 300;

interface Sample {
  name: string;
  mimeType: string;
  path: string;
  bytes: number;
}

/** A file of `bytes` starting with a real signature, so the content check takes it as its kind. */
async function makeFile(dir: string, name: string, head: Buffer, bytes: number): Promise<string> {
  const file = path.join(dir, name);
  const out = createWriteStream(file);
  out.write(head);
  for (let written = head.length; written < bytes; written += MB) out.write(randomBytes(Math.min(MB, bytes - written)));
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return file;
}

const PDF_HEAD = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');

class RssWatch {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;
  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.sample(), 25);
  }
  sample(): void {
    this.peak = Math.max(this.peak, processMemory(this.pid)?.rss ?? 0);
  }
  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return this.peak;
  }
}

async function upload(origin: string, cookie: string, sample: Sample): Promise<string> {
  const form = new FormData();
  form.append('file', await openAsBlob(sample.path, { type: sample.mimeType }), sample.name);
  const response = await fetch(`${origin}/api/media/template-header`, { method: 'POST', body: form, headers: { cookie } });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { mediaId: string }).mediaId;
}

async function download(origin: string, cookie: string, mediaId: string): Promise<number> {
  const link = await fetch(`${origin}/api/media/${mediaId}/url`, { headers: { cookie } });
  const { url } = (await link.json()) as { url: string };
  const response = await fetch(`${origin}${url}`, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`download answered ${response.status}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
  return bytes;
}

/** Runs `work` over the items, `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  }));
  return results;
}

interface Measured {
  uploadMBps: number;
  downloadMBps: number;
  rssAboveIdleMB: number;
}

async function measure(server: BenchServer, cookie: string, files: Sample[]): Promise<Measured> {
  const idle = processMemory(server.pid)?.rss ?? 0;
  const watch = new RssWatch(server.pid);
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  let started = performance.now();
  // Three at a time: the most uploads one member may have in progress.
  const ids = await inParallel(files, 3, (file) => upload(server.origin, cookie, file));
  const uploadSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const fetched = await inParallel(ids, 4, (id) => download(server.origin, cookie, id));
  const downloadSeconds = (performance.now() - started) / 1000;
  if (fetched.reduce((sum, n) => sum + n, 0) !== bytes) throw new Error('a download came back short');
  const peak = watch.stop();
  return { uploadMBps: bytes / MB / uploadSeconds, downloadMBps: bytes / MB / downloadSeconds, rssAboveIdleMB: (peak - idle) / MB };
}

async function run(): Promise<BenchRow[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-media-'));
  let s3: S3TestServer | undefined;
  const rows: BenchRow[] = [];
  const row = (metric: string, value: string, target?: string) => rows.push({ suite: 'media', metric, value, target });
  try {
    const busy = await idleBusy(2_000);
    row('machine busy before measuring (other processes)', busy === null ? 'unknown' : `${Math.round(busy * 100)}% of ${os.cpus().length} CPUs`);
    const large: Sample[] = [{ name: 'catalogue.pdf', mimeType: 'application/pdf', bytes: 100 * MB, path: await makeFile(work, 'large.pdf', PDF_HEAD, 100 * MB) }];
    const smallPath = await makeFile(work, 'small.png', PNG_HEAD, 2 * MB);
    const small: Sample[] = Array.from({ length: 50 }, (_, i) => ({ name: `photo-${i}.png`, mimeType: 'image/png', bytes: 2 * MB, path: smallPath }));
    s3 = await startS3TestServer();
    const stores: Array<[string, Record<string, string>]> = [
      ['DATA_DIR', {}],
      ['S3 (s3rver)', { MEDIA_STORE: `s3://${s3.bucket}/bench`, S3_ENDPOINT: s3.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' }],
    ];
    const results = new Map<string, Measured>();
    for (const [store, env] of stores) {
      const dataDir = mkdtempSync(path.join(work, 'data-'));
      const server = new BenchServer({ script: startScript('compiled'), dataDir, logFile: path.join(work, 'server.log'), env: { ...env, SEED_DEMO: '0', RATE_LIMIT_PER_MEMBER: '100000' } });
      await server.start();
      try {
        const { cookie } = await signUp(server.origin, `media-${store.replace(/\W/g, '')}`);
        for (const [shape, files] of [['1 × 100 MB', large], ['50 × 2 MB', small]] as const) {
          const measured = await measure(server, cookie, [...files]);
          results.set(`${store} ${shape}`, measured);
          row(`${store}, ${shape}: upload`, `${measured.uploadMBps.toFixed(1)} MB/s`);
          row(`${store}, ${shape}: download`, `${measured.downloadMBps.toFixed(1)} MB/s`);
          row(`${store}, ${shape}: server RSS above idle (peak)`, `${measured.rssAboveIdleMB.toFixed(0)} MB`, `< ${RSS_GOAL_MB} MB`);
        }
      } finally {
        await server.stop();
      }
    }
    for (const shape of ['1 × 100 MB', '50 × 2 MB']) {
      const disk = results.get(`DATA_DIR ${shape}`);
      const bucket = results.get(`S3 (s3rver) ${shape}`);
      if (!disk || !bucket) continue;
      row(`${shape}: S3 ÷ DATA_DIR upload speed`, `${(bucket.uploadMBps / disk.uploadMBps).toFixed(2)}×`);
      row(`${shape}: S3 ÷ DATA_DIR download speed`, `${(bucket.downloadMBps / disk.downloadMBps).toFixed(2)}×`);
    }
  } finally {
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

export const mediaBench: BenchSuite = { name: 'media', run };

import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { failureCode, nowMs, spreadOf, StatusTally, type Spread } from './abuse-stats';

/**
 * The attacker's uploads: crafted contact-import files the CSV checks must refuse early, and oversized
 * "images" to the media route, each sent by several parallel loops again and again until the phase ends.
 */

export interface KindTally {
  answers: StatusTally;
  answeredIn: number[];
  /** The longest wait of a request that got no answer (cut at the phase's end, or failed). */
  longestUnanswered: number;
}

export interface UploadFlood {
  answers: StatusTally;
  /** The same answers per kind of request (which file, which contact), with their times to an answer. */
  byKind: Map<string, KindTally>;
  /** From each request's start to its answer (answered requests only). */
  answeredIn: Spread;
  sent: number;
}

/** Where the attacker's requests go and who it is. */
export interface Attacker {
  origin: string;
  cookie: string;
}

interface Answer {
  status: number | string;
  /** From the request's start to its answer, or to the failure or the phase's end. */
  ms: number;
  answered: boolean;
}

export interface Kind<T> {
  label: string;
  request: T;
}

/**
 * `parallel` loops, each sending its next request (the kinds in turn) as soon as the last is answered,
 * until `until`; a request still running then is aborted (and counted as cut at the phase end), so the
 * phase ends on time.
 */
async function repeatUntil<T>(until: number, parallel: number, kinds: Array<Kind<T>>, send: (request: T, signal: AbortSignal) => Promise<Answer>): Promise<UploadFlood> {
  const flood: UploadFlood = { answers: new StatusTally(), byKind: new Map(), answeredIn: spreadOf([]), sent: 0 };
  for (const kind of kinds) flood.byKind.set(kind.label, { answers: new StatusTally(), answeredIn: [], longestUnanswered: 0 });
  const times: number[] = [];
  const phaseEnd = new AbortController();
  const timer = setTimeout(() => phaseEnd.abort(), Math.max(0, until - nowMs()));
  const loop = async () => {
    while (nowMs() < until) {
      const kind = kinds[flood.sent++ % kinds.length];
      const answer = await send(kind.request, phaseEnd.signal);
      const tally = flood.byKind.get(kind.label);
      flood.answers.add(answer.status);
      tally?.answers.add(answer.status);
      if (answer.answered) {
        times.push(answer.ms);
        tally?.answeredIn.push(answer.ms);
      } else if (tally) {
        tally.longestUnanswered = Math.max(tally.longestUnanswered, answer.ms);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: parallel }, loop));
  } finally {
    clearTimeout(timer);
    phaseEnd.abort();
  }
  flood.answeredIn = spreadOf(times);
  return flood;
}

/**
 * A file part's bytes, generated as they are sent (never held whole): `first`, then `filler` again and
 * again (the last copy cut) up to `size` bytes in all.
 */
export interface StreamedFile {
  fileName: string;
  type: string;
  first: Buffer;
  filler: Buffer;
  size: number;
}

const CHUNK = 64 * 1024;

/** `pattern` repeated to one chunk: the patterns' lengths divide it, so the repeats line up. */
const repeated = (pattern: string) => Buffer.from(pattern.repeat(CHUNK / pattern.length));

/**
 * The crafted import files, each the header line and then ~`bytes` of one abuse: an unterminated quote,
 * one endless line, a million columns, and quote/newline alternating (many tiny records, each a quoted
 * field across lines). All but the last break the per-record bound long before their end.
 */
export function craftedCsvFiles(bytes: number): Array<Kind<StreamedFile>> {
  const csv = (pattern: string, size: number): StreamedFile => {
    const first = Buffer.from('mobile,name\n');
    return { fileName: 'contacts.csv', type: 'text/csv', first, filler: repeated(pattern), size: first.length + size };
  };
  return [
    { label: 'unterminated quote', request: csv('"', bytes) },
    { label: 'one line, no newline', request: csv('9', bytes) },
    { label: 'a million columns', request: csv(',', 1_000_000) },
    { label: 'quote/newline alternating', request: csv('"\n', bytes) },
  ];
}

const JPEG_START = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
/** Made once: generating 100 MB per upload would take the bench's CPU from the server. */
const ZEROS = Buffer.alloc(CHUNK);
const RANDOM = randomBytes(CHUNK);

/** An oversized "image": a JPEG's first bytes then zeros (far over the image limit), or random bytes (no known type). */
export function oversizedFile(content: 'jpeg' | 'random', size: number): StreamedFile {
  return content === 'jpeg'
    ? { fileName: 'photo.jpg', type: 'image/jpeg', first: JPEG_START, filler: ZEROS, size }
    : { fileName: 'photo.bin', type: 'application/octet-stream', first: Buffer.alloc(0), filler: RANDOM, size };
}

/** A multipart upload: its text fields, then the one `file` part. */
export interface StreamedUpload {
  path: string;
  fields: Record<string, string>;
  file: StreamedFile;
}

function multipartFrame(upload: StreamedUpload, boundary: string): { head: Buffer; tail: Buffer } {
  const fields = Object.entries(upload.fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const { fileName, type } = upload.file;
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return { head: Buffer.from(fields + fileHead), tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
}

/** Resolves once the stream can take more, or once it is closed (then nothing more is written). */
function drained(request: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    if (request.destroyed) {
      resolve();
      return;
    }
    const done = () => {
      request.off('drain', done);
      request.off('close', done);
      resolve();
    };
    request.on('drain', done);
    request.on('close', done);
  });
}

/** Writes the file's bytes chunk by chunk, waiting for the socket; stops as soon as `stopped()` says so. */
async function writeFile(request: http.ClientRequest, file: StreamedFile, stopped: () => boolean): Promise<void> {
  if (file.first.length && !request.write(file.first)) await drained(request);
  for (let written = file.first.length; written < file.size && !stopped();) {
    const chunk = file.filler.subarray(0, Math.min(file.filler.length, file.size - written));
    written += chunk.length;
    if (!request.write(chunk)) await drained(request);
  }
}

/**
 * POSTs the upload with node:http, the file streamed with back-pressure. Once the server answers, the
 * rest is not sent: what is measured is how soon it refused. (fetch is not used: with a body the server
 * refuses before reading it all, undici's fetch sometimes never settled, where curl and node:http get
 * the answer at once.)
 */
function postStreamed(attacker: Attacker, upload: StreamedUpload, signal: AbortSignal): Promise<Answer> {
  const boundary = `----abuse${randomUUID()}`;
  const { head, tail } = multipartFrame(upload, boundary);
  const url = new URL(upload.path, attacker.origin);
  const started = nowMs();
  return new Promise((resolve) => {
    let settled = false;
    const request = http.request({
      host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false,
      headers: {
        cookie: attacker.cookie, origin: attacker.origin,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + upload.file.size + tail.length,
      },
    });
    const finish = (status: number | string, answered: boolean) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      request.destroy();
      resolve({ status, ms: nowMs() - started, answered });
    };
    const onAbort = () => finish('cut at phase end', false);
    signal.addEventListener('abort', onAbort, { once: true });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => finish(response.statusCode ?? 0, true));
      response.on('error', () => finish(response.statusCode ?? 0, true));
    });
    request.on('error', (error) => finish(signal.aborted ? 'cut at phase end' : `no answer (${failureCode(error)})`, false));
    request.write(head);
    void writeFile(request, upload.file, () => settled).then(() => {
      if (!settled) request.end(tail);
    });
  });
}

/** POST /api/tags/import (Import Contacts), the crafted files in turn, as the browser's form sends them. */
export function floodCraftedCsv(attacker: Attacker, files: Array<Kind<StreamedFile>>, parallel: number, until: number): Promise<UploadFlood> {
  return repeatUntil(until, parallel, files, (file, signal) => postStreamed(attacker, { path: '/api/tags/import', fields: { tagName: 'Abuse' }, file }, signal));
}

/** One oversized media upload: whose contact it names, and its file. */
export interface OversizedUpload {
  contactId: string;
  file: StreamedFile;
}

/** POST /api/media/upload with the fields the chat's form sends (a fresh client id each time, so none is a repeat). */
export function floodOversizedMedia(attacker: Attacker, uploads: Array<Kind<OversizedUpload>>, parallel: number, until: number): Promise<UploadFlood> {
  return repeatUntil(until, parallel, uploads, (upload, signal) => postStreamed(attacker, {
    path: '/api/media/upload', fields: { contactId: upload.contactId, caption: 'look', clientId: randomUUID() }, file: upload.file,
  }, signal));
}

/** The bytes of every file under `dir` (0 when it does not exist yet); files removed meanwhile are skipped. */
export function folderBytes(dir: string): number {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    try {
      const stats = statSync(path.join(dir, entry));
      if (stats.isFile()) total += stats.size;
    } catch {
      // removed between the listing and the stat: the server cleaned it up
    }
  }
  return total;
}

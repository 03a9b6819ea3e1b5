import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { nowMs, sleep, sleepUntil, spreadOf, StatusTally, type Spread } from './abuse-stats';

/**
 * Slow-body clients: raw TCP connections that send a complete request head announcing a body, then
 * one byte of it every few seconds, each holding a connection (and a file descriptor on both ends) for
 * as long as the server lets it.
 */

export interface TrickleOptions {
  origin: string;
  path: string;
  connections: number;
  /** One body byte per connection this often. */
  byteEveryMs: number;
  /** Announced body length: far more than the phase can trickle, so no body ever completes. */
  contentLength: number;
  /** When the phase ends: every connection still open is closed by the bench. */
  until: number;
}

export interface TrickleResult {
  opened: number;
  /** Connections that could not be opened (refused, reset, out of descriptors). */
  failedToOpen: StatusTally;
  /** Closed by the server before the phase ended. */
  cutByServer: number;
  /** From the request head's send to the server's close, for those. */
  cutAfter: Spread;
  /** Status lines the server wrote before closing (none is expected: the deadline just closes). */
  answers: StatusTally;
  stillOpenAtEnd: number;
}

/** Connections are opened in batches, so the server's accept backlog (511) is not what refuses them. */
const OPEN_BATCH = 100;
const OPEN_BATCH_GAP_MS = 50;

/** The shell's `ulimit -n` (the server inherits the same limit), or null when it cannot be read. */
export function fileDescriptorLimit(): number | null {
  try {
    const limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
    return Number.isFinite(limit) ? limit : null;
  } catch {
    return null;
  }
}

/**
 * How many trickling connections to open: the wanted number, within the descriptor limit (each one
 * takes a descriptor here and one in the server, which also needs its own files and database).
 */
export function trickleConnections(wanted: number): number {
  const limit = fileDescriptorLimit();
  return limit === null ? Math.min(wanted, 500) : Math.max(1, Math.min(wanted, Math.floor((limit - 256) / 2)));
}

interface Trickler {
  socket: net.Socket;
  headSentAt: number | null;
  closedBy: 'server' | 'bench' | null;
  closedAt: number | null;
}

function requestHead(options: TrickleOptions): string {
  const { host, origin } = new URL(options.origin);
  return [
    `POST ${options.path} HTTP/1.1`,
    `Host: ${host}`,
    `Origin: ${origin}`,
    'Content-Type: application/json',
    `Content-Length: ${options.contentLength}`,
    '',
    '',
  ].join('\r\n');
}

function openTrickler(options: TrickleOptions, head: string, result: TrickleResult): Trickler {
  const { hostname, port } = new URL(options.origin);
  const trickler: Trickler = { socket: net.connect({ host: hostname, port: Number(port) }), headSentAt: null, closedBy: null, closedAt: null };
  const { socket } = trickler;
  socket.setNoDelay(true);
  socket.once('connect', () => {
    result.opened += 1;
    // The head and the body's first byte: the server's body deadline starts now.
    socket.write(`${head}{`);
    trickler.headSentAt = nowMs();
  });
  socket.on('data', (chunk: Buffer) => {
    const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'));
    if (status) result.answers.add(status[1]);
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (trickler.headSentAt === null) result.failedToOpen.add(error.code ?? error.name);
  });
  socket.once('close', () => {
    if (trickler.closedBy !== null) return;
    trickler.closedBy = 'server';
    trickler.closedAt = nowMs();
  });
  return trickler;
}

/** Opens the connections, trickles a byte on each every `byteEveryMs`, and closes what is left at `until`. */
export async function trickleBodies(options: TrickleOptions): Promise<TrickleResult> {
  const result: TrickleResult = {
    opened: 0, failedToOpen: new StatusTally(), cutByServer: 0, cutAfter: spreadOf([]), answers: new StatusTally(), stillOpenAtEnd: 0,
  };
  const head = requestHead(options);
  const tricklers: Trickler[] = [];
  const drip = setInterval(() => {
    for (const t of tricklers) if (t.headSentAt !== null && t.closedBy === null) t.socket.write(' ');
  }, options.byteEveryMs);
  try {
    for (let i = 0; i < options.connections && nowMs() < options.until; i += OPEN_BATCH) {
      const batch = Math.min(OPEN_BATCH, options.connections - i);
      for (let j = 0; j < batch; j += 1) tricklers.push(openTrickler(options, head, result));
      await sleep(OPEN_BATCH_GAP_MS);
    }
    await sleepUntil(options.until);
  } finally {
    clearInterval(drip);
    for (const t of tricklers) {
      if (t.closedBy !== null) continue;
      t.closedBy = 'bench';
      if (t.headSentAt !== null) result.stillOpenAtEnd += 1;
      t.socket.destroy();
    }
  }
  const cut = tricklers.filter((t) => t.closedBy === 'server' && t.headSentAt !== null && t.closedAt !== null);
  result.cutByServer = cut.length;
  result.cutAfter = spreadOf(cut.map((t) => (t.closedAt ?? 0) - (t.headSentAt ?? 0)));
  return result;
}

import { Client } from 'pg';
import { RECIPIENT_STATES, type Broadcast } from '@shared/api/broadcasts';
import type { ParleyApi, SandboxControl } from './broadcast-clients';

/**
 * What the broadcast benches check: the database's recipients beside the sandbox's count of accepted
 * sends per number — the sandbox is Meta here, so its counts are what the customers received.
 */

export interface Audit {
  recipients: number;
  /** Recipients per state in the database. */
  states: Record<string, number>;
  /** Recipients Meta accepted more than once. */
  duplicates: number;
  /** Recipients Meta never accepted and the database does not show as failed: total − accepted − failed. */
  lost: number;
  /** Recipients still pending, sending or cancelled: never settled. */
  neverAttempted: number;
  /** Recipients shown as unknown (ambiguous), split by whether Meta had in fact accepted them. */
  unknown: number;
  unknownAccepted: number;
  /** Recipients the database shows as sent that Meta never accepted (none should be). */
  sentNotAccepted: number;
}

/** A connection for the benches' own reads. */
export async function connect(databaseUrl: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

export async function audit(db: Client, broadcastId: string, counts: Map<string, number>): Promise<Audit> {
  const { rows } = await db.query<{ state: string; phone: string }>(
    `select r.state, c.phone_e164 as phone from broadcast_recipients r join contacts c on c.id = r.contact_id where r.broadcast_id = $1`,
    [broadcastId],
  );
  const result: Audit = { recipients: rows.length, states: {}, duplicates: 0, lost: 0, neverAttempted: 0, unknown: 0, unknownAccepted: 0, sentNotAccepted: 0 };
  for (const { state, phone } of rows) {
    const accepted = counts.get(phone.replace(/\D/g, '')) ?? 0;
    result.states[state] = (result.states[state] ?? 0) + 1;
    if (accepted > 1) result.duplicates += 1;
    if (accepted === 0 && state !== 'failed') result.lost += 1;
    if (state === 'pending' || state === 'sending' || state === 'cancelled') result.neverAttempted += 1;
    if (state === 'ambiguous') {
      result.unknown += 1;
      if (accepted > 0) result.unknownAccepted += 1;
    }
    if (state === 'sent' && accepted === 0) result.sentNotAccepted += 1;
  }
  // In the states' own order, whatever order the rows came in.
  result.states = Object.fromEntries(RECIPIENT_STATES.flatMap((state) => (result.states[state] ? [[state, result.states[state]]] : [])));
  return result;
}

/** Recipients of the broadcast claimed for sending whose answer is not stored yet (`sending`). */
export async function sendingIds(db: Client, broadcastId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(`select id from broadcast_recipients where broadcast_id = $1 and state = 'sending'`, [broadcastId]);
  return rows.map((r) => r.id);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Settled {
  broadcast: Broadcast;
  /** Left after the grace period: the sandbox's undelivered callbacks, Parley's unprocessed webhook events. */
  sandboxPending: number;
  unprocessedEvents: number;
}

/**
 * Waits until the broadcast is settled (completed or failed, nothing pending or sending), then — for
 * at most `graceMs` — until the sandbox has no callback left to deliver and Parley no webhook event
 * left to process, so late status callbacks have reconciled what they can. Reports progress every 5 s.
 */
export async function waitUntilSettled(
  api: ParleyApi,
  sandbox: SandboxControl,
  db: Client,
  broadcastId: string,
  { timeoutMs, graceMs = 120_000, report }: { timeoutMs: number; graceMs?: number; report?: (broadcast: Broadcast) => void },
): Promise<Settled> {
  const deadline = Date.now() + timeoutMs;
  let broadcast = await api.broadcast(broadcastId);
  let reported = Date.now();
  while (!(['completed', 'failed'].includes(broadcast.status) && broadcast.pendingCount === 0)) {
    if (Date.now() > deadline) throw new Error(`broadcast not settled after ${timeoutMs / 1000} s: ${JSON.stringify(broadcast)}`);
    if (report && Date.now() - reported > 5_000) {
      report(broadcast);
      reported = Date.now();
    }
    await sleep(500);
    broadcast = await api.broadcast(broadcastId);
  }
  const graceEnds = Date.now() + graceMs;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from webhook_events where processed_at is null and dead_at is null`);
    const sandboxPending = await sandbox.pending();
    if ((sandboxPending === 0 && rows[0].n === 0) || Date.now() > graceEnds) {
      return { broadcast: await api.broadcast(broadcastId), sandboxPending, unprocessedEvents: rows[0].n };
    }
    await sleep(500);
  }
}

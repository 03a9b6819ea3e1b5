/** @jest-environment node */
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { GraphError } from '../../whatsapp/graph-error';
import { lockBroadcast } from './broadcasts-repository';
import { deleteBroadcast, retryFailedRecipients } from './broadcasts-service';
import { DEFAULT_RETRY_POLICY } from './dispatch-outcomes';
import { completeBroadcasts, settleBatch } from './dispatch-service';
import {
  broadcastCustomer, broadcastRow, dispatchSuite, interruptedSends, queueBroadcast, recipientRows, setBroadcastStatus,
} from './dispatch-test-fixtures';

/**
 * The broadcasts' lock order on PostgreSQL, with transactions really overlapping (several connections):
 * a broadcast's row is locked after its recipients' rows, never before, and a completion reads the
 * recipients only once it holds the broadcast's row.
 */

const { suite, db } = dispatchSuite();

const tokenRefused = GraphError.fromResponse(401, { error: { code: 190, message: 'Error validating access token: Session has expired' } });
const templateRefused = GraphError.fromResponse(400, { error: { code: 132000, message: '(#132000) Number of parameters does not match' } });

/** Resolves once `n` sessions of this database wait for a lock. */
async function lockWaiters(n: number): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const [row] = rowsOf<{ n: number }>(await db().execute(sql`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`));
    if (Number(row?.n) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${n} sessions waited for a lock`);
}

/** A transaction that holds the broadcast's row until `release` is called. */
async function holdBroadcast(broadcastId: string): Promise<{ release: () => Promise<void> }> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let locked = (): void => undefined;
  const isLocked = new Promise<void>((resolve) => { locked = resolve; });
  const holding = db().transaction(async (tx) => {
    await lockBroadcast(tx, suite.organizationId, broadcastId);
    locked();
    await released;
  });
  await isLocked;
  return { release: async () => { release(); await holding; } };
}

/** `database`, except that `beforeCommit` runs at the end of each of its transactions, before it commits. */
function withBeforeCommit(database: Database, beforeCommit: () => Promise<void>): Database {
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
      const transaction: Database['transaction'] = (run, config) => target.transaction(async (tx: Transaction) => {
        const result = await run(tx);
        await beforeCommit();
        return result;
      }, config);
      return transaction;
    },
  });
}

it('deleting a broadcast while a refused token pauses it: no deadlock, the delete wins and the settle finds nothing left', async () => {
  const queued = await queueBroadcast(db(), suite.organizationId, { waIds: [broadcastCustomer()], status: 'paused' });
  const batch = await interruptedSends(db(), suite.organizationId, queued, 60);
  await setBroadcastStatus(db(), queued.broadcastId, 'processing');
  const holder = await holdBroadcast(queued.broadcastId);

  // The delete queues first for the broadcast's row, then the settle (which will pause the broadcast).
  const deleting = deleteBroadcast(db(), suite.organizationId, queued.broadcastId);
  await lockWaiters(1);
  const settling = settleBatch(db(), batch, [{ kind: 'error', error: tokenRefused }], DEFAULT_RETRY_POLICY);
  await lockWaiters(2);
  await holder.release();

  await expect(deleting).resolves.toEqual({ message: expect.any(String) });
  await expect(settling).resolves.toMatchObject({ paused: [] });
  expect(await broadcastRow(db(), queued.broadcastId)).toBeUndefined();
});

it('"Retry failed" committing while a completion waits for the broadcast: the completion sees the requeued recipient', async () => {
  const queued = await queueBroadcast(db(), suite.organizationId, { waIds: [broadcastCustomer(), broadcastCustomer()], status: 'paused' });
  const batch = await interruptedSends(db(), suite.organizationId, queued, 60);
  await settleBatch(db(), batch, [{ kind: 'accepted', wamid: `wamid.lock-order-${queued.broadcastId}` }, { kind: 'error', error: templateRefused }], DEFAULT_RETRY_POLICY);
  // Every recipient settled, one failed; the completion for the last settle has not run yet.
  await setBroadcastStatus(db(), queued.broadcastId, 'processing');

  let completing: Promise<void> = Promise.resolve();
  const retrying = retryFailedRecipients(withBeforeCommit(db(), async () => {
    completing = completeBroadcasts(db(), [queued.broadcastId]);
    await lockWaiters(1);
  }), suite.organizationId, queued.broadcastId);

  await expect(retrying).resolves.toEqual({ requeued: 1 });
  await completing;
  expect(await broadcastRow(db(), queued.broadcastId)).toMatchObject({ status: 'processing', completedAt: null });
  const states = (await recipientRows(db(), suite.organizationId, queued.broadcastId)).map((row) => row.state);
  expect(states.filter((state) => state === 'sent')).toHaveLength(1);
  expect(states.filter((state) => state !== 'sent')).toEqual([expect.stringMatching(/^(pending|sending)$/)]);
});

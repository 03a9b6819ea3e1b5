import type { Database } from '../../db/database';
import { DELIVERY_RANK, type StatusUpdate, lockOutboundMessages, recordOutboundOutcomes } from '../conversations';
import { applyRecipientReports, findRecipientStates, lockQueuedRecipients, type RecipientReport } from './recipients-repository';
import { completeBroadcasts } from './dispatch-service';
import { noteRecipientChanges } from '../broadcast-summary';

/** A status webhook, with the `biz_opaque_callback_data` its send carried (a broadcast send's recipient id). */
export interface CallbackStatus extends StatusUpdate {
  callbackData: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Settles broadcast recipients from status webhooks that name them (the recipient id travels in
 * biz_opaque_callback_data): a recipient whose send was interrupted or is still waiting for Meta's
 * answer becomes `sent` (or `failed` with Meta's code and reason) and its message takes the wamid if
 * it has none; a `sent` one becomes `failed` when Meta reports its message failed; a queued one whose
 * last send was never answered (Send again queued it) becomes `sent` when Meta reports that send
 * accepted, so it is not sent a second time. Runs before the
 * statuses are merged into the messages, so they land on the message this attaches. A callback naming
 * another organization's row, or no row, changes nothing. Answers how many recipients changed.
 */
export async function reconcileRecipients(db: Database, organizationId: string, statuses: readonly CallbackStatus[]): Promise<number> {
  const reports = foldReports(statuses);
  if (reports.length === 0) return 0;
  // Most reports are for recipients the send's answer already settled: read first, lock only for the others.
  const stored = new Map((await findRecipientStates(db, organizationId, reports.map((report) => report.id))).map((row) => [row.id, row]));
  const named = reports.filter((report) => {
    const row = stored.get(report.id);
    if (!row) return false;
    if (row.state === 'sending' || row.state === 'ambiguous') return true;
    if (row.state === 'pending') return report.outcome === 'sent';
    return row.state === 'sent' && report.outcome === 'failed' && (row.wamid === null || row.wamid === report.wamid);
  });
  if (named.length === 0) return 0;

  const changed = await db.transaction(async (tx) => {
    // Queued rows first, and only those no claim holds: a claim locks its rows before their
    // conversations, the reverse of the order below, so waiting for one could deadlock. A row being
    // claimed is left to its new send.
    const queued = named.filter((report) => stored.get(report.id)?.state === 'pending').map((report) => report.id);
    const claimable = new Set(await lockQueuedRecipients(tx, organizationId, queued));
    const settling = named.filter((report) => stored.get(report.id)?.state !== 'pending' || claimable.has(report.id));
    // Wamids and conversations first, recipients last: the dispatcher's settle takes them in this order too.
    await lockOutboundMessages(tx, organizationId, {
      wamids: settling.map((report) => report.wamid),
      messageIds: settling.flatMap((report) => stored.get(report.id)?.messageId ?? []),
    });
    const rows = await applyRecipientReports(tx, organizationId, settling);
    await noteRecipientChanges(tx, organizationId, rows.map((row) => ({ broadcastId: row.broadcastId, recipientId: row.id })));
    await recordOutboundOutcomes(tx, organizationId, {
      accepted: rows.flatMap((row) => (row.messageId ? [{ messageId: row.messageId, wamid: row.wamid }] : [])),
      refused: [],
    });
    return rows;
  });
  await completeBroadcasts(db, [...new Set(changed.map((row) => row.broadcastId))]);
  return changed.length;
}

/**
 * One report per named recipient: its message's highest status by rank (so `delivered` after a
 * `failed` from another device still counts as sent), the earliest time, and the failure's details.
 */
function foldReports(statuses: readonly CallbackStatus[]): RecipientReport[] {
  const byRecipient = new Map<string, { best: CallbackStatus; at: Date; failure: CallbackStatus | undefined }>();
  for (const status of statuses) {
    const id = status.callbackData;
    if (!id || !UUID.test(id)) continue;
    const current = byRecipient.get(id);
    if (!current) {
      byRecipient.set(id, { best: status, at: status.occurredAt, failure: status.status === 'failed' ? status : undefined });
      continue;
    }
    if (DELIVERY_RANK[status.status] > DELIVERY_RANK[current.best.status]) current.best = status;
    if (status.occurredAt < current.at) current.at = status.occurredAt;
    if (status.status === 'failed' && !current.failure) current.failure = status;
  }
  return [...byRecipient].map(([id, { best, at, failure }]) => ({
    id: id.toLowerCase(),
    outcome: best.status === 'failed' ? 'failed' : 'sent',
    wamid: best.wamid,
    code: failure?.errorCode ?? null,
    message: failure?.errorMessage ?? null,
    at,
  }));
}

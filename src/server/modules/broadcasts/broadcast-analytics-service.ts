import {
  BROADCAST_TEXTS, type BroadcastAnalytics, type BroadcastRecipient, type BroadcastRecipientsResponse, type RecipientFilter,
} from '@shared/api/broadcasts';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/domain-error';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';
import { clickSummary } from '../automation';
import { broadcastButtonPresses, broadcastFailures, broadcastFigures, NO_FIGURES } from '../broadcast-summary';
import { countRecipients, recipientSlice, type RecipientQuery, type RecipientRow } from './broadcast-analytics-repository';
import { recipientsCsv, recipientsCsvFileName } from './broadcast-recipients-csv';
import { findBroadcastWithAuthor, type BroadcastRow } from './broadcasts-repository';
import { countUnconfirmed } from './recipients-repository';

/** A broadcast's analytics, its recipient drill-downs and their CSV export. */

/** Rows per query while the CSV export walks a recipient list. */
const CSV_BATCH = 1000;

async function broadcastOf(db: Queryable, organizationId: string, broadcastId: string): Promise<BroadcastRow> {
  const found = await findBroadcastWithAuthor(db, organizationId, broadcastId);
  if (!found) throw notFound(BROADCAST_TEXTS.notFound);
  return found.row;
}

/** A failure without Meta's wording still gets a reason to show. */
function reasonOf(errorCode: number | null, errorMessage: string | null): string {
  if (errorMessage) return errorMessage;
  return errorCode === null ? 'Unknown error' : `Error ${errorCode}`;
}

/**
 * Every figure of a broadcast's analytics from its summary (the same cost at any audience size), with
 * each button's rule and the conversations its presses gave to agents.
 */
export async function getBroadcastAnalytics(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
  graceMinutes: number,
): Promise<BroadcastAnalytics> {
  const broadcast = await broadcastOf(db, organizationId, broadcastId);
  const [figures, failures, perButton] = await Promise.all([
    broadcastFigures(db, organizationId, [broadcastId]).then((found) => found.get(broadcastId) ?? NO_FIGURES),
    broadcastFailures(db, organizationId, broadcastId),
    broadcastButtonPresses(db, organizationId, broadcastId),
  ]);
  // Kept by no summary (it changes with the clock), but only unknown rows are read: none in most broadcasts.
  const unconfirmedCount = figures.unknown > 0 ? await countUnconfirmed(db, organizationId, broadcastId, graceMinutes) : 0;
  const clicks = await clickSummary(db, organizationId, broadcastId, { clicks: figures.clicks, contacts: figures.clicked, perButton });
  return {
    templateName: broadcast.templateName,
    status: broadcast.status,
    statusReason: broadcast.statusReason,
    totalCount: figures.total,
    totalMessagesSent: figures.sent,
    messagesFailed: figures.failed,
    messagesDelivered: figures.delivered,
    messagesRead: figures.read,
    replyCount: figures.replied,
    totalButtonClicks: figures.clicks,
    uniqueContactsClicked: figures.clicked,
    clickThroughRate: figures.clickThroughRate,
    engagementRate: figures.engagementRate,
    avgResponseTimeMinutes: figures.avgResponseTimeMinutes,
    pendingCount: figures.pending,
    unknownCount: figures.unknown,
    unconfirmedCount,
    funnel: [
      { stage: 'attempted', count: figures.attempted },
      { stage: 'sent', count: figures.sent },
      { stage: 'delivered', count: figures.delivered },
      { stage: 'read', count: figures.read },
      { stage: 'replied', count: figures.replied },
    ],
    failureReasons: failures.map((failure) => ({
      errorCode: failure.errorCode,
      reason: reasonOf(failure.errorCode, failure.errorMessage),
      count: failure.count,
    })),
    buttonPerformance: clicks.buttonPerformance,
    assignmentDistribution: clicks.assignmentDistribution,
  };
}

export interface RecipientListQuery {
  filter: RecipientFilter;
  /** A Meta error code, or `none` for failures without one. */
  errorCode?: string;
  /** How long an unknown recipient waits for WhatsApp's report before it is shown as not confirmed. */
  graceMinutes: number;
}

function toQuery({ filter, errorCode, graceMinutes }: RecipientListQuery): RecipientQuery {
  if (errorCode === undefined) return { filter, graceMinutes };
  return { filter, graceMinutes, errorCode: errorCode === 'none' ? null : Number(errorCode) };
}

function toRecipient(row: RecipientRow): BroadcastRecipient {
  return {
    ...row,
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

/** One page of a drill-down: the recipients of a funnel stage, the unsettled, failed (of one reason), unknown or clicked ones. */
export async function listBroadcastRecipients(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
  query: RecipientListQuery & PageRequest,
): Promise<BroadcastRecipientsResponse> {
  await broadcastOf(db, organizationId, broadcastId);
  const filter = toQuery(query);
  const [rows, total] = await Promise.all([
    recipientSlice(db, organizationId, broadcastId, filter, { limit: query.limit, offset: offsetOf(query) }),
    countRecipients(db, organizationId, broadcastId, filter),
  ]);
  return toPage(rows.map(toRecipient), query, total);
}

/**
 * A drill-down as a CSV download. The broadcast is checked before anything is written (a foreign id
 * answers 404); the rows are then read in batches of CSV_BATCH by recipient id as the response is sent.
 */
export async function exportBroadcastRecipients(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
  query: RecipientListQuery,
): Promise<{ fileName: string; csv: AsyncIterable<string> }> {
  const broadcast = await broadcastOf(db, organizationId, broadcastId);
  const filter = toQuery(query);
  async function* batches(): AsyncGenerator<RecipientRow[]> {
    let afterId: string | undefined;
    for (;;) {
      const batch = await recipientSlice(db, organizationId, broadcastId, filter, { limit: CSV_BATCH, afterId });
      yield batch;
      if (batch.length < CSV_BATCH) return;
      afterId = batch[batch.length - 1].id;
    }
  }
  return { fileName: recipientsCsvFileName(broadcast.templateName), csv: recipientsCsv(batches()) };
}

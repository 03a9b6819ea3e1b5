import Chip, { type ChipProps } from '@mui/material/Chip';
import type { BroadcastStatus, RecipientState } from '@shared/api/broadcasts';

export const BROADCAST_STATUS_LABELS: Readonly<Record<BroadcastStatus, string>> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  cancelled: 'Cancelled',
  pending: 'Pending',
  processing: 'Processing',
  paused: 'Paused',
  completed: 'Completed',
  failed: 'Failed',
};

const COLORS: Readonly<Record<BroadcastStatus, ChipProps['color']>> = {
  draft: 'default',
  scheduled: 'secondary',
  cancelled: 'default',
  pending: 'default',
  processing: 'info',
  paused: 'warning',
  completed: 'success',
  failed: 'error',
};

/** Not started yet: a draft or a scheduled broadcast, which has an audience but no recipients. */
export function isUnsent(status: BroadcastStatus): boolean {
  return status === 'draft' || status === 'scheduled';
}

/** Still sending (or about to): its figures move, so screens showing it refresh themselves. */
export function isSending(status: BroadcastStatus): boolean {
  return status === 'pending' || status === 'processing';
}

/** Not finished: its progress is shown as a bar rather than final counts. */
export function isUnfinished(status: BroadcastStatus): boolean {
  return isSending(status) || status === 'paused';
}

/** A broadcast's status as a small outlined chip. */
export function BroadcastStatusChip({ status }: { status: BroadcastStatus }) {
  // A span, so it may sit in a line of text (a subtitle paragraph).
  return <Chip component="span" size="small" variant="outlined" color={COLORS[status]} label={BROADCAST_STATUS_LABELS[status]} />;
}

/** What became of one recipient, in the words of the analytics screen ('ambiguous' reads unknown). */
export const RECIPIENT_STATE_LABELS: Readonly<Record<RecipientState, string>> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  ambiguous: 'Unknown',
  cancelled: 'Cancelled',
};

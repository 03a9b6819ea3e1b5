import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ConversationStatus } from '@shared/api/conversations';
import { STATUS_LABELS } from './status-labels';

const COLORS: Readonly<Record<ConversationStatus, ChipProps['color']>> = { open: 'info', in_progress: 'warning', resolved: 'success' };

/** A conversation's status as a small outlined chip. */
export function StatusChip({ status, size = 'small' }: { status: ConversationStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} variant="outlined" color={COLORS[status]} label={STATUS_LABELS[status]} />;
}

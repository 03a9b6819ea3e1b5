import type { ConversationStatus } from '@shared/api/conversations';

export const STATUS_LABELS: Readonly<Record<ConversationStatus, string>> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
};

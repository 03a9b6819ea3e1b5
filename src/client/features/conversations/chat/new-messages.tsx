import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { messageKey, type InboxMessage } from '../state/inbox-message';

/** The newest message to reach Parley: seq is arrival order (the shown order is the customer's), so later arrivals have larger ones. */
function highestSeq(messages: readonly InboxMessage[]): number {
  let highest = 0;
  for (const message of messages) if (message.seq !== null && message.seq > highest) highest = message.seq;
  return highest;
}

export interface NewMessages {
  /** How many messages arrived since the member last saw the newest (0 while they are at the bottom). */
  count: number;
  /** Where the first of them is shown, to scroll to. */
  firstIndex: number;
  /** The member has seen them (they went to them). */
  markSeen: () => void;
}

/**
 * The messages that arrived while the member was scrolled up: what came after the newest message they had
 * at the bottom. Reaching the bottom again sees them all.
 */
export function useNewMessages(messages: readonly InboxMessage[], atBottom: boolean): NewMessages {
  const newest = useMemo(() => highestSeq(messages), [messages]);
  const [seen, setSeen] = useState(newest);
  if (atBottom && seen !== newest) setSeen(newest);
  return useMemo(() => {
    const markSeen = () => setSeen(newest);
    if (atBottom) return { count: 0, firstIndex: -1, markSeen };
    let count = 0;
    let firstIndex = -1;
    messages.forEach((message, index) => {
      if (message.seq === null || message.seq <= seen) return;
      count += 1;
      if (firstIndex < 0) firstIndex = index;
    });
    return { count, firstIndex, markSeen };
  }, [messages, atBottom, seen, newest]);
}

/**
 * The message the unread divider heads: the earliest shown of the `unread` inbound messages that came
 * last (those the member had not read when the chat opened), or none.
 */
export function unreadDividerKey(messages: readonly InboxMessage[], unread: number): string | undefined {
  if (unread <= 0) return undefined;
  const unreadOnes = new Set(
    messages
      .filter((message) => message.direction === 'inbound' && message.seq !== null)
      .sort((a, b) => (b.seq ?? 0) - (a.seq ?? 0))
      .slice(0, unread),
  );
  const first = messages.find((message) => unreadOnes.has(message));
  return first && messageKey(first);
}

/** Heads the messages that were unread when the chat was opened; it stays until the conversation is left. */
export function UnreadDivider() {
  return (
    <Box role="separator" aria-label="New messages" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 2, pb: 0.5 }}>
      <Box sx={{ flexGrow: 1, borderTop: 1, borderColor: 'primary.main' }} />
      <Typography variant="caption" component="span" sx={{ color: 'primary.main', fontWeight: 700 }}>
        New messages
      </Typography>
      <Box sx={{ flexGrow: 1, borderTop: 1, borderColor: 'primary.main' }} />
    </Box>
  );
}

/** Over the bottom of the list while the member reads older messages: how many came since, and a way down to them. */
export function NewMessagesPill({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Box aria-live="polite" sx={{ position: 'absolute', bottom: 12, left: 0, right: 0, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}>
      {count > 0 && (
        <Button variant="contained" size="small" startIcon={<ArrowDownwardIcon />} onClick={onClick} sx={{ pointerEvents: 'auto', borderRadius: 4, boxShadow: 3 }}>
          {count === 1 ? '1 new message' : `${count} new messages`}
        </Button>
      )}
    </Box>
  );
}

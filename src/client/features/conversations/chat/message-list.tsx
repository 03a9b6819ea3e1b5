import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useContext, useMemo, useState, type ComponentProps } from 'react';
import { Virtuoso, VirtuosoMockContext, type ItemProps, type ListProps } from 'react-virtuoso';
import { dayLabel } from '../format/message-dates';
import { groupPosition } from '../format/message-groups';
import { messageKey, type InboxMessage } from '../state/inbox-message';
import { MessageBubble } from './message-bubble';
import type { OlderState } from './use-messages';

/**
 * Virtuoso's index of the first message. Prepending older messages lowers it by as many, which keeps
 * the view still; it only has to stay positive.
 */
const FIRST_INDEX = 1_000_000;

interface ListContext {
  hasMore: boolean;
  olderState: OlderState;
  onLoadOlder: () => void;
}

// Longhands only, before Virtuoso's own style: it sets marginTop (and paddings) on the list as it scrolls.
const LIST_RESET = { marginTop: 0, marginBottom: 0, marginLeft: 0, marginRight: 0, paddingLeft: 0, listStyle: 'none' } as const;

function MessageUl({ ref, children, style, 'data-testid': testId }: ListProps<HTMLUListElement>) {
  return (
    <ul ref={ref} style={{ ...LIST_RESET, ...style }} data-testid={testId}>
      {children}
    </ul>
  );
}

function MessageLi({ item: _item, context: _context, ...props }: ItemProps<InboxMessage> & { context: ListContext }) {
  return <li {...(props as ComponentProps<'li'>)} />;
}

/** Above the oldest message: loading older history, its failure with a retry, or the start of the conversation. */
function HistoryEdge({ context }: { context: ListContext }) {
  if (context.olderState === 'loading') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
        <CircularProgress size={20} aria-label="Loading older messages" />
      </Box>
    );
  }
  if (context.olderState === 'failed') {
    return (
      <Alert severity="error" sx={{ m: 1 }} action={<Button color="inherit" size="small" onClick={context.onLoadOlder}>Retry</Button>}>
        Failed to load older messages
      </Alert>
    );
  }
  if (context.hasMore) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
        <Button size="small" onClick={context.onLoadOlder}>
          Load older messages
        </Button>
      </Box>
    );
  }
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', py: 1.5 }}>
      Start of the conversation
    </Typography>
  );
}

/** Above the first message of each day: 'Today', 'Yesterday', the weekday within the week, then the date. */
function DaySeparator({ sentAt }: { sentAt: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2, pb: 0.5 }}>
      <Typography
        variant="caption"
        component="p"
        sx={{ px: 1.5, py: 0.25, borderRadius: 4, bgcolor: 'background.paper', color: 'text.secondary', border: 1, borderColor: 'divider', fontWeight: 600 }}
      >
        {dayLabel(new Date(sentAt), new Date())}
      </Typography>
    </Box>
  );
}

const COMPONENTS = { List: MessageUl, Item: MessageLi, Header: HistoryEdge };

export interface MessageListProps extends ListContext {
  /** The messages in order, oldest first (the same list as long as the cache entry does not change). */
  messages: readonly InboxMessage[];
  onRetry: (clientId: string) => void;
  /** The conversation's name, for the list's accessible name. */
  label: string;
}

/**
 * The messages, virtualized, opening at the newest: only the rows in view are rendered (and grouped, and
 * headed by their day when it changes).
 * Scrolling to the top loads older history, prepended without moving what is on screen; new messages
 * keep the view at the bottom when it was there, and a message of ours always brings it down.
 */
export function MessageList({ messages, onRetry, label, hasMore, olderState, onLoadOlder }: MessageListProps) {
  // The first message shown when the list opened: every message before it was prepended since. Its key
  // stays the same when its stored copy replaces it, and it is found from the start of the list, so the
  // search costs what was prepended, not the whole conversation.
  const [anchorKey] = useState(() => (messages.length > 0 ? messageKey(messages[0]) : undefined));
  const prepended = useMemo(
    () => (anchorKey === undefined ? 0 : Math.max(0, messages.findIndex((message) => messageKey(message) === anchorKey))),
    [messages, anchorKey],
  );
  const firstItemIndex = FIRST_INDEX - prepended;
  // Under Virtuoso's measuring mock (tests: jsdom lays nothing out) the scroll to the newest message never
  // reports done and the list would stay hidden; few messages sit at the bottom anyway (alignToBottom).
  const measured = useContext(VirtuosoMockContext) === undefined;
  const last = messages.at(-1);
  const ownPending = last?.direction === 'outbound' && last.status === 'sending';

  return (
    <Virtuoso<InboxMessage, ListContext>
      role="region"
      aria-label={`Messages with ${label}`}
      style={{ flexGrow: 1 }}
      data={messages}
      context={{ hasMore, olderState, onLoadOlder }}
      components={COMPONENTS}
      firstItemIndex={firstItemIndex}
      initialTopMostItemIndex={measured ? { index: 'LAST', align: 'end' } : undefined}
      alignToBottom
      startReached={() => hasMore && olderState === 'idle' && onLoadOlder()}
      followOutput={(atBottom) => (atBottom || ownPending ? 'auto' : false)}
      computeItemKey={(_index, message) => messageKey(message)}
      itemContent={(index, message) => {
        // The day's separator is part of its first message's row: Virtuoso's items stay the messages.
        const { startsGroup, endsGroup, startsDay } = groupPosition(messages, index - firstItemIndex);
        return (
          <>
            {startsDay && <DaySeparator sentAt={message.sentAt} />}
            <MessageBubble message={message} startsGroup={startsGroup} endsGroup={endsGroup} onRetry={onRetry} />
          </>
        );
      }}
    />
  );
}

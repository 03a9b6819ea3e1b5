import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useContext, useMemo, useRef, useState, type ComponentProps } from 'react';
import { Virtuoso, VirtuosoMockContext, type ItemProps, type ListProps, type VirtuosoHandle } from 'react-virtuoso';
import { dayLabel } from '../format/message-dates';
import { groupPosition } from '../format/message-groups';
import { messageKey, type InboxMessage } from '../state/inbox-message';
import { MessageBubble } from './message-bubble';
import { NewMessagesPill, UnreadDivider, unreadDividerKey, useNewMessages } from './new-messages';
import type { OlderState } from './use-messages';

/**
 * Virtuoso's index of the first message. Prepending older messages lowers it by as many, which keeps
 * the view still; it only has to stay positive.
 */
const FIRST_INDEX = 1_000_000;

/** Within this distance of the end the member is at the newest message: new ones follow, and nothing is counted. */
const AT_BOTTOM_PX = 48;

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
  /** The conversation's unread count when it was opened: the unread divider heads those messages. */
  unreadAtOpen?: number;
}

/**
 * The messages, virtualized, opening at the newest: only the rows in view are rendered (and grouped, and
 * headed by their day when it changes).
 * Scrolling to the top loads older history, prepended without moving what is on screen; new messages
 * keep the view at the bottom when it was there, and a message of ours always brings it down. Above the
 * bottom, new messages do not move the view: a pill counts them and takes the member down to the first.
 */
export function MessageList({ messages, onRetry, label, hasMore, olderState, onLoadOlder, unreadAtOpen = 0 }: MessageListProps) {
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
  const [dividerKey] = useState(() => unreadDividerKey(messages, unreadAtOpen));
  const [atBottom, setAtBottom] = useState(true);
  const fresh = useNewMessages(messages, atBottom);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const goToNew = () => {
    virtuoso.current?.scrollToIndex({ index: fresh.firstIndex, align: 'start', behavior: 'smooth' });
    fresh.markSeen();
    // The pill goes: the keyboard carries on in the messages.
    scroller.current?.focus({ preventScroll: true });
  };

  return (
    <Box sx={{ position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Virtuoso<InboxMessage, ListContext>
        ref={virtuoso}
        scrollerRef={(element) => (scroller.current = element instanceof HTMLElement ? element : null)}
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
        atBottomStateChange={setAtBottom}
        atBottomThreshold={AT_BOTTOM_PX}
        followOutput={(isAtBottom) => (isAtBottom || ownPending ? 'auto' : false)}
        computeItemKey={(_index, message) => messageKey(message)}
        itemContent={(index, message) => {
          // The day's separator is part of its first message's row: Virtuoso's items stay the messages.
          const { startsGroup, endsGroup, startsDay } = groupPosition(messages, index - firstItemIndex);
          return (
            <>
              {startsDay && <DaySeparator sentAt={message.sentAt} />}
              {messageKey(message) === dividerKey && <UnreadDivider />}
              <MessageBubble message={message} startsGroup={startsGroup} endsGroup={endsGroup} onRetry={onRetry} />
            </>
          );
        }}
      />
      <NewMessagesPill count={fresh.count} onClick={goToNew} />
    </Box>
  );
}

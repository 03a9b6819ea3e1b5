import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useContext, useState, type ComponentProps } from 'react';
import { Virtuoso, VirtuosoMockContext, type ItemProps, type ListProps } from 'react-virtuoso';
import { groupPosition } from '../format/message-groups';
import type { InboxMessage } from '../state/message-cache';
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

function MessageLi({ item: _item, context: _context, ...props }: ItemProps<string> & { context: ListContext }) {
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

const COMPONENTS = { List: MessageUl, Item: MessageLi, Header: HistoryEdge };

export interface MessageListProps extends ListContext {
  /** The messages' keys in order, and the messages by key (the cache entry as it is). */
  ids: readonly string[];
  entities: Readonly<Record<string, InboxMessage | undefined>>;
  onRetry: (clientId: string) => void;
  /** The conversation's name, for the list's accessible name. */
  label: string;
}

/**
 * The messages, virtualized, opening at the newest: only the rows in view are rendered (and grouped).
 * Scrolling to the top loads older history, prepended without moving what is on screen; new messages
 * keep the view at the bottom when it was there, and a message of ours always brings it down.
 */
export function MessageList({ ids, entities, onRetry, label, hasMore, olderState, onLoadOlder }: MessageListProps) {
  // The first message shown when the list opened: every message before it was prepended since.
  const [anchorKey] = useState(() => ids[0]);
  const prepended = anchorKey === undefined ? 0 : Math.max(0, ids.indexOf(anchorKey));
  const firstItemIndex = FIRST_INDEX - prepended;
  // Under Virtuoso's measuring mock (tests: jsdom lays nothing out) the scroll to the newest message never
  // reports done and the list would stay hidden; few messages sit at the bottom anyway (alignToBottom).
  const measured = useContext(VirtuosoMockContext) === undefined;
  const last = entities[ids[ids.length - 1]];
  const ownPending = last?.direction === 'outbound' && last.status === 'sending';

  return (
    <Virtuoso<string, ListContext>
      role="region"
      aria-label={`Messages with ${label}`}
      style={{ flexGrow: 1 }}
      data={ids}
      context={{ hasMore, olderState, onLoadOlder }}
      components={COMPONENTS}
      firstItemIndex={firstItemIndex}
      initialTopMostItemIndex={measured ? { index: 'LAST', align: 'end' } : undefined}
      alignToBottom
      startReached={() => hasMore && olderState === 'idle' && onLoadOlder()}
      followOutput={(atBottom) => (atBottom || ownPending ? 'auto' : false)}
      computeItemKey={(_index, key) => key}
      itemContent={(index, key) => {
        const message = entities[key];
        if (!message) return null;
        const { startsGroup, endsGroup } = groupPosition(ids, entities, index - firstItemIndex);
        return <MessageBubble message={message} startsGroup={startsGroup} endsGroup={endsGroup} onRetry={onRetry} />;
      }}
    />
  );
}

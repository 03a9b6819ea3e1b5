import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, type ComponentProps } from 'react';
import { Virtuoso, type ItemProps, type ListProps, type VirtuosoHandle } from 'react-virtuoso';
import { CONVERSATION_TEXTS, type Conversation } from '@shared/api/conversations';
import { ConversationRow } from './conversation-row';
import type { LoadMoreState } from './use-conversation-list';

interface ListContext {
  hasNext: boolean;
  loadMoreState: LoadMoreState;
  onLoadMore: () => void;
}

// Virtuoso renders these as the list and its rows: a real <ul> whose children are all <li>.
// Longhands only, before Virtuoso's own style: it sets marginTop (and paddings) on the list as it scrolls.
const LIST_RESET = { marginTop: 0, marginBottom: 0, marginLeft: 0, marginRight: 0, paddingLeft: 0, listStyle: 'none' } as const;

function RowList({ ref, children, style, 'data-testid': testId }: ListProps<HTMLUListElement>) {
  return (
    <ul ref={ref} style={{ ...LIST_RESET, ...style }} data-testid={testId} aria-label="Conversations">
      {children}
    </ul>
  );
}

function RowItem({ item: _item, context: _context, ...props }: ItemProps<Conversation> & { context: ListContext }) {
  return <li {...(props as ComponentProps<'li'>)} />;
}

function LoadMoreFooter({ context }: { context: ListContext }) {
  if (!context.hasNext && context.loadMoreState !== 'failed') return null;
  return (
    <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {context.loadMoreState === 'failed' && <Alert severity="error">{CONVERSATION_TEXTS.loadMoreFailed}</Alert>}
      {context.hasNext && (
        <Button variant="outlined" onClick={context.onLoadMore} loading={context.loadMoreState === 'loading'}>
          Load More
        </Button>
      )}
    </Box>
  );
}

const COMPONENTS = { List: RowList, Item: RowItem, Footer: LoadMoreFooter };

export interface ConversationListProps extends ListContext {
  conversations: readonly Conversation[];
  selectedId: string | undefined;
  now: Date;
  onOpen: (conversation: Conversation) => void;
}

/** The list itself, virtualized: only the rows in view are in the page, however many are loaded. */
export function ConversationList({ conversations, selectedId, now, onOpen, hasNext, loadMoreState, onLoadMore }: ConversationListProps) {
  const virtuoso = useRef<VirtuosoHandle>(null);
  const selectedIndex = conversations.findIndex((conversation) => conversation.id === selectedId);

  // A conversation opened from the keyboard (j/k) is brought into view.
  useEffect(() => {
    if (selectedIndex >= 0) virtuoso.current?.scrollIntoView({ index: selectedIndex });
  }, [selectedIndex]);

  return (
    <Virtuoso<Conversation, ListContext>
      ref={virtuoso}
      style={{ flexGrow: 1 }}
      data={conversations}
      context={{ hasNext, loadMoreState, onLoadMore }}
      components={COMPONENTS}
      computeItemKey={(_index, conversation) => conversation.id}
      itemContent={(_index, conversation) => (
        <ConversationRow conversation={conversation} selected={conversation.id === selectedId} now={now} onOpen={onOpen} />
      )}
    />
  );
}

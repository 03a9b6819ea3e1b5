import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useCallback, useState, type Ref } from 'react';
import { useAppDispatch } from '@client/app/hooks';
import { useSession } from '@client/session/use-session';
import type { Conversation } from '@shared/api/conversations';
import { contactDisplayName } from '@client/components/contacts/contact-name';
import { SCROLLER_FOCUS_SX } from '../keyboard/scroller-focus';
import { retryMessage } from '../state/message-thunks';
import { ChatHeader } from './chat-header';
import { ClosedWindowBanner } from './closed-window-banner';
import { Composer } from './composer';
import type { ConversationWindow } from './conversation-window';
import { MessageList } from './message-list';
import type { ConversationActions } from './use-conversation-actions';
import { useMessages } from './use-messages';

export interface ChatPaneProps {
  conversation: Conversation;
  window: ConversationWindow;
  actions: ConversationActions;
  composerRef: Ref<HTMLTextAreaElement>;
  onBack?: () => void;
  infoOpen: boolean;
  onToggleInfo: () => void;
}

/**
 * The centre pane: header, messages and composer. Mounted once per conversation (keyed by its id), so
 * scrolling, history loading and a half-written message never leak into another conversation. Reading
 * the messages takes messages:view: without it the pane says so and asks for none.
 */
export function ChatPane(props: ChatPaneProps) {
  const { can } = useSession();
  if (can('messages:view')) return <ChatWithMessages {...props} />;
  const { conversation, window, actions, onBack, infoOpen, onToggleInfo } = props;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ChatHeader conversation={conversation} window={window} actions={actions} onBack={onBack} infoOpen={infoOpen} onToggleInfo={onToggleInfo} />
      <Alert severity="info" sx={{ m: 1.5 }}>
        Your role cannot read messages.
      </Alert>
    </Box>
  );
}

function ChatWithMessages({ conversation, window, actions, composerRef, onBack, infoOpen, onToggleInfo }: ChatPaneProps) {
  const dispatch = useAppDispatch();
  const { can } = useSession();
  const { messages, hasMore, loaded, failedToLoad, olderState, loadOlder } = useMessages(conversation.id);
  const maySend = can('messages:send') || can('chats:respond');
  // The messages unread as the chat opens (before it is marked read) are what its divider heads.
  const [unreadAtOpen] = useState(conversation.unreadCount);
  const retry = useCallback((clientId: string) => void dispatch(retryMessage({ conversation, clientId })), [dispatch, conversation]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ChatHeader conversation={conversation} window={window} actions={actions} onBack={onBack} infoOpen={infoOpen} onToggleInfo={onToggleInfo} />
      <Box sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.default', ...SCROLLER_FOCUS_SX }}>
        {!loaded && !failedToLoad && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading messages" />
          </Box>
        )}
        {failedToLoad && (
          <Alert severity="error" sx={{ m: 1.5 }}>
            Failed to load messages
          </Alert>
        )}
        {loaded && (
          <MessageList
            messages={messages}
            onRetry={retry}
            label={contactDisplayName(conversation.contact)}
            hasMore={hasMore}
            olderState={olderState}
            onLoadOlder={() => void loadOlder()}
            unreadAtOpen={unreadAtOpen}
          />
        )}
      </Box>
      {window.state !== 'open' && <ClosedWindowBanner window={window} conversation={conversation} maySend={maySend} />}
      {maySend ? (
        <Composer conversation={conversation} disabled={!loaded || window.state !== 'open'} noteDisabled={!loaded} inputRef={composerRef} />
      ) : (
        <Alert severity="info" sx={{ m: 1.5 }}>
          Your role cannot send messages.
        </Alert>
      )}
    </Box>
  );
}

import KeyboardOutlinedIcon from '@mui/icons-material/KeyboardOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch } from '@client/app/hooks';
import { paths } from '@client/app/paths';
import { useNarrowScreen } from '@client/components/use-narrow-screen';
import { useNow } from '@client/components/use-now';
import type { Conversation } from '@shared/api/conversations';
import { ChatPane } from './chat/chat-pane';
import { ChatPlaceholder } from './chat/chat-placeholder';
import { conversationWindow } from './chat/conversation-window';
import { useConversationActions } from './chat/use-conversation-actions';
import { useMarkRead } from './chat/use-mark-read';
import { ContactInfoPane } from './contact/contact-info-pane';
import { ShortcutsDialog } from './keyboard/shortcuts-dialog';
import { useInboxShortcuts } from './keyboard/use-inbox-shortcuts';
import { InboxLayout, type InboxPane } from './layout/inbox-layout';
import { ConversationListPane } from './list/conversation-list-pane';
import { useNewMessageAlerts } from './attention/use-new-message-alerts';
import { useLiveStream } from './live/use-live-stream';
import { useConversationList } from './list/use-conversation-list';
import { useListFilters } from './list/use-list-filters';
import { seedConversation } from './state/conversation-thunks';
import { isOpenedConversationState, useOpenConversation, type OpenedConversationState } from './use-open-conversation';

/** Wide enough for the list, a readable conversation and the contact pane beside the sidebar. */
const ROOMY_QUERY = '(min-width: 1400px)';

/**
 * Conversations, the team inbox: the list, the open conversation and its contact. /conversations/{contactId}
 * opens that contact's conversation (the route keeps this screen mounted when the id changes).
 */
export default function ConversationsScreen() {
  const { contactId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const narrow = useNarrowScreen();
  const now = useNow(30_000);
  const searchRef = useRef<HTMLInputElement>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  // The contact pane: beside the conversation where there is room for three panes (else on demand); on a
  // phone, a step after the conversation.
  const roomy = useMediaQuery(ROOMY_QUERY, { noSsr: true });
  const [wideInfoChoice, setWideInfoChoice] = useState<boolean | null>(null);
  const [phoneInfoFor, setPhoneInfoFor] = useState<string | null>(null);

  const filters = useListFilters();
  const preselectedId = isOpenedConversationState(location.state) ? location.state.conversationId : undefined;
  const open = useOpenConversation(contactId, preselectedId);
  const list = useConversationList(filters.args, filters.canChooseAssignment, open.refresh);
  useLiveStream();
  const actions = useConversationActions(open.conversation);
  useMarkRead(open.conversation);

  const conversation = open.conversation;
  const window = conversation ? conversationWindow(conversation, now) : undefined;
  const infoOpen = narrow ? phoneInfoFor !== null && phoneInfoFor === contactId : (wideInfoChoice ?? roomy);
  const pane: InboxPane = !contactId ? 'list' : infoOpen && conversation ? 'info' : 'chat';

  const onOpen = useCallback((target: Conversation) => dispatch(seedConversation(target)), [dispatch]);
  const goTo = (target: Conversation) => {
    onOpen(target);
    void navigate(paths.conversation(target.contact.id), { state: { conversationId: target.id } satisfies OpenedConversationState });
  };
  useNewMessageAlerts({
    listKey: JSON.stringify(filters.args), conversations: list.conversations, loaded: list.loaded, openConversationId: open.conversationId, onOpen: goTo,
  });
  const step = (delta: 1 | -1) => {
    const rows = list.conversations;
    if (rows.length === 0) return;
    const at = rows.findIndex((row) => row.id === open.conversationId);
    const next = at < 0 ? rows[delta > 0 ? 0 : rows.length - 1] : rows[at + delta];
    if (next) goTo(next);
  };
  const backToList = () => void navigate(paths.conversations());
  const toggleInfo = () => (narrow ? setPhoneInfoFor(infoOpen ? null : (contactId ?? null)) : setWideInfoChoice(!infoOpen));

  useInboxShortcuts({
    next: () => step(1),
    previous: () => step(-1),
    focusSearch: () => searchRef.current?.focus(),
    focusComposer: () => composerRef.current?.focus(),
    resolve: () => void actions.markResolved(),
    assignToMe: () => void actions.assignToMe(),
    openHelp: () => setHelpOpen(true),
  });

  const chat =
    conversation && window ? (
      <ChatPane
        key={conversation.id}
        conversation={conversation}
        window={window}
        actions={actions}
        composerRef={composerRef}
        onBack={narrow ? backToList : undefined}
        infoOpen={infoOpen}
        onToggleInfo={toggleInfo}
      />
    ) : (
      <ChatPlaceholder state={!contactId ? 'none' : open.error ? 'error' : 'loading'} error={open.error} onBack={narrow && contactId ? backToList : undefined} />
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: { xs: 'calc(100dvh - 56px - 32px)', sm: 'calc(100dvh - 64px - 48px)' }, minHeight: 420 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="h5" component="h1">
          Conversations
        </Typography>
        <Tooltip title="Keyboard shortcuts (?)">
          <IconButton aria-label="Keyboard shortcuts" onClick={() => setHelpOpen(true)}>
            <KeyboardOutlinedIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flexGrow: 1, minHeight: 0 }}>
        <InboxLayout
          narrow={narrow}
          pane={pane}
          list={<ConversationListPane filters={filters} list={list} selectedId={open.conversationId} onOpen={onOpen} searchRef={searchRef} />}
          chat={chat}
          info={
            conversation && window && infoOpen ? (
              <ContactInfoPane conversation={conversation} window={window} onBack={narrow ? toggleInfo : undefined} />
            ) : null
          }
        />
      </Box>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Box>
  );
}

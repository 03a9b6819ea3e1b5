import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { CONVERSATION_STATUS_FILTERS, type ConversationStatusFilter } from '@client/app/paths';
import { useNow } from '@client/components/use-now';
import { CONVERSATION_FILTERS, CONVERSATION_TEXTS, type Conversation, type ConversationFilter } from '@shared/api/conversations';
import { STATUS_LABELS } from '../format/status-labels';
import { SCROLLER_FOCUS_SX } from '../keyboard/scroller-focus';
import { ConversationList } from './conversation-list';
import { FilterToggle } from './filter-toggle';
import type { ListFilters } from './use-list-filters';
import type { useConversationList } from './use-conversation-list';

const STATUS_FILTER_LABELS: Readonly<Record<ConversationStatusFilter, string>> = { all: 'All', ...STATUS_LABELS };
const ASSIGNMENT_LABELS: Readonly<Record<ConversationFilter, string>> = { all: 'All', mine: 'Mine', unassigned: 'Unassigned' };

export interface ConversationListPaneProps {
  filters: ListFilters;
  list: ReturnType<typeof useConversationList>;
  selectedId: string | undefined;
  onOpen: (conversation: Conversation) => void;
  searchRef: Ref<HTMLInputElement>;
}

/** The left pane: status filter, the All/Mine/Unassigned switch (for those who see every conversation), search, Mentions and the list. */
export function ConversationListPane({ filters, list, selectedId, onOpen, searchRef }: ConversationListPaneProps) {
  const now = useNow(30_000);
  const statusOptions = CONVERSATION_STATUS_FILTERS.map((value) => ({
    value,
    label: STATUS_FILTER_LABELS[value],
    count: list.statusCounts?.[value],
  }));
  const assignmentOptions = CONVERSATION_FILTERS.map((value) => ({
    value,
    label: ASSIGNMENT_LABELS[value],
    count: list.assignmentCounts?.[value],
  }));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, ...SCROLLER_FOCUS_SX }}>
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <FilterToggle label="Status" value={filters.status} options={statusOptions} onChange={filters.setStatus} />
        {filters.canChooseAssignment && (
          <FilterToggle label="Assignment" value={filters.assignment} options={assignmentOptions} onChange={filters.setAssignment} />
        )}
        <Box sx={{ display: 'flex', gap: 1 }}>
          {/* A short placeholder: beside Mentions the box is about 170 px wide on a laptop, and a longer one was cut mid-word. */}
          <TextField
            size="small"
            fullWidth
            type="search"
            placeholder="Name or number"
            value={filters.searchText}
            onChange={(event) => filters.setSearchText(event.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': 'Search conversations', ref: searchRef },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <ToggleButton
            value="mentions"
            size="small"
            selected={filters.mentionsOnly}
            onChange={() => filters.setMentionsOnly(!filters.mentionsOnly)}
            sx={{ gap: 0.5, px: 1, textTransform: 'none', whiteSpace: 'nowrap' }}
          >
            <AlternateEmailIcon fontSize="small" aria-hidden />
            Mentions
          </ToggleButton>
        </Box>
      </Box>
      {list.isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label="Loading conversations" />
        </Box>
      )}
      {/* A failed refresh keeps the rows already shown; the message is for a list that never loaded. */}
      {list.isError && !list.loaded && (
        <Alert severity="error" sx={{ m: 1.5 }}>
          {CONVERSATION_TEXTS.loadFailed}
        </Alert>
      )}
      {list.loaded && list.conversations.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          No conversations found
        </Typography>
      )}
      {list.loaded && list.conversations.length > 0 && (
        <ConversationList
          conversations={list.conversations}
          selectedId={selectedId}
          now={now}
          onOpen={onOpen}
          hasNext={list.hasNext}
          loadMoreState={list.loadMoreState}
          onLoadMore={() => void list.loadMore()}
        />
      )}
    </Box>
  );
}

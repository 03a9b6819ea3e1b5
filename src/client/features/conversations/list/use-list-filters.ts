import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CONVERSATION_STATUS_FILTERS, type ConversationStatusFilter } from '@client/app/paths';
import { useDebouncedValue } from '@client/components/use-debounced-value';
import { useSession } from '@client/session/use-session';
import { CONVERSATION_FILTERS, type ConversationFilter } from '@shared/api/conversations';
import { CONTACT_SEARCH_DEBOUNCE_MS } from '@shared/constants';
import type { ConversationListArgs } from '../state/conversation-list-cache';

function statusFrom(value: string | null): ConversationStatusFilter {
  return (CONVERSATION_STATUS_FILTERS as readonly (string | null)[]).includes(value) ? (value as ConversationStatusFilter) : 'all';
}

function assignmentFrom(value: string | null): ConversationFilter {
  return (CONVERSATION_FILTERS as readonly (string | null)[]).includes(value) ? (value as ConversationFilter) : 'all';
}

export interface ListFilters {
  status: ConversationStatusFilter;
  setStatus: (status: ConversationStatusFilter) => void;
  /** All / Mine / Unassigned; only members who see every conversation choose it. */
  assignment: ConversationFilter;
  setAssignment: (filter: ConversationFilter) => void;
  canChooseAssignment: boolean;
  searchText: string;
  setSearchText: (text: string) => void;
  /** Only the conversations where a note mentions the member. */
  mentionsOnly: boolean;
  setMentionsOnly: (on: boolean) => void;
  /** What the list shows now (the search settles 300 ms after the last keystroke). */
  args: ConversationListArgs;
}

/** The list's filters: status (preselected by ?status=), assignment (by ?filter=), search and Mentions. */
export function useListFilters(): ListFilters {
  const [searchParams] = useSearchParams();
  const { can } = useSession();
  const canChooseAssignment = can('chats:view_all');
  const [status, setStatus] = useState<ConversationStatusFilter>(() => statusFrom(searchParams.get('status')));
  const [assignment, setAssignment] = useState<ConversationFilter>(() => assignmentFrom(searchParams.get('filter')));
  const [searchText, setSearchText] = useState('');
  const [mentionsOnly, setMentionsOnly] = useState(false);
  const search = useDebouncedValue(searchText.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const filter = canChooseAssignment ? assignment : 'all';

  const args = useMemo<ConversationListArgs>(
    () => ({ filter, ...(status !== 'all' && { status }), ...(search && { search }), ...(mentionsOnly && { mentioned: true as const }) }),
    [filter, status, search, mentionsOnly],
  );
  return { status, setStatus, assignment: filter, setAssignment, canChooseAssignment, searchText, setSearchText, mentionsOnly, setMentionsOnly, args };
}

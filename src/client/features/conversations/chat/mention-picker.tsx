import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSession } from '@client/session/use-session';
import type { MentionableMember } from '@shared/api/thread-notes';
import { useGetMentionableMembersQuery } from '../thread-notes-api';
import { suggestionsStatus, useComposerSuggestions, type ComposerSuggestions } from './composer-suggestions';

/** '@' at the start of the note or after a space, then the start of a name, up to the caret. */
const TRIGGER = /(^|\s)@([\p{L}\p{M}\p{N}_.'-]*)$/u;

/** How many matches the list shows at most. */
const MAX_SHOWN = 8;

/** Members any of whose names starts with the query (in any case), by name. */
export function matchingMembers(all: readonly MentionableMember[], query: string): MentionableMember[] {
  const wanted = query.toLocaleLowerCase();
  return all.filter((member) => member.name.toLocaleLowerCase().split(/\s+/).some((word) => word.startsWith(wanted))).slice(0, MAX_SHOWN);
}

/** The mentions a note's text still holds: the members picked whose '@Name' it contains, each once. */
export function mentionsIn(text: string, picked: readonly MentionableMember[]): string[] {
  return [...new Set(picked.filter((member) => text.includes(`@${member.name}`)).map((member) => member.id))];
}

/**
 * The note's '@' list: the colleagues who can see the conversation (read the first time it opens),
 * filtered by what follows the '@'. Picking one replaces the '@query' with '@Name '.
 */
export function useMentionPicker({
  conversationId, value, anchor, onInsert,
}: {
  conversationId: string;
  value: string;
  anchor: HTMLElement | null;
  /** The new text of the note, where the caret goes, and the member mentioned. */
  onInsert: (text: string, caret: number, member: MentionableMember) => void;
}): ComposerSuggestions {
  const { user } = useSession();
  const [wanted, setWanted] = useState(false);
  const { data, isFetching, isError } = useGetMentionableMembersQuery(conversationId, { skip: !wanted });
  const colleagues = (data ?? []).filter((member) => member.id !== user?.userId);

  return useComposerSuggestions<MentionableMember>({
    pattern: TRIGGER,
    value,
    anchor,
    label: 'Mention a teammate',
    match: (query) => matchingMembers(colleagues, query),
    keyOf: (member) => member.id,
    renderOption: (member) => <Typography variant="body2">{member.name}</Typography>,
    statusOf: (query, options) =>
      suggestionsStatus({ isError, loading: isFetching && !data, total: colleagues.length }, options.length, {
        failed: 'Teammates could not be loaded',
        loading: 'Loading teammates…',
        empty: 'No teammate can see this conversation',
        noMatch: `No teammate matches @${query}`,
      }),
    onTrigger: () => setWanted(true),
    onChoose: (member, trigger) => {
      const inserted = `@${member.name} `;
      onInsert(value.slice(0, trigger.start) + inserted + value.slice(trigger.end), trigger.start + inserted.length, member);
    },
  });
}

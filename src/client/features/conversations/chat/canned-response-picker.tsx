import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetCannedResponsesQuery } from '@client/api/canned-responses-endpoints';
import { contactName, contactPhone, type NamedContact } from '@client/components/contacts/contact-name';
import { useSession } from '@client/session/use-session';
import type { CannedResponse } from '@shared/api/canned-responses';
import { fillPlaceholders } from '@shared/canned-responses/placeholders';
import { CANNED_RESPONSE_PAGE_SIZE } from '@shared/constants';
import { suggestionsStatus, useComposerSuggestions, type ComposerSuggestions } from './composer-suggestions';

/**
 * '/' at the start of the message or after a space, then the start of a shortcut, up to the caret:
 * what opens the canned response list (a '/' inside a word, as in a URL or a date, does not).
 */
const TRIGGER = /(^|\s)\/([\p{L}\p{M}\p{N}_-]*)$/u;

/** How many matches the list shows at most. */
const MAX_SHOWN = 8;

/** Shortcuts that start with the query first, then those that contain it; in any case. */
export function matchingCannedResponses(all: readonly CannedResponse[], query: string): CannedResponse[] {
  const wanted = query.toLocaleLowerCase();
  const shortcut = (reply: CannedResponse) => reply.shortcut.toLocaleLowerCase();
  const starting = all.filter((reply) => shortcut(reply).startsWith(wanted));
  const containing = all.filter((reply) => !shortcut(reply).startsWith(wanted) && shortcut(reply).includes(wanted));
  return [...starting, ...containing].slice(0, MAX_SHOWN);
}

/**
 * {{contact.name}}: the name shown for the contact, without the mark that flags a WhatsApp profile name
 * (the customer reads it); {{contact.phone}}: their number as formatted everywhere; {{agent.name}}: the
 * member sending.
 */
function placeholderValues(contact: NamedContact & { countryCode: string; phoneNumber: string }, agentName: string) {
  const { text, source } = contactName(contact);
  return {
    'contact.name': source === 'profile' ? (contact.profileName ?? '').trim() : text,
    'contact.phone': contactPhone(contact),
    'agent.name': agentName,
  };
}

/**
 * The composer's canned responses: typing '/' opens a list filtered by what follows (see
 * `useComposerSuggestions` for the keys). Inserting replaces the '/query' with the response,
 * placeholders filled. The list is read the first time it opens.
 */
export function useCannedResponsePicker({
  contact, value, anchor, onInsert,
}: {
  contact: NamedContact & { countryCode: string; phoneNumber: string };
  value: string;
  anchor: HTMLElement | null;
  /** The new text of the message, and where the caret goes. */
  onInsert: (text: string, caret: number) => void;
}): ComposerSuggestions {
  const { user } = useSession();
  const [wanted, setWanted] = useState(false);
  const { data, isFetching, isError } = useGetCannedResponsesQuery({ limit: CANNED_RESPONSE_PAGE_SIZE }, { skip: !wanted });

  return useComposerSuggestions<CannedResponse>({
    pattern: TRIGGER,
    value,
    anchor,
    label: 'Canned responses',
    match: (query) => matchingCannedResponses(data?.data ?? [], query),
    keyOf: (reply) => reply.id,
    renderOption: (reply) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          /{reply.shortcut}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {reply.content}
        </Typography>
      </>
    ),
    statusOf: (query, options) =>
      suggestionsStatus({ isError, loading: isFetching && !data, total: data?.data.length ?? 0 }, options.length, {
        failed: 'Canned responses could not be loaded',
        loading: 'Loading canned responses…',
        empty: 'No canned responses yet',
        noMatch: `No canned response matches /${query}`,
      }),
    onTrigger: () => setWanted(true),
    onChoose: (reply, trigger) => {
      const filled = fillPlaceholders(reply.content, placeholderValues(contact, user?.name ?? ''));
      onInsert(value.slice(0, trigger.start) + filled + value.slice(trigger.end), trigger.start + filled.length);
    },
  });
}

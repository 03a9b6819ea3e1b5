import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useGetCannedResponsesQuery } from '@client/api/canned-responses-endpoints';
import { contactName, contactPhone, type NamedContact } from '@client/components/contacts/contact-name';
import { useSession } from '@client/session/use-session';
import type { CannedResponse } from '@shared/api/canned-responses';
import { fillPlaceholders } from '@shared/canned-responses/placeholders';
import { CANNED_RESPONSE_PAGE_SIZE } from '@shared/constants';

/**
 * '/' at the start of the message or after a space, then the start of a shortcut, up to the caret:
 * what opens the canned response list (a '/' inside a word, as in a URL or a date, does not).
 */
const TRIGGER = /(^|\s)\/([\p{L}\p{M}\p{N}_-]*)$/u;

/** How many matches the list shows at most. */
const MAX_SHOWN = 8;

interface Trigger {
  /** Where the '/' is in the message. */
  start: number;
  /** The caret: the '/query' ends here. */
  end: number;
  query: string;
}

/** The trigger the text before the caret ends with, if any. */
function triggerAt(text: string, caret: number): Trigger | null {
  const match = TRIGGER.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2].length - 1, end: caret, query: match[2] };
}

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

export interface CannedResponsePicker {
  /** Call with the textarea after each change of its text or caret. */
  track: (textarea: HTMLTextAreaElement) => void;
  /** The textarea's key handler: true when the key was the list's (the composer must not act on it). */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => boolean;
  /** ARIA for the textarea while the list is open. */
  inputProps: Record<string, string | undefined>;
  /** The list, anchored to the textarea. */
  popper: ReactNode;
}

/**
 * The composer's canned responses: typing '/' opens a list filtered by what follows, driven by the
 * keyboard (↑/↓, Enter or Tab to insert, Escape to close) or the mouse. Inserting replaces the '/query'
 * with the response, placeholders filled. The list is read the first time it opens.
 */
export function useCannedResponsePicker({
  contact, value, anchor, onInsert,
}: {
  contact: NamedContact & { countryCode: string; phoneNumber: string };
  value: string;
  anchor: HTMLElement | null;
  /** The new text of the message, and where the caret goes. */
  onInsert: (text: string, caret: number) => void;
}): CannedResponsePicker {
  const { user } = useSession();
  const listId = useId();
  const [trigger, setTrigger] = useState<Trigger | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [wanted, setWanted] = useState(false);
  const { data, isFetching, isError } = useGetCannedResponsesQuery({ limit: CANNED_RESPONSE_PAGE_SIZE }, { skip: !wanted });

  // The text changed without a caret report (sent and emptied, say): a trigger it no longer holds goes.
  const current = trigger && value.slice(trigger.start, trigger.end) === `/${trigger.query}` ? trigger : null;
  const open = current !== null && current.start !== dismissedAt && anchor !== null;
  const options = open ? matchingCannedResponses(data?.data ?? [], current.query) : [];
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (index: number) => `${listId}-option-${index}`;

  const track = (textarea: HTMLTextAreaElement) => {
    const caret = textarea.selectionStart === textarea.selectionEnd ? textarea.selectionStart : -1;
    const next = caret >= 0 ? triggerAt(textarea.value, caret) : null;
    if (next?.start !== trigger?.start || next?.query !== trigger?.query) setActive(0);
    if (next && next.start !== trigger?.start) setDismissedAt(null);
    setTrigger(next);
    if (next) setWanted(true);
  };

  const choose = (reply: CannedResponse) => {
    if (!current) return;
    const filled = fillPlaceholders(reply.content, placeholderValues(contact, user?.name ?? ''));
    setTrigger(null);
    onInsert(value.slice(0, current.start) + filled + value.slice(current.end), current.start + filled.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const take = () => {
      event.preventDefault();
      event.stopPropagation();
      return true;
    };
    switch (event.key) {
      case 'Escape':
        setDismissedAt(current.start);
        return take();
      case 'ArrowDown':
        if (options.length === 0) return false;
        setActive((activeIndex + 1) % options.length);
        return take();
      case 'ArrowUp':
        if (options.length === 0) return false;
        setActive((activeIndex - 1 + options.length) % options.length);
        return take();
      case 'Enter':
      case 'Tab':
        if (options.length === 0 || event.shiftKey) return false;
        choose(options[activeIndex]);
        return take();
      default:
        return false;
    }
  };

  const status = isError
    ? 'Canned responses could not be loaded'
    : isFetching && !data
      ? 'Loading canned responses…'
      : options.length === 0
        ? (data?.data.length ?? 0) === 0
          ? 'No canned responses yet'
          : `No canned response matches /${current?.query ?? ''}`
        : null;

  const popper = (
    <Popper open={open} anchorEl={anchor} placement="top-start" sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <Paper elevation={6} sx={{ width: anchor ? Math.min(anchor.clientWidth, 480) : undefined, maxWidth: 'calc(100vw - 16px)', mb: 0.5 }}>
        {status ? (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ px: 2, py: 1.5 }}>
            {status}
          </Typography>
        ) : (
          <List id={listId} role="listbox" aria-label="Canned responses" dense sx={{ maxHeight: 280, overflowY: 'auto' }}>
            {options.map((reply, index) => (
              <ListItem
                key={reply.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // The textarea keeps the focus (and the caret) while the mouse picks.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(reply)}
                onMouseEnter={() => setActive(index)}
                sx={{
                  cursor: 'pointer',
                  display: 'block',
                  bgcolor: index === activeIndex ? 'action.selected' : undefined,
                }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  /{reply.shortcut}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {reply.content}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Popper>
  );

  return {
    track,
    onKeyDown,
    inputProps: {
      'aria-autocomplete': 'list',
      'aria-controls': open && !status ? listId : undefined,
      'aria-activedescendant': open && options.length > 0 ? optionId(activeIndex) : undefined,
    },
    popper,
  };
}

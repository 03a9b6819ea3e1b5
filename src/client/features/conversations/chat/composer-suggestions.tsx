import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

/** Where a trigger (a '/' or '@' and what follows it, up to the caret) is in the message. */
export interface Trigger {
  /** Where the trigger character is. */
  start: number;
  /** The caret: the trigger and its query end here. */
  end: number;
  /** What follows the trigger character. */
  query: string;
  /** The trigger character and the query, as typed. */
  typed: string;
}

/**
 * The trigger the text before the caret ends with, if any. `pattern` must end at `$` and capture the
 * query (what follows the one trigger character) as its last group.
 */
function triggerAt(pattern: RegExp, text: string, caret: number): Trigger | null {
  const match = pattern.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[match.length - 1] ?? '';
  const start = caret - query.length - 1;
  return { start, end: caret, query, typed: text.slice(start, caret) };
}

/** What the list says instead of its options, in order: its source failed, is loading, is empty, or nothing matches. */
export function suggestionsStatus(
  source: { isError: boolean; loading: boolean; total: number },
  matched: number,
  texts: { failed: string; loading: string; empty: string; noMatch: string },
): string | null {
  if (source.isError) return texts.failed;
  if (source.loading) return texts.loading;
  if (matched > 0) return null;
  return source.total === 0 ? texts.empty : texts.noMatch;
}

export interface ComposerSuggestionsOptions<T> {
  /** What opens the list, e.g. '/' at the start of a word: see `triggerAt`. */
  pattern: RegExp;
  /** The message's text now. */
  value: string;
  /** The text field the list is anchored to; null keeps it closed. */
  anchor: HTMLElement | null;
  /** The listbox's accessible name. */
  label: string;
  /** The options for the query (called while the list is open). */
  match: (query: string) => readonly T[];
  keyOf: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  /** Shown instead of the list (loading, failed, nothing matches), or null to show the options. */
  statusOf: (query: string, options: readonly T[]) => string | null;
  /** The list appeared (to start loading what it shows). */
  onTrigger?: () => void;
  /** An option was picked for the trigger. */
  onChoose: (option: T, trigger: Trigger) => void;
}

export interface ComposerSuggestions {
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
 * A list of suggestions under a trigger typed in the composer, driven by the keyboard (↑/↓, Enter or
 * Tab to pick, Escape to close) or the mouse, while the textarea keeps the focus: a listbox whose active
 * option is the textarea's aria-activedescendant. The canned responses ('/') and the note's mentions
 * ('@') are two of these.
 */
export function useComposerSuggestions<T>({
  pattern, value, anchor, label, match, keyOf, renderOption, statusOf, onTrigger, onChoose,
}: ComposerSuggestionsOptions<T>): ComposerSuggestions {
  const listId = useId();
  const [trigger, setTrigger] = useState<Trigger | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);

  // The text changed without a caret report (sent and emptied, say): a trigger it no longer holds goes.
  const current = trigger && value.slice(trigger.start, trigger.end) === trigger.typed ? trigger : null;
  const open = current !== null && current.start !== dismissedAt && anchor !== null;
  const options = open ? match(current.query) : [];
  const status = open ? statusOf(current.query, options) : null;
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (index: number) => `${listId}-option-${index}`;

  const track = (textarea: HTMLTextAreaElement) => {
    const caret = textarea.selectionStart === textarea.selectionEnd ? textarea.selectionStart : -1;
    const next = caret >= 0 ? triggerAt(pattern, textarea.value, caret) : null;
    if (next?.start !== trigger?.start || next?.query !== trigger?.query) setActive(0);
    if (next && next.start !== trigger?.start) setDismissedAt(null);
    setTrigger(next);
    if (next) onTrigger?.();
  };

  const choose = (option: T) => {
    if (!current) return;
    setTrigger(null);
    onChoose(option, current);
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
        if (options.length === 0 || status || event.shiftKey) return false;
        choose(options[activeIndex]);
        return take();
      default:
        return false;
    }
  };

  const popper = (
    <Popper open={open} anchorEl={anchor} placement="top-start" sx={{ zIndex: (theme) => theme.zIndex.modal }}>
      <Paper elevation={6} sx={{ width: anchor ? Math.min(anchor.clientWidth, 480) : undefined, maxWidth: 'calc(100vw - 16px)', mb: 0.5 }}>
        {status ? (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ px: 2, py: 1.5 }}>
            {status}
          </Typography>
        ) : (
          <List id={listId} role="listbox" aria-label={label} dense sx={{ maxHeight: 280, overflowY: 'auto' }}>
            {options.map((option, index) => (
              <ListItem
                key={keyOf(option)}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // The textarea keeps the focus (and the caret) while the mouse picks.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(index)}
                sx={{ cursor: 'pointer', display: 'block', bgcolor: index === activeIndex ? 'action.selected' : undefined }}
              >
                {renderOption(option)}
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
      'aria-activedescendant': open && !status && options.length > 0 ? optionId(activeIndex) : undefined,
    },
    popper,
  };
}

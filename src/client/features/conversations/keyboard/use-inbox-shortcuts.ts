import { useEffect, useRef } from 'react';

export interface InboxShortcutHandlers {
  next: () => void;
  previous: () => void;
  focusSearch: () => void;
  focusComposer: () => void;
  resolve: () => void;
  assignToMe: () => void;
  openHelp: () => void;
}

/** Single-key shortcuts must not fire while the user types in a field or picks from a popup list. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="listbox"], [role="menu"]') !== null;
}

/** A dialog owns the keyboard while it is open. */
function inDialog(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('[role="dialog"]') !== null;
}

/**
 * The inbox's keyboard shortcuts (listed in shortcuts.ts): Alt+↑/↓ anywhere but a dialog, and, when
 * not typing, j/k, '/', 'r' and '?'; Alt+Shift+R and Alt+Shift+A outside dialogs. Keys are matched by
 * `code` when Alt is held, since Alt changes the character on some layouts (macOS).
 */
export function useInboxShortcuts(handlers: InboxShortcutHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || inDialog(event.target)) return;
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      const h = latest.current;
      if (event.altKey) {
        if (event.shiftKey && event.code === 'KeyR') run(h.resolve);
        else if (event.shiftKey && event.code === 'KeyA') run(h.assignToMe);
        else if (!event.shiftKey && event.key === 'ArrowDown') run(h.next);
        else if (!event.shiftKey && event.key === 'ArrowUp') run(h.previous);
        return;
      }
      if (isTyping(event.target)) return;
      switch (event.key) {
        case 'j':
          return run(h.next);
        case 'k':
          return run(h.previous);
        case '/':
          return run(h.focusSearch);
        case 'r':
          return run(h.focusComposer);
        case '?':
          return run(h.openHelp);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

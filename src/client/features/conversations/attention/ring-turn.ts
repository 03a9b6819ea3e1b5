/**
 * Which of the member's inbox tabs rings, so that one message makes one sound per browser: the tab the
 * member looked at last. Each inbox tab claims the turn (in localStorage, which every tab of the
 * browser shares) when it opens in view and whenever it is shown again. So the tab in front rings,
 * and when every tab is hidden the one last in front does. When the holder leaves the inbox it gives the
 * turn up and the others claim it; the last to write keeps it (a tab that crashed keeps it until another
 * is shown). The live stream's leader (Web Locks) is not used for this: it is whichever tab opened
 * first, often a hidden one, while the member looks at the tab in front. Where storage cannot be used,
 * every tab rings (a second beep beats none).
 */
export interface RingTurn {
  /** Whether this tab rings now. */
  isMine: () => boolean;
  leave: () => void;
}

interface TabView {
  isTabVisible: () => boolean;
  onVisibilityChange: (listener: () => void) => () => void;
}

const newTabId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function joinRingTurns(key: string, tab: TabView): RingTurn {
  const store = storage();
  if (!store) return { isMine: () => true, leave: () => undefined };
  const me = newTabId();
  const claim = () => {
    try {
      store.setItem(key, me);
    } catch {
      // Storage full or refused: the tab that holds the turn keeps it.
    }
  };
  const read = () => {
    try {
      return store.getItem(key);
    } catch {
      return null;
    }
  };
  if (tab.isTabVisible() || read() === null) claim();
  const stopWatching = tab.onVisibilityChange(() => {
    if (tab.isTabVisible()) claim();
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key === key && event.newValue === null) claim();
  };
  window.addEventListener('storage', onStorage);
  return {
    isMine: () => {
      const holder = read();
      return holder === null || holder === me;
    },
    leave: () => {
      stopWatching();
      window.removeEventListener('storage', onStorage);
      if (read() === me) store.removeItem(key);
    },
  };
}

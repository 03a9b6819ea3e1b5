import { render, screen } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { NO_MEDIA, type Message } from '@shared/api/conversations';
import type { InboxMessage } from '../state/inbox-message';
import { MessageList } from './message-list';

function text(seq: number): Message {
  const at = new Date(Date.UTC(2026, 2, 20, 12, seq)).toISOString();
  return {
    id: `m-${seq}`, clientId: null, contactId: 'c', conversationId: 'v', seq, content: `Message ${seq}`, direction: 'inbound', messageType: 'text',
    status: 'read', errorCode: null, errorMessage: null, sentAt: at, createdAt: at, ...NO_MEDIA,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => text(from + i));

/** The list as the chat pane shows it; Virtuoso's mock context stands in for the layout jsdom lacks. */
function renderList(messages: readonly InboxMessage[]) {
  const list = (shown: readonly InboxMessage[]) => (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 90 }}>
      <MessageList messages={shown} onRetry={jest.fn()} label="Aisha Khan" hasMore olderState="idle" onLoadOlder={jest.fn()} />
    </VirtuosoMockContext.Provider>
  );
  const view = render(list(messages));
  return { showNext: (shown: readonly InboxMessage[]) => view.rerender(list(shown)) };
}

const shownRows = () => screen.getAllByRole('listitem').map((row) => row.textContent);

it('keeps the messages on screen where they were when older history is prepended', () => {
  const { showNext } = renderList(range(51, 52));
  expect(shownRows()).toEqual([expect.stringContaining('Message 51'), expect.stringContaining('Message 52')]);

  // Ten older messages arrive above: the view stays on the same two, it does not jump to the oldest.
  showNext(range(41, 52));
  expect(shownRows()).toEqual([expect.stringContaining('Message 51'), expect.stringContaining('Message 52')]);
});

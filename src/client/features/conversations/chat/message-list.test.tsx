import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { VirtuosoMockContext } from 'react-virtuoso';
import { NO_MEDIA, type Message } from '@shared/api/conversations';
import type { InboxMessage } from '../state/inbox-message';
import { withSortKey } from '../testing/sort-key';
import { MessageList } from './message-list';

function text(seq: number, overrides: Partial<Message> = {}): Message {
  const at = new Date(Date.UTC(2026, 2, 20, 12, seq)).toISOString();
  return withSortKey({
    id: `m-${seq}`, clientId: null, contactId: 'c', conversationId: 'v', seq, content: `Message ${seq}`, direction: 'inbound', messageType: 'text',
    status: 'read', errorCode: null, errorMessage: null, sentAt: at, createdAt: at, ...NO_MEDIA, ...overrides,
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => text(from + i));

/** The list as the chat pane shows it; Virtuoso's mock context stands in for the layout jsdom lacks. */
function renderList(messages: readonly InboxMessage[], unreadAtOpen?: number) {
  const list = (shown: readonly InboxMessage[]) => (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 90 }}>
      <MessageList messages={shown} onRetry={jest.fn()} label="Aisha Khan" hasMore olderState="idle" onLoadOlder={jest.fn()} unreadAtOpen={unreadAtOpen} />
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

describe('days and times', () => {
  // Local times relative to the real clock, read as each test runs: the labels are worked out against the
  // moment the row renders.
  const at = (daysAgo: number, hour: number, minute = 0) => {
    const today = new Date();
    return new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo, hour, minute);
  };
  const tenDaysAgo = () => at(10, 9);
  const sentAt = (date: Date) => ({ sentAt: date.toISOString(), createdAt: date.toISOString() });
  const conversation = () => [
    text(1, { content: 'Old question', ...sentAt(tenDaysAgo()) }),
    text(2, { content: 'Yesterday morning', ...sentAt(at(1, 9)) }),
    text(3, { content: 'Yesterday evening', direction: 'outbound', ...sentAt(at(1, 18, 30)) }),
    text(4, { content: 'Just now', ...sentAt(new Date()) }),
  ];

  it('heads the first message of each day with its day, inside that message’s row', () => {
    renderList(conversation());
    expect(shownRows()).toEqual([
      `${format(tenDaysAgo(), 'MMM d, yyyy')}Old question9:00 AM`,
      'YesterdayYesterday morning9:00 AM',
      'Yesterday evening6:30 PMRead',
      expect.stringMatching(/^TodayJust now\d{1,2}:\d{2} [AP]M$/),
    ]);
  });

  it('shows the full date and time of a message on hovering its time', async () => {
    const user = userEvent.setup();
    renderList(conversation());
    const time = within(screen.getAllByRole('listitem')[0]).getByText('9:00 AM');
    expect(time).toHaveAttribute('dateTime', tenDaysAgo().toISOString());
    await user.hover(time);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(format(tenDaysAgo(), "EEEE, MMMM d, yyyy 'at' h:mm a"));
    expect(time).toHaveAccessibleDescription(format(tenDaysAgo(), "EEEE, MMMM d, yyyy 'at' h:mm a"));
  });

  it('lets the keyboard reach a message’s time, and shows its full date and time on focus', async () => {
    const user = userEvent.setup();
    renderList(conversation());
    const time = within(screen.getAllByRole('listitem')[2]).getByText('6:30 PM');
    for (let tabs = 0; tabs < 10 && document.activeElement !== time; tabs += 1) await user.tab();
    expect(time).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(format(at(1, 18, 30), "EEEE, MMMM d, yyyy 'at' h:mm a"));
  });
});

it('labels each delivery tick of ours by its status', () => {
  renderList([
    text(1, { direction: 'outbound', status: 'sending' }),
    text(2, { direction: 'outbound', status: 'sent' }),
    text(3, { direction: 'outbound', status: 'delivered' }),
    text(4, { direction: 'outbound', status: 'read' }),
    text(5, { direction: 'outbound', status: 'failed' }),
  ]);
  const ticks = screen.getAllByRole('listitem').map((row) => within(row).getByRole('img'));
  expect(ticks.map((tick) => tick.getAttribute('aria-label'))).toEqual(['Sending', 'Sent', 'Delivered', 'Read', 'Failed']);
  // Delivered is grey and read is blue: not the same tick in two near-white tints.
  expect(getComputedStyle(ticks[2]).color).toBe('rgb(209, 213, 219)');
  expect(getComputedStyle(ticks[3]).color).toBe('rgb(160, 196, 255)');
});

it('renders a message’s WhatsApp formatting and links, and shows any HTML in it as typed', () => {
  renderList([text(1, { content: '*Order ready* ~soon~ https://shop.example/o/42 <script>alert(1)</script>' })]);
  const row = screen.getByRole('listitem');
  expect(within(row).getByText('Order ready').tagName).toBe('STRONG');
  expect(within(row).getByText('soon').tagName).toBe('S');
  expect(within(row).getByRole('link', { name: 'https://shop.example/o/42' })).toHaveAttribute('target', '_blank');
  expect(row).toHaveTextContent('<script>alert(1)</script>');
  expect(row.querySelector('script')).toBeNull();
});

describe('new messages', () => {
  /**
   * The member scrolls up to the oldest of forty rows (jsdom has no layout: the scroller reports their
   * height). Virtuoso tells whether the list is at the bottom 50 ms after the scroll.
   */
  async function scrollToTop() {
    const scroller = screen.getByRole('region', { name: 'Messages with Aisha Khan' });
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 90 * 40 });
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    return scroller;
  }

  it('while the member reads older messages, new ones do not move the view: a pill counts them and takes the member to the first', async () => {
    const user = userEvent.setup();
    const { showNext } = renderList(range(1, 40));
    const scroller = await scrollToTop();
    expect(shownRows()[0]).toContain('Message 1');
    expect(screen.queryByRole('button', { name: /new message/ })).not.toBeInTheDocument();

    showNext(range(1, 42));
    expect(shownRows()[0]).toContain('Message 1');
    showNext(range(1, 43));
    const pill = screen.getByRole('button', { name: '3 new messages' });

    await user.click(pill);
    expect(screen.queryByRole('button', { name: /new message/ })).not.toBeInTheDocument();
    // The keyboard carries on in the messages (the scroll itself is the browser test's: jsdom lays nothing out).
    expect(scroller).toHaveFocus();
  });

  it('the pill answers Enter, and says "1 new message" for one', async () => {
    const user = userEvent.setup();
    const { showNext } = renderList(range(1, 40));
    await scrollToTop();
    showNext(range(1, 41));
    screen.getByRole('button', { name: '1 new message' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: /new message/ })).not.toBeInTheDocument();
  });

  it('at the newest message, new ones simply follow, with no pill', () => {
    const { showNext } = renderList(range(1, 2));
    showNext(range(1, 4));
    expect(shownRows().at(-1)).toContain('Message 4');
    expect(screen.queryByRole('button', { name: /new message/ })).not.toBeInTheDocument();
  });

  it('a divider heads the messages that were unread when the chat opened, and stays while it is open', () => {
    const ours = text(5, { direction: 'outbound', content: 'Our reply' });
    const { showNext } = renderList([...range(1, 4), ours], 2);
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[2]).getByRole('separator', { name: 'New messages' })).toBeInTheDocument();
    expect(screen.getAllByRole('separator', { name: 'New messages' })).toHaveLength(1);

    showNext([...range(1, 4), ours, text(6)]);
    expect(within(screen.getAllByRole('listitem')[2]).getByRole('separator', { name: 'New messages' })).toBeInTheDocument();
    expect(screen.getAllByRole('separator', { name: 'New messages' })).toHaveLength(1);
  });

  it('shows no divider for a chat opened with nothing unread', () => {
    renderList(range(1, 3), 0);
    expect(screen.queryByRole('separator', { name: 'New messages' })).not.toBeInTheDocument();
  });
});

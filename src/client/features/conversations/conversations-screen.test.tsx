import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { conversation, message, minutesAgo, mockInbox, page } from './testing/inbox-api';
import { renderInbox } from './testing/render-inbox';

const aisha = conversation({
  id: 'v-1',
  unreadCount: 120,
  lastMessage: {
    id: 'l-1',
    content: 'Could you tell me whether the saffron order placed yesterday has shipped yet?',
    direction: 'inbound',
    messageType: 'text',
    status: 'read',
    sentAt: minutesAgo(5),
  },
  lastMessageAt: minutesAgo(5),
});
const ravi = conversation({
  id: 'v-2',
  contact: { id: 'contact-v-2', name: null, profileName: null, countryCode: '+91', phoneNumber: '9876543210', tags: [], deletedAt: null },
  status: 'in_progress',
  assignedTo: 'Omar Saleh',
  assignedToId: '00000000-0000-7000-8000-000000000002',
  lastMessageAt: minutesAgo(180),
});

async function rowOf(name: string): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'Conversations' });
  return within(list).getByText(name).closest('li') as HTMLElement;
}

describe('Conversations list', () => {
  it("names a contact without a name of the business's by its WhatsApp profile name, and its avatar by a letter, never '+'", async () => {
    const zoe = conversation({
      id: 'v-3',
      contact: { id: 'contact-v-3', name: null, profileName: '🌸 Zoë ✨', countryCode: '+44', phoneNumber: '7911555001', tags: [], deletedAt: null },
    });
    mockInbox({ conversations: [zoe, ravi] });
    renderInbox();
    const zoeRow = await rowOf('~ 🌸 Zoë ✨');
    expect(within(zoeRow).getByTestId('contact-avatar')).toHaveTextContent(/^Z$/);
    const raviRow = await rowOf('+91 98765 43210');
    const avatar = within(raviRow).getByTestId('contact-avatar');
    expect(avatar).not.toHaveTextContent('+');
    expect(avatar.querySelector('svg')).not.toBeNull();
  });

  it('shows each conversation with its preview cut at 50 characters, unread badge capped at 99+, time, status and assignee', async () => {
    const log = mockInbox({ conversations: [aisha, ravi] });
    renderInbox();
    const first = await rowOf('Aisha Khan');
    expect(within(first).getByText('Could you tell me whether the saffron order placed…')).toBeInTheDocument();
    expect(within(first).getByText('99+')).toBeInTheDocument();
    expect(within(first).getByText('5m ago')).toBeInTheDocument();
    expect(within(first).getByText('Open')).toBeInTheDocument();
    expect(within(first).getByText('Unassigned')).toBeInTheDocument();

    const second = await rowOf('+91 98765 43210');
    expect(within(second).getByText('3h ago')).toBeInTheDocument();
    expect(within(second).getByText('In Progress')).toBeInTheDocument();
    expect(within(second).getByText('Omar Saleh')).toBeInTheDocument();
    // A real list: every child of the <ul> is an <li>.
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect([...list.children].every((child) => child.tagName === 'LI')).toBe(true);
    expect(log).toContain('GET /conversations?page=1&limit=15&filter=all');
  });

  it('says when the first page fails to load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockInbox({ list: () => 'fail' });
    renderInbox();
    expect(await screen.findByText('Failed to load conversations')).toBeInTheDocument();
  });

  it('switches the status filter, with counts on the buttons, and preselects it from ?status=', async () => {
    const log = mockInbox({
      conversations: [aisha, ravi],
      counts: { all: 2, open: 1, in_progress: 1, resolved: 0, unread: 0 },
      list: (params) => page(params.get('status') === 'in_progress' ? [ravi] : params.get('status') === 'resolved' ? [] : [aisha, ravi]),
    });
    const { user } = renderInbox('/conversations?status=resolved');
    expect(await screen.findByText('No conversations found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolved 0' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'In Progress 1' }));
    await rowOf('+91 98765 43210');
    expect(screen.queryByText('Aisha Khan')).not.toBeInTheDocument();
    expect(log).toContain('GET /conversations?page=1&limit=15&filter=all&status=in_progress');
  });

  it('shows the All/Mine/Unassigned switch only with chats:view_all', async () => {
    const log = mockInbox({ conversations: [aisha] });
    const { unmount } = renderInbox('/conversations', ['chats:view', 'chats:respond']);
    await rowOf('Aisha Khan');
    expect(screen.queryByRole('group', { name: 'Assignment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mine/ })).not.toBeInTheDocument();
    expect(log.some((entry) => entry.startsWith('GET /conversations/assignment/counts'))).toBe(false);
    unmount();

    const { user } = renderInbox('/conversations', ['chats:view', 'chats:view_all']);
    const switcher = await screen.findByRole('group', { name: 'Assignment' });
    await user.click(await within(switcher).findByRole('button', { name: 'Unassigned 2' }));
    await waitFor(() => expect(log).toContain('GET /conversations?page=1&limit=15&filter=unassigned'));
  });

  it('preselects the assignment from ?filter= (the dashboard links there) for members who may choose it', async () => {
    const log = mockInbox({ conversations: [aisha] });
    renderInbox('/conversations?filter=unassigned', ['chats:view', 'chats:view_all']);
    const switcher = await screen.findByRole('group', { name: 'Assignment' });
    await waitFor(() => expect(within(switcher).getByRole('button', { name: /Unassigned/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(log).toContain('GET /conversations?page=1&limit=15&filter=unassigned');
    expect(log).not.toContain('GET /conversations?page=1&limit=15&filter=all');
  });

  it('loads more, and says when that fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const more = conversation({ id: 'v-3', contact: { ...aisha.contact, id: 'contact-v-3', name: 'Layla Nasser' }, lastMessageAt: minutesAgo(900) });
    // Twice: a query that meets a server error is retried once.
    let failures = 2;
    mockInbox({ conversations: [aisha], list: () => page([aisha], true) });
    server.use(
      http.get(apiUrl('/conversations'), ({ request }) => {
        if (new URL(request.url).searchParams.get('page') !== '2') return undefined;
        if (failures > 0) {
          failures -= 1;
          return HttpResponse.json({ error: 'Database unavailable' }, { status: 503 });
        }
        return HttpResponse.json(page([more], false, 2));
      }),
    );
    const { user } = renderInbox();
    await rowOf('Aisha Khan');
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Failed to load more conversations')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await rowOf('Layla Nasser')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });
});

/** The open conversation's message region. */
async function messageLog(name = 'Aisha Khan'): Promise<HTMLElement> {
  return screen.findByRole('region', { name: `Messages with ${name}` });
}

function deferred() {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('An open conversation', () => {
  const messages = { 'v-1': [message('v-1', 1, { content: 'Is my order shipped?' }), message('v-1', 2, { content: 'It left this morning', direction: 'outbound', status: 'sent', clientId: 'c-old' })] };

  it('opens from /conversations/{contactId}, shows the messages and marks the conversation read', async () => {
    const log = mockInbox({ conversations: [aisha, ravi], messages });
    renderInbox('/conversations/contact-v-1');
    const region = await messageLog();
    expect(await within(region).findByText('Is my order shipped?')).toBeInTheDocument();
    expect(within(region).getByText('It left this morning')).toBeInTheDocument();
    expect(within(region).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    await waitFor(() => expect(log).toContain('PATCH /conversations/v-1/read'));
    expect(log).toContain('GET /conversations/contact/contact-v-1');
    expect(log).toContain('GET /conversations/v-1/messages?limit=50');
    expect(screen.getByRole('heading', { name: 'Aisha Khan' })).toBeInTheDocument();
    // In the header and the contact pane.
    expect(screen.getAllByText(/^Window open · 5h 1[0-5]m left$/)).toHaveLength(2);
    // The unread badge goes once the server has marked it read.
    const row = await rowOf('Aisha Khan');
    await waitFor(() => expect(within(row).queryByText('99+')).not.toBeInTheDocument());
  });

  it('opens from a row without looking the contact up, and does not mark a read conversation read', async () => {
    const log = mockInbox({ conversations: [aisha, ravi], messages: { 'v-2': [message('v-2', 1, { content: 'Namaste' })] } });
    const { user, router } = renderInbox();
    await user.click(within(await rowOf('+91 98765 43210')).getByRole('link'));
    expect(await within(await messageLog('+91 98765 43210')).findByText('Namaste')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/conversations/contact-v-2');
    expect(log.filter((entry) => entry.includes('/contact/') || entry === 'GET /conversations/v-2' || entry.endsWith('/read'))).toEqual([]);
  });

  it('shows a sent message at once as sending, then the stored one in its place: one bubble', async () => {
    mockInbox({ conversations: [aisha], messages });
    const answer = deferred();
    const sent: { content: string; clientId: string }[] = [];
    server.use(
      http.post(apiUrl('/conversations/v-1/messages'), async ({ request }) => {
        const body = (await request.json()) as { content: string; clientId: string };
        sent.push(body);
        await answer.promise;
        const stored = message('v-1', 3, { content: body.content, clientId: body.clientId, direction: 'outbound', status: 'sent' });
        return HttpResponse.json({ message: stored, conversation: { ...aisha, unreadCount: 0, lastMessageAt: stored.sentAt } });
      }),
    );
    const { user } = renderInbox('/conversations/contact-v-1');
    const region = await messageLog();
    await within(region).findByText('Is my order shipped?');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '  Your parcel arrives tomorrow  {Enter}');

    const bubble = (await within(region).findByText('Your parcel arrives tomorrow')).closest('li') as HTMLElement;
    expect(within(bubble).getByRole('img', { name: 'Sending' })).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(sent).toEqual([{ content: 'Your parcel arrives tomorrow', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);

    answer.release();
    await waitFor(() => expect(within(region).getByText('Your parcel arrives tomorrow').closest('li')).toContainElement(within(region).getAllByRole('img', { name: 'Sent' }).at(-1)!));
    expect(within(region).getAllByText('Your parcel arrives tomorrow')).toHaveLength(1);
    expect(within(region).queryByRole('img', { name: 'Sending' })).not.toBeInTheDocument();
  });

  it('keeps one bubble when a poll brings the stored message before the send answers', async () => {
    const answer = deferred();
    let clientId = '';
    const stored = () => message('v-1', 3, { content: 'On its way', clientId, direction: 'outbound', status: 'delivered' });
    mockInbox({ conversations: [aisha], messages });
    server.use(
      http.post(apiUrl('/conversations/v-1/messages'), async ({ request }) => {
        clientId = ((await request.json()) as { clientId: string }).clientId;
        await answer.promise;
        const lastMessage = { id: 'm-v-1-3', content: 'On its way', direction: 'outbound', messageType: 'text', status: 'sent', sentAt: minutesAgo(0) };
        return HttpResponse.json({ message: { ...stored(), status: 'sent' }, conversation: { ...aisha, lastMessage, lastMessageAt: lastMessage.sentAt } });
      }),
      http.get(apiUrl('/conversations/v-1/messages/poll'), () => HttpResponse.json({ messages: clientId ? [stored()] : [], cursor: clientId ? 3 : 2 })),
    );
    const { user } = renderInbox('/conversations/contact-v-1');
    const region = await messageLog();
    await within(region).findByText('Is my order shipped?');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'On its way{Enter}');
    // The poll (every 2 s) lands first: delivered.
    await within(region).findByRole('img', { name: 'Delivered' }, { timeout: 4000 });
    answer.release();
    // The late answer (its conversation's preview shows in the list) neither adds a bubble nor moves the status back.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Conversations' })).getByText('On its way')).toBeInTheDocument());
    expect(within(region).getAllByText('On its way')).toHaveLength(1);
    expect(within(region).getByRole('img', { name: 'Delivered' })).toBeInTheDocument();
  });

  it('marks a failed send failed with the reason, and Retry sends the same clientId again', async () => {
    mockInbox({ conversations: [aisha], messages });
    const clientIds: string[] = [];
    server.use(
      http.post(apiUrl('/conversations/v-1/messages'), async ({ request }) => {
        const body = (await request.json()) as { content: string; clientId: string };
        clientIds.push(body.clientId);
        if (clientIds.length === 1) return HttpResponse.json({ error: 'WhatsApp is unreachable' }, { status: 502 });
        const stored = message('v-1', 3, { content: body.content, clientId: body.clientId, direction: 'outbound', status: 'sent' });
        return HttpResponse.json({ message: stored, conversation: aisha });
      }),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderInbox('/conversations/contact-v-1');
    const region = await messageLog();
    await within(region).findByText('Is my order shipped?');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Sorry for the wait{Enter}');

    expect(await within(region).findByText('Failed to send message')).toBeInTheDocument();
    const bubble = within(region).getByText('Sorry for the wait').closest('li') as HTMLElement;
    expect(within(bubble).getByText('WhatsApp is unreachable')).toBeInTheDocument();
    expect(within(bubble).getByRole('img', { name: 'Failed' })).toBeInTheDocument();

    await user.click(within(bubble).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(region).queryByText('Failed to send message')).not.toBeInTheDocument());
    expect(within(region).getAllByText('Sorry for the wait')).toHaveLength(1);
    expect(clientIds).toHaveLength(2);
    expect(clientIds[1]).toBe(clientIds[0]);
  });

  it('keeps Retry on a send Meta refused once the poll brings the stored failed message, also after a retry that failed', async () => {
    mockInbox({ conversations: [aisha], messages });
    const clientIds: string[] = [];
    const stored = (status: 'failed' | 'sent') =>
      message('v-1', 3, {
        content: 'Back in stock tomorrow',
        clientId: clientIds[0],
        direction: 'outbound',
        status,
        ...(status === 'failed' && { errorCode: 2, errorMessage: 'Service temporarily unavailable' }),
      });
    server.use(
      http.post(apiUrl('/conversations/v-1/messages'), async ({ request }) => {
        clientIds.push(((await request.json()) as { clientId: string }).clientId);
        if (clientIds.length <= 2) return HttpResponse.json({ error: 'WhatsApp is unreachable' }, { status: 502 });
        return HttpResponse.json({ message: stored('sent'), conversation: aisha });
      }),
      http.get(apiUrl('/conversations/v-1/messages/poll'), () =>
        HttpResponse.json(clientIds.length === 1 ? { messages: [stored('failed')], cursor: 3 } : { messages: [], cursor: 3 }),
      ),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderInbox('/conversations/contact-v-1');
    const region = await messageLog();
    await within(region).findByText('Is my order shipped?');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Back in stock tomorrow{Enter}');

    // The poll (every 2 s) replaces the unsent bubble with the stored one, failed with Meta's reason.
    expect(await within(region).findByText('Not delivered', undefined, { timeout: 4000 })).toBeInTheDocument();
    const bubble = within(region).getByText('Back in stock tomorrow').closest('li') as HTMLElement;
    expect(within(bubble).getByText('Service temporarily unavailable')).toBeInTheDocument();
    // A retry refused again (no poll reports it: nothing changed on the server) is failed again, not sending for good.
    await user.click(within(bubble).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(clientIds).toHaveLength(2));
    expect(await within(bubble).findByText('WhatsApp is unreachable')).toBeInTheDocument();
    expect(within(bubble).getByRole('img', { name: 'Failed' })).toBeInTheDocument();
    await user.click(within(bubble).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(region).queryByText('Not delivered')).not.toBeInTheDocument());
    const sent = within(region).getByText('Back in stock tomorrow').closest('li') as HTMLElement;
    expect(within(sent).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    expect(within(region).getAllByText('Back in stock tomorrow')).toHaveLength(1);
    expect(clientIds).toEqual([clientIds[0], clientIds[0], clientIds[0]]);
  });

  it('merges a status change from the poll into the existing bubble (sent → delivered)', async () => {
    const before = message('v-1', 2, { content: 'It left this morning', direction: 'outbound', status: 'sent', clientId: 'c-old' });
    const log = mockInbox({
      conversations: [aisha],
      messages,
      polls: { 'v-1': [{ messages: [{ ...before, status: 'delivered' }], cursor: 4 }, { messages: [], cursor: 4 }] },
    });
    renderInbox('/conversations/contact-v-1');
    const region = await messageLog();
    const bubble = (await within(region).findByText('It left this morning')).closest('li') as HTMLElement;
    expect(within(bubble).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    await within(region).findByRole('img', { name: 'Delivered' }, { timeout: 4000 });
    expect(within(region).getAllByText('It left this morning')).toHaveLength(1);
    expect(log).toContain('GET /conversations/v-1/messages/poll?cursor=2');
  });

  it('disables the composer when the window is closed and offers a template from the chat and a broadcast', async () => {
    const closed = { ...aisha, unreadCount: 0, conversationWindowExpiresAt: minutesAgo(30), isConversationWindowOpen: false };
    mockInbox({ conversations: [closed], messages });
    renderInbox('/conversations/contact-v-1');
    await within(await messageLog()).findByText('Is my order shipped?');
    expect(screen.getByText(/conversation window is closed/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Attach file' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Template Message' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Broadcast to this Contact' })).toHaveAttribute('href', '/broadcast/new?contactId=contact-v-1');
  });

  it("refuses an empty message with 'Message cannot be empty'", async () => {
    mockInbox({ conversations: [{ ...aisha, unreadCount: 0 }], messages });
    const { user } = renderInbox('/conversations/contact-v-1');
    await within(await messageLog()).findByText('Is my order shipped?');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(await screen.findByText('Message cannot be empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Message cannot be empty')).toBeInTheDocument();
    // Shift+Enter starts a new line instead of sending (no POST handler: a send would fail the test).
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(box);
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(screen.queryByText('Message cannot be empty')).not.toBeInTheDocument();
  });
});

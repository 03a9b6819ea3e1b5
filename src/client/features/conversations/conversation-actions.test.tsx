import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Conversation, ConversationStatus } from '@shared/api/conversations';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { aishaAndOmar, conversation, mockInbox } from './testing/inbox-api';
import { renderInbox } from './testing/render-inbox';

const { aisha, omar, messages } = aishaAndOmar();
const ME = '00000000-0000-7000-8000-000000000001';

/** Answers PATCH status/assign/unassign with the conversation changed (each change kept for the next), and records the bodies. */
function answerChanges(base: Conversation) {
  const bodies: { path: string; body: unknown }[] = [];
  let current = base;
  const answer = async (request: Request, change: (body: Record<string, unknown>) => Partial<Conversation>) => {
    const body = request.headers.get('content-type')?.includes('json') ? ((await request.json()) as Record<string, unknown>) : {};
    bodies.push({ path: new URL(request.url).pathname.replace(/^\/api/, ''), body });
    current = { ...current, ...change(body) };
    return HttpResponse.json({ conversation: current });
  };
  server.use(
    http.patch(apiUrl('/conversations/:id/status'), ({ request }) => answer(request, (body) => ({ status: body.status as ConversationStatus }))),
    http.patch(apiUrl('/conversations/:id/assign'), ({ request }) =>
      answer(request, (body) => ({ assignedToId: String(body.assignToUserId), assignedTo: body.assignToUserId === ME ? 'Amira Haddad' : 'Omar Saleh' })),
    ),
    http.patch(apiUrl('/conversations/:id/unassign'), ({ request }) => answer(request, () => ({ assignedToId: null, assignedTo: null }))),
  );
  return bodies;
}

async function openAisha(route = '/conversations/contact-v-1', permissions?: Parameters<typeof renderInbox>[1]) {
  const rendered = renderInbox(route, permissions);
  const region = await screen.findByRole('region', { name: 'Messages with Aisha Khan' });
  await within(region).findByText('Hello from Aisha');
  return rendered;
}

describe('Conversation status and assignment', () => {
  it('moves open → in progress → resolved, then shows a Resolved badge and Reopen', async () => {
    mockInbox({ conversations: [aisha], messages });
    const bodies = answerChanges(aisha);
    const { user } = await openAisha();
    await user.click(screen.getByRole('button', { name: 'Mark as In Progress' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as In Progress' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Mark as Resolved' }));
    const chat = screen.getByRole('region', { name: 'Conversation' });
    await waitFor(() => expect(within(chat).getByText('Resolved')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Mark as/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByRole('button', { name: 'Mark as Resolved' })).toBeInTheDocument();
    expect(bodies).toEqual([
      { path: '/conversations/v-1/status', body: { status: 'in_progress' } },
      { path: '/conversations/v-1/status', body: { status: 'resolved' } },
      { path: '/conversations/v-1/status', body: { status: 'open' } },
    ]);
  });

  it('an Agent (chats:respond) takes an unassigned conversation, then resolves and reopens it, and sees no Assign dialog', async () => {
    mockInbox({ conversations: [aisha], messages });
    const bodies = answerChanges(aisha);
    const { user } = await openAisha('/conversations/contact-v-1', ['chats:view', 'chats:respond', 'messages:view', 'messages:send']);
    expect(screen.queryByRole('button', { name: /Mark as/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as Resolved' }));
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies).toEqual([
      { path: '/conversations/v-1/assign', body: { assignToUserId: ME } },
      { path: '/conversations/v-1/status', body: { status: 'resolved' } },
      { path: '/conversations/v-1/status', body: { status: 'open' } },
    ]);
  });

  it("says 'Failed to update status' when the change is refused", async () => {
    mockInbox({ conversations: [aisha], messages });
    server.use(http.patch(apiUrl('/conversations/v-1/status'), () => HttpResponse.json({ error: 'Forbidden' }, { status: 403 })));
    const { user } = await openAisha();
    await user.click(screen.getByRole('button', { name: 'Mark as Resolved' }));
    expect(await screen.findByText(/Failed to update status/)).toBeInTheDocument();
  });

  it('offers status actions only with chats:manage and assignment only with chats:assign', async () => {
    mockInbox({ conversations: [aisha], messages });
    await openAisha('/conversations/contact-v-1', ['chats:view', 'messages:view', 'chats:respond']);
    expect(screen.queryByRole('button', { name: /Mark as/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    // The composer stays: chats:respond may reply.
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  });

  it('replaces the composer without messages:send or chats:respond', async () => {
    mockInbox({ conversations: [aisha], messages });
    await openAisha('/conversations/contact-v-1', ['chats:view', 'messages:view', 'chats:manage']);
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByText('Your role cannot send messages.')).toBeInTheDocument();
  });

  it('assigns through the dialog with a handoff note, then unassigns', async () => {
    mockInbox({ conversations: [aisha], messages });
    const bodies = answerChanges(aisha);
    const { user } = await openAisha();
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Conversation' });
    await user.click(within(dialog).getByRole('combobox', { name: /Agent/ }));
    await user.click(await screen.findByRole('option', { name: 'Omar Saleh (omar@example.com)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Handoff note (optional)' }), 'Wants a refund');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const pane = screen.getByRole('region', { name: 'Contact info' });
    expect(await within(pane).findByText('Omar Saleh')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unassign' }));
    expect(await within(pane).findByText('Unassigned')).toBeInTheDocument();
    expect(bodies).toEqual([
      { path: '/conversations/v-1/assign', body: { assignToUserId: '00000000-0000-7000-8000-000000000002', note: 'Wants a refund' } },
      { path: '/conversations/v-1/unassign', body: {} },
    ]);
  });

  it("keeps the dialog open with 'Failed to assign conversation' when the assignment fails", async () => {
    mockInbox({ conversations: [aisha], messages });
    server.use(http.patch(apiUrl('/conversations/v-1/assign'), () => HttpResponse.json({ error: 'Assignee not found' }, { status: 404 })));
    const { user } = await openAisha();
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Conversation' });
    await user.click(within(dialog).getByRole('combobox', { name: /Agent/ }));
    await user.click(await screen.findByRole('option', { name: /Amira Haddad/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Failed to assign conversation: Assignee not found')).toBeInTheDocument();
  });
});

describe('Keyboard', () => {
  it('moves between conversations with j/k and Alt+Arrow keys, and focuses search and composer', async () => {
    mockInbox({ conversations: [aisha, omar], messages });
    const { user, router } = await openAisha();
    await user.keyboard('j');
    await screen.findByRole('region', { name: 'Messages with Omar Haddad' });
    expect(router.state.location.pathname).toBe('/conversations/contact-v-2');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await screen.findByRole('region', { name: 'Messages with Aisha Khan' });
    expect(router.state.location.pathname).toBe('/conversations/contact-v-1');

    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search conversations' })).toHaveFocus();
    // Typing in the search box is typing, not shortcuts.
    await user.keyboard('jr');
    expect(screen.getByRole('searchbox', { name: 'Search conversations' })).toHaveValue('jr');
    expect(router.state.location.pathname).toBe('/conversations/contact-v-1');
    // Alt+↓ works from a field too.
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await screen.findByRole('region', { name: 'Messages with Omar Haddad' });
  });

  it("focuses the composer with 'r', resolves with Alt+Shift+R, assigns to me with Alt+Shift+A, and lists the shortcuts with '?'", async () => {
    mockInbox({ conversations: [aisha], messages });
    const bodies = answerChanges(aisha);
    const { user } = await openAisha();
    await user.keyboard('r');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    await user.keyboard('{Alt>}{Shift>}R{/Shift}{/Alt}');
    await user.keyboard('{Alt>}{Shift>}A{/Shift}{/Alt}');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { path: '/conversations/v-1/status', body: { status: 'resolved' } },
      { path: '/conversations/v-1/assign', body: { assignToUserId: ME } },
    ]);

    act(() => screen.getByRole('textbox', { name: 'Message' }).blur());
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Mark as Resolved')).toBeInTheDocument();
    expect(within(help).getByText('Assign to me')).toBeInTheDocument();
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it("a shortcut for an action the member may not take says why instead of doing nothing", async () => {
    const othersConversation = conversation({ id: 'v-1', assignedToId: '00000000-0000-7000-8000-000000000002', assignedTo: 'Omar Saleh' });
    mockInbox({ conversations: [othersConversation], messages });
    const bodies = answerChanges(othersConversation);
    const { user } = await openAisha('/conversations/contact-v-1', ['chats:view', 'chats:view_all', 'chats:respond', 'messages:view']);
    await user.keyboard('{Alt>}{Shift>}R{/Shift}{/Alt}');
    expect(await screen.findByText('Cannot resolve this conversation')).toBeInTheDocument();
    expect(screen.getByText('You can change the status only of conversations assigned to you')).toBeInTheDocument();
    await user.keyboard('{Alt>}{Shift>}A{/Shift}{/Alt}');
    expect(await screen.findByText('Cannot take this conversation')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AddThreadNoteRequest, MentionableMember } from '@shared/api/thread-notes';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { FakeStream } from './testing/fake-live';
import { aishaAndOmar, conversation, message, mockInbox, page } from './testing/inbox-api';
import { renderInbox } from './testing/render-inbox';

/** The composer's Note mode: a note only the team sees, '@' suggesting teammates who can see the conversation. */

const aisha = conversation({ id: 'v-1' });

const TEAM: MentionableMember[] = [
  { id: 'u-omar', name: 'Omar Haddad' },
  { id: 'u-olivia', name: 'Olivia Stone' },
  { id: 'u-priya', name: 'Priya Nair' },
];

function noteAnswers() {
  const posted: AddThreadNoteRequest[] = [];
  let mentionableAsked = 0;
  server.use(
    http.get(apiUrl('/conversations/v-1/mentionable'), () => {
      mentionableAsked += 1;
      return HttpResponse.json({ members: TEAM });
    }),
    http.post(apiUrl('/conversations/v-1/notes'), async ({ request }) => {
      const body = (await request.json()) as AddThreadNoteRequest;
      posted.push(body);
      return HttpResponse.json({ message: message('v-1', 2, { direction: 'outbound', messageType: 'note', status: 'sent', content: body.content }) }, { status: 201 });
    }),
  );
  return { posted, mentionableAsked: () => mentionableAsked };
}

async function openChat(messages = [message('v-1', 1)]) {
  mockInbox({ conversations: [aisha], messages: { 'v-1': messages } });
  const answers = noteAnswers();
  const rendered = renderInbox('/conversations/contact-v-1');
  await within(await screen.findByRole('region', { name: 'Messages with Aisha Khan' })).findByText('Message 1');
  return { ...rendered, ...answers };
}

describe('Notes in the composer', () => {
  it('switches to Note by keyboard, and "@" offers teammates by keyboard: the chosen name goes in, their id goes with the note', async () => {
    const { user, posted, mentionableAsked } = await openChat();
    let sent = false;
    server.use(http.post(apiUrl('/conversations/v-1/messages'), () => {
      sent = true;
      return HttpResponse.json({ error: 'not expected' }, { status: 500 });
    }));

    // Tab to the switch, then the arrow keys' neighbour: Space presses Note.
    const noteButton = screen.getByRole('button', { name: 'Note' });
    noteButton.focus();
    await user.keyboard(' ');
    expect(noteButton).toHaveAttribute('aria-pressed', 'true');
    const box = screen.getByRole('textbox', { name: 'Note' });
    expect(screen.queryByRole('button', { name: 'Attach file' })).not.toBeInTheDocument();

    await user.click(box);
    await user.type(box, 'Please call back ');
    expect(mentionableAsked()).toBe(0);
    await user.type(box, '@o');
    const list = await screen.findByRole('listbox', { name: 'Mention a teammate' });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Omar Haddad', 'Olivia Stone']);
    expect(box).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0].id);

    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Please call back @Olivia Stone ');
    expect(screen.queryByRole('listbox', { name: 'Mention a teammate' })).not.toBeInTheDocument();

    await user.type(box, 'today{Enter}');
    await waitFor(() => expect(posted).toEqual([{ content: 'Please call back @Olivia Stone today', mentions: ['u-olivia'] }]));
    expect(await screen.findByText('Please call back @Olivia Stone today')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(sent).toBe(false);
  });

  it('Escape closes the list, and a mention erased from the text is not sent', async () => {
    const { user, posted } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Note' }));
    const box = screen.getByRole('textbox', { name: 'Note' });
    await user.type(box, '@pri');
    await screen.findByRole('listbox', { name: 'Mention a teammate' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Mention a teammate' })).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '@pri');
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('@Priya Nair ');
    await user.clear(box);
    await user.type(box, 'Nobody in particular{Enter}');
    await waitFor(() => expect(posted).toEqual([{ content: 'Nobody in particular', mentions: [] }]));
  });

  it('shows a note in the thread with its own label and no delivery tick', async () => {
    await openChat([
      message('v-1', 1),
      message('v-1', 2, { direction: 'outbound', messageType: 'note', status: 'sent', content: 'Refund approved by finance', authorName: 'Rahul Menon' }),
    ]);
    const note = screen.getByRole('article', { name: 'Note' });
    expect(within(note).getByText('Note · only your team sees this')).toBeInTheDocument();
    expect(within(note).getByText('Refund approved by finance')).toBeInTheDocument();
    expect(within(note).getByText('Rahul Menon')).toBeInTheDocument();
    expect(within(note).queryByLabelText(/sent|delivered|read/i)).not.toBeInTheDocument();
  });

  it('writes notes on a closed window, where replies are not available', async () => {
    mockInbox({ conversations: [conversation({ id: 'v-1', isConversationWindowOpen: false, conversationWindowExpiresAt: null })], messages: { 'v-1': [message('v-1', 1)] } });
    const { posted } = noteAnswers();
    const { user } = renderInbox('/conversations/contact-v-1');
    await screen.findByText('Message 1');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Note' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Customer prefers email{Enter}');
    await waitFor(() => expect(posted).toEqual([{ content: 'Customer prefers email', mentions: [] }]));
  });
});

describe('The Mentions filter', () => {
  it('asks the server for the conversations that mention the member, and back', async () => {
    const asked: string[] = [];
    mockInbox({
      list: (params) => {
        asked.push(params.get('mentioned') ?? '');
        return page(params.get('mentioned') === 'me' ? [] : [aisha]);
      },
    });
    const { user } = renderInbox('/conversations');
    expect(await screen.findByText('Aisha Khan')).toBeInTheDocument();
    const mentions = screen.getByRole('button', { name: 'Mentions' });
    expect(mentions).toHaveAttribute('aria-pressed', 'false');
    await user.click(mentions);
    expect(mentions).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('No conversations found')).toBeInTheDocument();
    expect(asked).toContain('me');
    await user.click(mentions);
    expect(await screen.findByText('Aisha Khan')).toBeInTheDocument();
  });
});

describe('A mention heard live', () => {
  it('is recorded as a mention pulse naming its conversation; other nudges are not', async () => {
    const { aisha: first, omar, messages } = aishaAndOmar();
    mockInbox({ conversations: [first, omar], messages });
    const stream = new FakeStream();
    const { store } = renderInbox('/conversations', undefined, 'desktop', { openEventStream: () => stream });
    expect(await screen.findByText('Omar Haddad')).toBeInTheDocument();
    stream.emit('open');
    stream.emit('nudge', { conversationId: 'v-1', counter: 4, kind: 'message' });
    expect(store.getState().live.mentionPulse).toEqual({ pulse: 0, conversationIds: [] });
    stream.emit('nudge', { conversationId: 'v-2', counter: 5, kind: 'mention' });
    expect(store.getState().live.mentionPulse).toEqual({ pulse: 1, conversationIds: ['v-2'] });
  });
});

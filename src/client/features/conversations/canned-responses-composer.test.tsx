import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CannedResponse, CannedResponsePage } from '@shared/api/canned-responses';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { conversation, message, mockInbox } from './testing/inbox-api';
import { renderInbox } from './testing/render-inbox';

/** Typing '/' in the composer: the team's canned responses, filtered, inserted with their placeholders filled. */

const aisha = conversation({ id: 'v-1' });

function reply(id: string, shortcut: string, content: string): CannedResponse {
  return { id, shortcut, content, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' };
}

const REPLIES = [
  reply('c-1', 'greet', 'Hello {{contact.name}}, this is {{agent.name}}. How can I help?'),
  reply('c-2', 'greet-evening', 'Good evening {{contact.name}}!'),
  reply('c-3', 'hours', 'We are open 9 to 5. We will call you on {{ contact.phone }}.'),
];

function cannedAnswers(data: CannedResponse[] = REPLIES) {
  const asked: URL[] = [];
  server.use(
    http.get(apiUrl('/canned-responses'), ({ request }) => {
      asked.push(new URL(request.url));
      const page: CannedResponsePage = { data, pagination: { page: 1, limit: 1000, total: data.length, totalPages: 1, hasNext: false } };
      return HttpResponse.json(page);
    }),
  );
  return asked;
}

async function openChat() {
  mockInbox({ conversations: [aisha], messages: { 'v-1': [message('v-1', 1)] } });
  const asked = cannedAnswers();
  const rendered = renderInbox('/conversations/contact-v-1');
  await within(await screen.findByRole('region', { name: 'Messages with Aisha Khan' })).findByText('Message 1');
  const box = screen.getByRole('textbox', { name: 'Message' });
  return { ...rendered, box, asked };
}

const optionNames = (list: HTMLElement) => within(list).getAllByRole('option').map((option) => option.textContent);

describe('Canned responses in the composer', () => {
  it('reads them only once "/" is typed, and filters them by what follows', async () => {
    const { user, box, asked } = await openChat();
    await user.type(box, 'Hi there');
    expect(screen.queryByRole('listbox', { name: 'Canned responses' })).not.toBeInTheDocument();
    expect(asked).toHaveLength(0);

    await user.clear(box);
    await user.type(box, '/');
    const list = await screen.findByRole('listbox', { name: 'Canned responses' });
    expect(optionNames(list)).toEqual([
      `/greet${REPLIES[0].content}`, `/greet-evening${REPLIES[1].content}`, `/hours${REPLIES[2].content}`,
    ]);
    expect(asked[0].searchParams.get('limit')).toBe('1000');

    await user.type(box, 'gre');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(within(list).getAllByRole('option').map((option) => option.id)).toEqual([box.getAttribute('aria-activedescendant'), expect.any(String)]);
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);

    await user.type(box, 'x');
    expect(await screen.findByText('No canned response matches /grex')).toBeInTheDocument();
  });

  it('Enter inserts the highlighted one in place of "/gre", placeholders filled, and does not send', async () => {
    const { user, box } = await openChat();
    let sent = false;
    server.use(http.post(apiUrl('/conversations/v-1/messages'), () => {
      sent = true;
      return HttpResponse.json({ error: 'not expected' }, { status: 500 });
    }));
    await user.type(box, 'Note: /gre');
    const list = await screen.findByRole('listbox', { name: 'Canned responses' });
    expect(optionNames(list)).toHaveLength(2);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Note: Hello Aisha Khan, this is Amira Haddad. How can I help?');
    expect(screen.queryByRole('listbox', { name: 'Canned responses' })).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(sent).toBe(false);
  });

  it('arrow keys move through the list and Tab chooses; the phone placeholder is the formatted number', async () => {
    const { user, box } = await openChat();
    await user.type(box, '/');
    const list = await screen.findByRole('listbox', { name: 'Canned responses' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(list).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[2].id);
    await user.keyboard('{ArrowDown}{ArrowUp}{Tab}');
    expect(box).toHaveValue('We are open 9 to 5. We will call you on +971 50 123 4567.');
  });

  it('Escape closes the list and keeps the text; a "/" inside a word opens nothing', async () => {
    const { user, box } = await openChat();
    await user.type(box, '/gre');
    await screen.findByRole('listbox', { name: 'Canned responses' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Canned responses' })).not.toBeInTheDocument();
    expect(box).toHaveValue('/gre');
    expect(box).toHaveFocus();

    await user.clear(box);
    await user.type(box, 'and/or');
    expect(screen.queryByRole('listbox', { name: 'Canned responses' })).not.toBeInTheDocument();
  });

  it('a click on an option inserts it', async () => {
    const { user, box } = await openChat();
    await user.type(box, '/ev');
    const list = await screen.findByRole('listbox', { name: 'Canned responses' });
    await user.click(within(list).getByRole('option', { name: /greet-evening/ }));
    expect(box).toHaveValue('Good evening Aisha Khan!');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CannedResponse, CannedResponsePage } from '@shared/api/canned-responses';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import CannedResponsesTab from './canned-responses-tab';

function reply(id: string, shortcut: string, content: string): CannedResponse {
  return { id, shortcut, content, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' };
}

const greet = reply('c-1', 'greet', 'Hello {{contact.name}}, this is {{agent.name}}.');
const hours = reply('c-2', 'hours', 'We are open 9 to 5.');

function answers(data: CannedResponse[] = [greet, hours]) {
  const seen: URL[] = [];
  server.use(
    http.get(apiUrl('/canned-responses'), ({ request }) => {
      seen.push(new URL(request.url));
      const page: CannedResponsePage = { data, pagination: { page: 1, limit: 25, total: data.length, totalPages: 1, hasNext: false } };
      return HttpResponse.json(page);
    }),
  );
  return seen;
}

async function rowOf(shortcut: string): Promise<HTMLElement> {
  return (await screen.findByText(`/${shortcut}`)).closest('[role="row"]') as HTMLElement;
}

const SENDER = sessionUser({ permissions: ['chats:view', 'chats:respond', 'messages:send'] });

describe('Canned Responses tab', () => {
  it('lists them by shortcut with their content, 25 a page', async () => {
    const seen = answers();
    renderWithProviders(<CannedResponsesTab />, { user: sessionUser() });
    expect(within(await rowOf('greet')).getByText(greet.content)).toBeInTheDocument();
    expect(within(await rowOf('hours')).getByText(hours.content)).toBeInTheDocument();
    expect(seen[0].searchParams.get('limit')).toBe('25');
    expect(screen.getByRole('heading', { name: 'Canned Responses' })).toBeInTheDocument();
  });

  it('without canned_responses:manage shows the list but no add, edit or delete', async () => {
    answers();
    renderWithProviders(<CannedResponsesTab />, { user: SENDER });
    const row = await rowOf('greet');
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add Canned Response' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('adds one, checking the fields with the shared rules', async () => {
    answers();
    let sent: unknown;
    server.use(
      http.post(apiUrl('/canned-responses'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(reply('c-9', 'thanks', 'Thank you!'), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<CannedResponsesTab />, { user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: 'Add Canned Response' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Canned Response' });
    const shortcut = within(dialog).getByRole('textbox', { name: /Shortcut/ });
    const content = within(dialog).getByRole('textbox', { name: /Content/ });

    await user.type(shortcut, 'thank you');
    await user.type(content, 'Thanks {{{{contact.email}}');
    await user.click(within(dialog).getByRole('button', { name: 'Add Canned Response' }));
    expect(await within(dialog).findByText('Shortcut can only contain letters, numbers, hyphens and underscores')).toBeInTheDocument();
    expect(within(dialog).getByText('Unknown placeholder {{contact.email}}: use {{contact.name}}, {{contact.phone}}, {{agent.name}}')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.clear(shortcut);
    await user.type(shortcut, 'thanks');
    await user.clear(content);
    await user.type(content, '  Thank you, {{{{contact.name}}!  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Canned Response' }));
    expect(await screen.findByText('Canned response created successfully')).toBeInTheDocument();
    expect(sent).toEqual({ shortcut: 'thanks', content: 'Thank you, {{contact.name}}!' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Canned Response' })).not.toBeInTheDocument());
  });

  it("shows the server's 409 when the shortcut is taken, and keeps the dialog open", async () => {
    answers();
    server.use(
      http.post(apiUrl('/canned-responses'), () =>
        HttpResponse.json({ error: 'A canned response with the shortcut "/greet" already exists' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<CannedResponsesTab />, { user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: 'Add Canned Response' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Canned Response' });
    await user.type(within(dialog).getByRole('textbox', { name: /Shortcut/ }), 'GREET');
    await user.type(within(dialog).getByRole('textbox', { name: /Content/ }), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Add Canned Response' }));
    expect(await screen.findByText('A canned response with the shortcut "/greet" already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Canned Response' })).toBeInTheDocument();
  });

  it('edits one with its values prefilled', async () => {
    answers();
    let sent: unknown;
    server.use(
      http.put(apiUrl('/canned-responses/c-2'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...hours, content: 'Open 8 to 6.' });
      }),
    );
    const { user } = renderWithProviders(<CannedResponsesTab />, { user: sessionUser() });
    await user.click(within(await rowOf('hours')).getByRole('button', { name: 'Edit canned response /hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Canned Response' });
    expect(within(dialog).getByRole('textbox', { name: /Shortcut/ })).toHaveValue('hours');
    const content = within(dialog).getByRole('textbox', { name: /Content/ });
    expect(content).toHaveValue(hours.content);
    await user.clear(content);
    await user.type(content, 'Open 8 to 6.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Canned response updated successfully')).toBeInTheDocument();
    expect(sent).toEqual({ shortcut: 'hours', content: 'Open 8 to 6.' });
  });

  it('deletes after the confirmation', async () => {
    answers();
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('/canned-responses/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ message: 'Canned response deleted successfully' });
      }),
    );
    const { user } = renderWithProviders(<CannedResponsesTab />, { user: sessionUser() });
    await user.click(within(await rowOf('greet')).getByRole('button', { name: 'Delete canned response /greet' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Canned Response' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete the canned response "/greet"?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Canned response deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Canned Response' })).not.toBeInTheDocument());
    expect(deleted).toEqual(['c-1']);
  });
});

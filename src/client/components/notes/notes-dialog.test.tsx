import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Contact } from '@shared/api/contacts';
import type { ContactNote, ContactNotePage } from '@shared/api/notes';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import { NotesDialog } from './notes-dialog';

const me = sessionUser({ name: 'Amira Haddad' });
const contact: Contact = {
  id: 'c-1', name: 'Aisha Khan', profileName: null, countryCode: '+971', phoneNumber: '501234567', tags: [],
  createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', deletedAt: null, optedOutAt: null, optOutSource: null, _count: { notes: 2 },
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function note(overrides: Partial<ContactNote> & { id: string }): ContactNote {
  return {
    contactId: contact.id, userId: me.userId, user: { name: me.name }, credit: null, content: 'A note', type: 'note',
    createdAt: minutesAgo(5), updatedAt: minutesAgo(5), ...overrides,
  };
}

const mine = note({ id: 'n-1', content: 'Prefers calls after 6 pm', createdAt: minutesAgo(0), updatedAt: minutesAgo(0) });
const theirs = note({ id: 'n-2', userId: 'u-2', user: { name: 'Omar Khalil' }, content: 'Sent the brochure', createdAt: minutesAgo(180), updatedAt: minutesAgo(180) });
const created = note({ id: 'n-3', type: 'system', content: 'Contact created', createdAt: minutesAgo(60 * 24 * 3), updatedAt: minutesAgo(60 * 24 * 3) });

function answers(notes: ContactNote[] = [mine, theirs, created]) {
  const page: ContactNotePage = { data: notes, pagination: { page: 1, limit: 50, total: notes.length, totalPages: 1, hasNext: false } };
  server.use(http.get(apiUrl('/contacts/c-1/notes'), () => HttpResponse.json(page)));
}

function renderDialog(permissions?: Permission[]) {
  return renderWithProviders(<NotesDialog contact={contact} onClose={jest.fn()} />, {
    user: permissions ? { ...me, organization: { ...me.organization!, permissions } } : me,
  });
}

function entry(text: string): HTMLElement {
  return screen.getByText(text).closest('li') as HTMLElement;
}

describe('Notes & Activity', () => {
  it('shows the timeline newest first with authors and time labels; only my notes can be changed', async () => {
    answers();
    renderDialog();
    expect(screen.getByRole('dialog', { name: /Notes & Activity/ })).toBeInTheDocument();
    expect(await screen.findByText('Prefers calls after 6 pm')).toBeInTheDocument();
    expect(entry('Prefers calls after 6 pm')).toHaveTextContent('Amira Haddad · just now');
    expect(entry('Sent the brochure')).toHaveTextContent('Omar Khalil · 3 hours ago');
    expect(entry('Contact created')).toHaveTextContent('3 days ago');
    expect(within(entry('Prefers calls after 6 pm')).getByRole('button', { name: 'Edit note' })).toBeInTheDocument();
    expect(within(entry('Sent the brochure')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(entry('Contact created')).queryByRole('button')).not.toBeInTheDocument();
  });

  it("credits entries Parley or WhatsApp wrote to them, not to a member, and a departed member's note to a former member", async () => {
    const ago = minutesAgo(30);
    const fromWhatsApp = note({ id: 'n-4', type: 'system', userId: null, user: null, credit: 'whatsapp', content: 'Contact created from a WhatsApp message', createdAt: ago, updatedAt: ago });
    const imported = note({ id: 'n-5', type: 'system', credit: 'parley', content: 'Imported from leads.csv with tag "leads"', createdAt: ago, updatedAt: ago });
    const departed = note({ id: 'n-6', userId: null, user: null, content: 'Called twice', createdAt: ago, updatedAt: ago });
    answers([fromWhatsApp, imported, departed]);
    renderDialog();
    expect(await screen.findByText('Contact created from a WhatsApp message')).toBeInTheDocument();
    expect(entry('Contact created from a WhatsApp message')).toHaveTextContent('WhatsApp · 30 minutes ago');
    expect(entry('Imported from leads.csv with tag "leads"')).toHaveTextContent('Parley · 30 minutes ago');
    expect(entry('Imported from leads.csv with tag "leads"')).not.toHaveTextContent(me.name);
    expect(entry('Called twice')).toHaveTextContent('Former member · 30 minutes ago');
  });

  it('adds a note with Ctrl+Enter; an empty one is refused with the shared message', async () => {
    answers();
    let sent: unknown;
    server.use(
      http.post(apiUrl('/contacts/c-1/notes'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(note({ id: 'n-9', content: 'Call on Sunday' }), { status: 201 });
      }),
    );
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Add Note' }));
    const box = screen.getByRole('textbox', { name: 'Note' });
    await user.type(box, '   ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Note cannot be empty')).toBeInTheDocument();
    await user.type(box, 'Call on Sunday  ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Note added successfully')).toBeInTheDocument();
    expect(sent).toEqual({ content: 'Call on Sunday' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument());
  });

  it('opens one editor at a time and saves an edit with Cmd+Enter', async () => {
    answers();
    let sent: unknown;
    server.use(
      http.put(apiUrl('/contacts/c-1/notes/n-1'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...mine, content: 'Prefers calls after 7 pm' });
      }),
    );
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Add Note' }));
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('');
    await user.click(within(entry('Prefers calls after 6 pm')).getByRole('button', { name: 'Edit note' }));
    const boxes = screen.getAllByRole('textbox', { name: 'Note' });
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toHaveValue('Prefers calls after 6 pm');
    await user.clear(boxes[0]);
    await user.type(boxes[0], 'Prefers calls after 7 pm');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(await screen.findByText('Note updated successfully')).toBeInTheDocument();
    expect(sent).toEqual({ content: 'Prefers calls after 7 pm' });
  });

  it('deletes only after the confirmation modal', async () => {
    answers();
    let deleted = false;
    server.use(
      http.delete(apiUrl('/contacts/c-1/notes/n-1'), () => {
        deleted = true;
        return HttpResponse.json({ message: 'Note deleted successfully' });
      }),
    );
    const { user } = renderDialog();
    await user.click(within(await screen.findByText('Prefers calls after 6 pm').then((el) => el.closest('li') as HTMLElement)).getByRole('button', { name: 'Delete note' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Note' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Note' })).not.toBeInTheDocument());
    expect(deleted).toBe(false);
    await user.click(within(entry('Prefers calls after 6 pm')).getByRole('button', { name: 'Delete note' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Note' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Note deleted successfully')).toBeInTheDocument();
    expect(deleted).toBe(true);
  });

  it("reports the server's refusal", async () => {
    answers();
    server.use(http.put(apiUrl('/contacts/c-1/notes/n-1'), () => HttpResponse.json({ error: 'Only the author can edit this note' }, { status: 403 })));
    const { user } = renderDialog();
    await user.click(within(await screen.findByText('Prefers calls after 6 pm').then((el) => el.closest('li') as HTMLElement)).getByRole('button', { name: 'Edit note' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only the author can edit this note')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Prefers calls after 6 pm!');
  });

  it('is read-only without contacts:edit', async () => {
    answers();
    renderDialog(['contacts:view']);
    expect(await screen.findByText('Prefers calls after 6 pm')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit note' })).not.toBeInTheDocument();
  });
});

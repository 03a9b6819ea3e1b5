import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Contact, ContactPage } from '@shared/api/contacts';
import type { TagPage } from '@shared/api/tags';
import type { Permission } from '@shared/permissions/catalogue';
import { contactFixture, sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import ContactsScreen from './contacts-screen';

const vip = { id: 't-vip', name: 'VIP', color: '#d32f2f' };

const contact = contactFixture;

const aisha = contact({ id: 'c-1', tags: [{ tagId: vip.id, tag: vip }], _count: { notes: 3 } });
const ravi = contact({ id: 'c-2', name: 'Ravi Kumar', countryCode: '+91', phoneNumber: '9876543210', deletedAt: '2026-03-02T10:00:00.000Z' });

function page(data: Contact[], totalPages = 1): ContactPage {
  return { data, pagination: { page: 1, limit: 50, total: data.length, totalPages, hasNext: totalPages > 1 } };
}

const tagPage: TagPage = {
  data: [{ ...vip, type: 'manual', createdAt: '2026-01-01T00:00:00.000Z', deletedAt: null, contactCount: 1 }],
  pagination: { page: 1, limit: 1000, total: 1, totalPages: 1, hasNext: false },
};

function answers(list: Contact[] = [aisha, ravi]) {
  const seen: URL[] = [];
  server.use(
    http.get(apiUrl('/contacts'), ({ request }) => {
      seen.push(new URL(request.url));
      return HttpResponse.json(page(list));
    }),
    http.get(apiUrl('/tags'), () => HttpResponse.json(tagPage)),
  );
  return seen;
}

function renderScreen(permissions?: Permission[]) {
  return renderWithProviders(<ContactsScreen />, { user: permissions ? sessionUser({ permissions }) : sessionUser() });
}

async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByText(name);
  return cell.closest('[role="row"]') as HTMLElement;
}

describe('Contacts screen', () => {
  it('lists contacts with phone, tags and the note count; deleted ones struck through with only Restore', async () => {
    const seen = answers();
    renderScreen();
    const row = await rowOf('Aisha Khan');
    expect(within(row).getByText('+971 50 123 4567')).toBeInTheDocument();
    expect(within(row).getByText('VIP')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Notes of Aisha Khan: 3' })).toHaveTextContent('3');
    expect(seen[0].searchParams.get('limit')).toBe('50');
    expect(seen[0].searchParams.get('page')).toBe('1');

    const deleted = await rowOf('Ravi Kumar');
    expect(within(deleted).getByText('Ravi Kumar')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(deleted).getByText('Deleted')).toBeInTheDocument();
    expect(within(deleted).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Restore Ravi Kumar']);
  });

  it('shows "No contacts found" when there are none, and no pagination for a single page', async () => {
    answers([]);
    renderScreen();
    expect(await screen.findByText('No contacts found')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /rows per page/i })).not.toBeInTheDocument();
  });

  it('searches from 3 characters, after the debounce, and shows the matches unpaged', async () => {
    answers();
    const queries: string[] = [];
    server.use(
      http.get(apiUrl('/contacts/search'), ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({ data: [contact({ id: 'c-9', name: 'Ahmed Ali' })] });
      }),
    );
    const { user } = renderScreen();
    await rowOf('Aisha Khan');
    const box = screen.getByRole('textbox', { name: 'Search contacts' });
    await user.type(box, 'ah');
    expect(await screen.findByText('Type at least 3 characters to search')).toBeInTheDocument();
    await user.type(box, 'm');
    expect(await screen.findByText('Ahmed Ali')).toBeInTheDocument();
    expect(screen.queryByText('Aisha Khan')).not.toBeInTheDocument();
    expect(queries).toEqual(['ahm']);
  });

  it('adds a contact through the modal, checking fields with the shared rules', async () => {
    answers();
    let sent: unknown;
    server.use(
      http.post(apiUrl('/contacts'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(contact({ id: 'c-new', name: 'Omar Haddad' }), { status: 201 });
      }),
    );
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Add Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Phone number is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Omar Haddad');
    await user.click(within(dialog).getByRole('combobox', { name: /Country Code/ }));
    await user.click(await screen.findByRole('option', { name: '+971 United Arab Emirates' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Phone Number/ }), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Phone number must be 7-15 digits')).toBeInTheDocument();

    const phone = within(dialog).getByRole('textbox', { name: /Phone Number/ });
    await user.type(phone, '4567 89');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Phone number is not valid for country code +971')).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '050 123 4567');
    await user.click(within(dialog).getByRole('combobox', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Contact created successfully')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Omar Haddad', countryCode: '+971', phoneNumber: '050 123 4567', tagIds: [vip.id] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Contact' })).not.toBeInTheDocument());
  });

  it("warns 'Contact Already Exists' on DUPLICATE_CONTACT and keeps the modal open", async () => {
    answers();
    server.use(
      http.post(apiUrl('/contacts'), () =>
        HttpResponse.json({ error: 'A contact with this phone number already exists', code: 'DUPLICATE_CONTACT' }, { status: 409 }),
      ),
    );
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Add Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Contact' });
    await user.type(within(dialog).getByRole('textbox', { name: /Phone Number/ }), '9876543210');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Contact Already Exists')).toBeInTheDocument();
    // In the toast, and beside the number in the modal that stays open.
    expect(await within(dialog).findByText('A contact with this phone number already exists')).toBeInTheDocument();
    expect(screen.getAllByText('A contact with this phone number already exists')).toHaveLength(2);
  });

  it('edits a contact with its values prefilled', async () => {
    answers();
    let sent: unknown;
    server.use(
      http.put(apiUrl('/contacts/c-1'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(aisha);
      }),
    );
    const { user } = renderScreen();
    await user.click(within(await rowOf('Aisha Khan')).getByRole('button', { name: 'Edit Aisha Khan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Aisha Khan');
    await user.clear(name);
    await user.type(name, 'Aisha Rahman');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Contact updated successfully')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Aisha Rahman', countryCode: '+971', phoneNumber: '501234567', tagIds: [vip.id] });
  });

  it('deletes after the browser confirm, and does nothing when it is declined', async () => {
    answers();
    const deleted: string[] = [];
    server.use(
      http.delete(apiUrl('/contacts/:id'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ ...aisha, deletedAt: '2026-03-03T00:00:00.000Z' });
      }),
    );
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderScreen();
    const button = within(await rowOf('Aisha Khan')).getByRole('button', { name: 'Delete Aisha Khan' });
    await user.click(button);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete Aisha Khan?');
    expect(deleted).toEqual([]);
    await user.click(button);
    expect(await screen.findByText('Contact deleted successfully')).toBeInTheDocument();
    expect(deleted).toEqual(['c-1']);
  });

  it('restores after a confirm, and reports a failure', async () => {
    answers();
    server.use(http.patch(apiUrl('/contacts/c-2/undelete'), () => HttpResponse.json({ error: 'This contact is not deleted' }, { status: 409 })));
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderScreen();
    await user.click(within(await rowOf('Ravi Kumar')).getByRole('button', { name: 'Restore Ravi Kumar' }));
    expect(confirm).toHaveBeenCalledWith('Restore Ravi Kumar?');
    expect(await screen.findByText('This contact is not deleted')).toBeInTheDocument();
  });

  it('starts a chat: finds or creates the conversation, then opens it', async () => {
    answers();
    server.use(http.get(apiUrl('/conversations/contact/c-1'), () => HttpResponse.json({ conversationId: 'v-1', contact: { id: 'c-1' } })));
    const { user, router } = renderWithProviders(<ContactsScreen />, { user: sessionUser(), path: '/contacts', route: '/contacts' });
    await user.click(within(await rowOf('Aisha Khan')).getByRole('button', { name: 'Start chat with Aisha Khan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/conversations/c-1'));
  });

  it("says 'Failed to start conversation' when that fails", async () => {
    answers();
    server.use(http.get(apiUrl('/conversations/contact/c-1'), () => HttpResponse.json({}, { status: 404 })));
    const { user } = renderScreen();
    await user.click(within(await rowOf('Aisha Khan')).getByRole('button', { name: 'Start chat with Aisha Khan' }));
    expect(await screen.findByText('Failed to start conversation')).toBeInTheDocument();
  });

  it('hides what the member may not do', async () => {
    answers();
    renderScreen(['contacts:view']);
    const row = await rowOf('Aisha Khan');
    expect(within(row).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Notes of Aisha Khan: 3']);
    expect(screen.queryByRole('button', { name: 'Add Contact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(within(await rowOf('Ravi Kumar')).queryAllByRole('button')).toEqual([]);
  });

  it('leaves the tag picker out, and tags untouched, for a member without contacts:tag', async () => {
    answers();
    let sent: Record<string, unknown> = {};
    server.use(
      http.put(apiUrl('/contacts/c-1'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(aisha);
      }),
    );
    const { user } = renderScreen(['contacts:view', 'contacts:edit']);
    await user.click(within(await rowOf('Aisha Khan')).getByRole('button', { name: 'Edit Aisha Khan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    expect(within(dialog).queryByRole('combobox', { name: 'Tags' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Contact updated successfully');
    expect(sent).not.toHaveProperty('tagIds');
  });
});

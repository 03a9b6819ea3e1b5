import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import type { Contact, ContactPage } from '@shared/api/contacts';
import { contactFixture, sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import ContactsScreen from './contacts-screen';

const stopped = contactFixture({ id: 'c-1', name: 'Aisha Khan', optedOutAt: '2026-03-02T09:00:00.000Z', optOutSource: 'keyword' });
const subscribed = contactFixture({ id: 'c-2', name: 'Omar Saleh', phoneNumber: '501234568' });

function listOf(contacts: Contact[]) {
  const page: ContactPage = { data: contacts, pagination: { page: 1, limit: 50, total: contacts.length, totalPages: 1, hasNext: false } };
  return HttpResponse.json(page);
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;

describe('A contact opted out of marketing', () => {
  it('shows Opted out with why and since when; contacts:edit clears it and the row follows', async () => {
    let current: Contact[] = [stopped, subscribed];
    const cleared: string[] = [];
    server.use(
      http.get(apiUrl('/contacts'), () => listOf(current)),
      http.delete(apiUrl('/contacts/c-1/opt-out'), () => {
        cleared.push('c-1');
        current = [{ ...stopped, optedOutAt: null, optOutSource: null }, subscribed];
        return HttpResponse.json(current[0]);
      }),
    );
    renderWithProviders(<ContactsScreen />, { user: sessionUser() });

    const row = await rowOf('Aisha Khan');
    expect(within(row).getByLabelText('Opted out of marketing on Mar 2, 2026: replied with an opt-out keyword')).toBeInTheDocument();
    expect(within(await rowOf('Omar Saleh')).queryByText('Opted out')).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Clear the marketing opt-out of Aisha Khan' }));
    await waitFor(() => expect(within(screen.getByText('Aisha Khan').closest('[role="row"]') as HTMLElement).queryByText('Opted out')).not.toBeInTheDocument());
    expect(cleared).toEqual(['c-1']);
  });

  it('a member without contacts:edit sees it but gets no button to clear it', async () => {
    server.use(http.get(apiUrl('/contacts'), () => listOf([stopped])));
    renderWithProviders(<ContactsScreen />, { user: sessionUser({ permissions: ALL_PERMISSIONS.filter((p) => p !== 'contacts:edit') }) });
    const row = await rowOf('Aisha Khan');
    expect(within(row).getByText('Opted out')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Clear the marketing opt-out/ })).not.toBeInTheDocument();
  });
});

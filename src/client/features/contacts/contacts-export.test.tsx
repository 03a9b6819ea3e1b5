import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ContactPage } from '@shared/api/contacts';
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import { contactFixture, sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import ContactsScreen from './contacts-screen';

const onePage: ContactPage = { data: [contactFixture({ id: 'c-1' })], pagination: { page: 1, limit: 50, total: 1, totalPages: 1, hasNext: false } };

beforeEach(() => {
  server.use(
    http.get(apiUrl('/contacts'), () => HttpResponse.json(onePage)),
    http.get(apiUrl('/contacts/search'), () => HttpResponse.json({ data: [contactFixture({ id: 'c-2', name: 'Ahmed Ali' })] })),
  );
});

describe('Contacts: Export CSV', () => {
  it('downloads every contact, then what the search finds', async () => {
    const { user } = renderWithProviders(<ContactsScreen />, { user: sessionUser() });
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', `${window.location.origin}/api/contacts/export.csv`);
    expect(link).toHaveAttribute('download');

    await user.type(screen.getByRole('textbox', { name: 'Search contacts' }), 'ahm');
    await screen.findByText('Ahmed Ali');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `${window.location.origin}/api/contacts/export.csv?q=ahm`);
  });

  it('is not offered without contacts:export', async () => {
    renderWithProviders(<ContactsScreen />, { user: sessionUser({ permissions: ALL_PERMISSIONS.filter((permission) => permission !== 'contacts:export') }) });
    expect(await screen.findByRole('button', { name: 'Add Contact' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Contact, ContactPage } from '@shared/api/contacts';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import ContactsScreen from './contacts-screen';

const aisha: Contact = {
  id: 'c-1',
  name: 'Aisha Khan',
  countryCode: '+971',
  phoneNumber: '501234567',
  tags: [{ tagId: 't-vip', tag: { id: 't-vip', name: 'VIP', color: '#d32f2f' } }],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  deletedAt: null,
  _count: { notes: 3 },
};

function answers() {
  const page: ContactPage = { data: [aisha], pagination: { page: 1, limit: 50, total: 1, totalPages: 1, hasNext: false } };
  server.use(http.get(apiUrl('/contacts'), () => HttpResponse.json(page)));
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('Contacts table width', () => {
  it('shows Name, Phone, Tags and Actions on a wide screen', async () => {
    answers();
    renderWithProviders(<ContactsScreen />, { user: sessionUser() });
    await screen.findByText('Aisha Khan');
    expect(headers()).toEqual(['Name', 'Phone', 'Tags', 'Actions']);
  });

  it('under 48em drops Tags and puts the phone under the name, keeping every row action', async () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('48em') });
    try {
      answers();
      renderWithProviders(<ContactsScreen />, { user: sessionUser() });
      const row = (await screen.findByText('Aisha Khan')).closest('[role="row"]') as HTMLElement;
      expect(headers()).toEqual(['Name', 'Actions']);
      const nameCell = screen.getByText('Aisha Khan').closest('[role="gridcell"]') as HTMLElement;
      expect(within(nameCell).getByText('+971 50 123 4567')).toBeInTheDocument();
      expect(within(row).queryByText('VIP')).not.toBeInTheDocument();
      expect(within(row).getAllByRole('button')).toHaveLength(4);
      for (const name of [/^Start chat with Aisha Khan/, /^Notes of Aisha Khan/, /^Edit Aisha Khan/, /^Delete Aisha Khan/]) {
        expect(within(row).getByRole('button', { name })).toBeInTheDocument();
      }
    } finally {
      window.matchMedia = original;
    }
  });
});

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
  profileName: null,
  countryCode: '+971',
  phoneNumber: '501234567',
  tags: [{ tagId: 't-vip', tag: { id: 't-vip', name: 'VIP', color: '#d32f2f' } }],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  deletedAt: null,
  optedOutAt: null,
  optOutSource: null,
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

describe('Contacts table names', () => {
  it("shows a contact without a name of the business's by its WhatsApp profile name, marked, and its number formatted", async () => {
    const zoe: Contact = { ...aisha, id: 'c-2', name: null, profileName: '🌸 Zoë ✨', countryCode: '+44', phoneNumber: '7911555001', tags: [] };
    const bare: Contact = { ...aisha, id: 'c-3', name: null, profileName: null, countryCode: '+971', phoneNumber: '501000101', tags: [] };
    const page: ContactPage = { data: [aisha, zoe, bare], pagination: { page: 1, limit: 50, total: 3, totalPages: 1, hasNext: false } };
    server.use(http.get(apiUrl('/contacts'), () => HttpResponse.json(page)));
    renderWithProviders(<ContactsScreen />, { user: sessionUser() });

    const zoeRow = (await screen.findByText('~ 🌸 Zoë ✨')).closest('[role="row"]') as HTMLElement;
    expect(within(zoeRow).getByText('+44 7911 555001')).toBeInTheDocument();
    expect(within(zoeRow).getByRole('button', { name: /^Edit ~ 🌸 Zoë ✨/ })).toBeInTheDocument();
    const bareRow = screen.getAllByText('+971 50 100 0101')[0].closest('[role="row"]') as HTMLElement;
    expect(within(bareRow).queryByText('No name')).not.toBeInTheDocument();
  });
});

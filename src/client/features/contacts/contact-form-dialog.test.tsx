import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Contact } from '@shared/api/contacts';
import { contactFixture, sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import { ContactFormDialog } from './contact-form-dialog';

const stored = (overrides: Partial<Contact>) => contactFixture({ id: 'c-1', name: 'Someone', ...overrides });

/** The modal on its own, as the Contacts screen opens it; answers what it POSTs. */
function renderDialog(contact: Contact | null = null) {
  const sent: unknown[] = [];
  server.use(
    http.post(apiUrl('/contacts'), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(stored({ id: 'c-new' }), { status: 201 });
    }),
    http.put(apiUrl('/contacts/:id'), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(stored({}));
    }),
  );
  const onClose = jest.fn();
  const rendered = renderWithProviders(<ContactFormDialog open contact={contact} canTag={false} onClose={onClose} />, { user: sessionUser() });
  const dialog = screen.getByRole('dialog');
  return { ...rendered, sent, onClose, dialog, country: within(dialog).getByRole('combobox', { name: /Country Code/ }) };
}

describe('Add Contact: numbers of every country', () => {
  it('lists India and the six Gulf states first, then every other country by name', async () => {
    const { user, country } = renderDialog();
    expect(country).toHaveValue('+91 India');
    await user.click(country);
    const names = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(names.slice(0, 9)).toEqual([
      '+91 India', '+971 United Arab Emirates', '+966 Saudi Arabia', '+965 Kuwait', '+973 Bahrain', '+974 Qatar', '+968 Oman',
      '+93 Afghanistan', '+358 Åland Islands',
    ]);
    expect(names.length).toBeGreaterThan(200);
    expect(names).toEqual(expect.arrayContaining(['+44 United Kingdom', '+1 United States', '+49 Germany', '+55 Brazil', '+234 Nigeria']));
  });

  it.each([
    ['United Kingdom', '+44 United Kingdom', '07911 123456', '+44'],
    ['united states', '+1 United States', '202 555 0123', '+1'],
    ['germ', '+49 Germany', '01512 3456789', '+49'],
    ['Brazil', '+55 Brazil', '11 91234 5678', '+55'],
    ['+234', '+234 Nigeria', '0803 123 4567', '+234'],
  ])('types %j to find %s, picks it with the keyboard and saves %s', async (typed, option, number, code) => {
    const { user, sent, onClose, dialog, country } = renderDialog();
    await user.click(country);
    await user.clear(country);
    await user.type(country, typed);
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveTextContent(option);
    await user.keyboard('{Enter}');
    expect(country).toHaveValue(option);
    await user.type(within(dialog).getByRole('textbox', { name: /Phone Number/ }), number);
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ name: null, countryCode: code, phoneNumber: number }]);
  });

  it("refuses a number that is not one of the country's, naming the code, and accepts it under its own country", async () => {
    const { user, sent, onClose, dialog, country } = renderDialog();
    const phone = within(dialog).getByRole('textbox', { name: /Phone Number/ });
    // An Emirati mobile, typed the Emirati way, under India (the default).
    await user.type(phone, '050 123 4567');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Phone number is not valid for country code +91')).toBeInTheDocument();

    await user.click(country);
    await user.click(await screen.findByRole('option', { name: '+971 United Arab Emirates' }));
    await waitFor(() => expect(within(dialog).queryByText(/is not valid for country code/)).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ name: null, countryCode: '+971', phoneNumber: '050 123 4567' }]);
  });

  it('says which code a too short UK number is not valid for', async () => {
    const { user, dialog, country } = renderDialog();
    await user.click(country);
    await user.click(await screen.findByRole('option', { name: '+44 United Kingdom' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Phone Number/ }), '7911 12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Phone number is not valid for country code +44')).toBeInTheDocument();
  });

  it('keeps the 7-15 digit rule and its message for every country', async () => {
    const { user, dialog, country } = renderDialog();
    await user.click(country);
    await user.click(await screen.findByRole('option', { name: '+1 United States' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Phone Number/ }), '202-555');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Phone number must be 7-15 digits')).toBeInTheDocument();
  });
});

describe('Edit Contact', () => {
  it("shows a stored code's main country, and saves the contact unchanged", async () => {
    const { user, sent, onClose, dialog, country } = renderDialog(stored({ countryCode: '+1', phoneNumber: '2025550123' }));
    expect(country).toHaveValue('+1 United States');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ name: 'Someone', countryCode: '+1', phoneNumber: '2025550123' }]);
  });

  it('keeps a country picked among those sharing a code', async () => {
    const { user, country } = renderDialog(stored({ countryCode: '+44', phoneNumber: '7911123456' }));
    expect(country).toHaveValue('+44 United Kingdom');
    await user.click(country);
    await user.click(await screen.findByRole('option', { name: '+44 Jersey' }));
    expect(country).toHaveValue('+44 Jersey');
  });

  it('shows a number whose code was stored split wrongly under its real country, and saves it mended', async () => {
    const { user, sent, onClose, dialog, country } = renderDialog(stored({ countryCode: '+23', phoneNumber: '48031234567' }));
    expect(country).toHaveValue('+234 Nigeria');
    expect(within(dialog).getByRole('textbox', { name: /Phone Number/ })).toHaveValue('8031234567');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ name: 'Someone', countryCode: '+234', phoneNumber: '8031234567' }]);
  });
});

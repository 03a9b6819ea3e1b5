/** @jest-environment node */
import type { Contact, ContactSearchResponse } from '@shared/api/contacts';
import type { ContactNotePage } from '@shared/api/notes';
import { contacts } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { appWithAdminForFile } from '../../testing/test-app';
import { ensureContactForCustomer } from './contact-intake-service';

/** Phone numbers of every country through POST /api/contacts, stored as the form and WhatsApp both key them. */

const file = appWithAdminForFile();

function create(payload: object) {
  return file.admin.request({ method: 'POST', url: '/api/contacts', payload });
}

async function search(q: string): Promise<string[]> {
  const response = await file.admin.request({ method: 'GET', url: `/api/contacts/search?q=${encodeURIComponent(q)}` });
  return response.json<ContactSearchResponse>().data.map((contact) => `${contact.countryCode} ${contact.phoneNumber}`);
}

describe('POST /api/contacts: numbers of every country', () => {
  test.each([
    ['United Kingdom', '+44', '07911 123456', '7911123456'],
    ['United States', '+1', '202 555 0123', '2025550123'],
    ['Germany', '+49', '01512 3456789', '15123456789'],
    ['Brazil', '+55', '11 91234 5678', '11912345678'],
    ['Nigeria', '+234', '0803 123 4567', '8031234567'],
    ['a German landline', '+49', '030 123456', '30123456'],
    ['India', '+91', '098765 43210', '9876543210'],
    ['United Arab Emirates', '+971', '050 123 4567', '501234567'],
    ['Saudi Arabia', '+966', '966 55 123 4567', '551234567'],
    ['Kuwait', '+965', '5000 1122', '50001122'],
    ['Bahrain', '+973', '3600 1122', '36001122'],
    ['Qatar', '+974', '3344 5566', '33445566'],
    ['Oman', '+968', '9912 3456', '99123456'],
  ])('%s: %s %s is stored as %s', async (_country, countryCode, typed, national) => {
    const response = await create({ name: 'Sam Lee', countryCode, phoneNumber: typed });
    expect(response.statusCode).toBe(201);
    expect(response.json<Contact>()).toMatchObject({ countryCode, phoneNumber: national });
  });

  test('one UK number typed two ways is one contact: the second answers 409', async () => {
    expect((await create({ countryCode: '+44', phoneNumber: '020 7946 0958' })).statusCode).toBe(201);
    const again = await create({ name: 'Oliver Smith', countryCode: '+44', phoneNumber: '44 20 7946 0958' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'A contact with this phone number already exists', code: 'DUPLICATE_CONTACT' });
  });

  test.each([
    [{ countryCode: '+44', phoneNumber: '7911 12345' }, 'Phone number is not valid for country code +44'],
    [{ countryCode: '+971', phoneNumber: '98765 43210' }, 'Phone number is not valid for country code +971'],
    [{ countryCode: '+1', phoneNumber: '123 456 7890' }, 'Phone number is not valid for country code +1'],
    // The API's documented messages still come first, word for word.
    [{ countryCode: '+44', phoneNumber: '791112' }, 'Phone number must be 7-15 digits'],
    [{ countryCode: '+44', phoneNumber: '+44 7911 123456' }, 'Phone number must be 7-15 digits'],
    // A code no country dials with is the country code's error.
    [{ countryCode: '+999', phoneNumber: '1234567' }, 'Invalid country code format'],
  ])('%j answers 400 %s', async (payload, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  test('a contact edited to another country keeps one key per number', async () => {
    const created = (await create({ countryCode: '+1', phoneNumber: '415 555 0100' })).json<Contact>();
    const moved = await file.admin.request({ method: 'PUT', url: `/api/contacts/${created.id}`, payload: { countryCode: '+61', phoneNumber: '0412 345 678' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Contact>()).toMatchObject({ countryCode: '+61', phoneNumber: '412345678' });
    expect((await create({ countryCode: '+61', phoneNumber: '61412345678' })).statusCode).toBe(409);
  });

  test('search finds a number of any country by the digits of its E.164 key, typed as people write them', async () => {
    await create({ name: 'Chidi Okafor', countryCode: '+234', phoneNumber: '0809 555 1234' });
    expect(await search('+234 809 555')).toEqual(['+234 8095551234']);
    expect(await search('0809 555 1234')).toEqual(['+234 8095551234']);
  });

  test('a customer writing in on WhatsApp from a number typed in the form is that contact', async () => {
    const typed = (await create({ name: 'Lena Vogel', countryCode: '+49', phoneNumber: '0170 1234567' })).json<Contact>();
    expect(await ensureContactForCustomer(file.t.database.db, file.organizationId, '491701234567', 'Lena')).toBe(typed.id);

    const fromWhatsApp = await ensureContactForCustomer(file.t.database.db, file.organizationId, '5521987654321', 'Ana Souza');
    const stored = (await file.admin.request({ method: 'GET', url: `/api/contacts/${fromWhatsApp}` })).json<Contact>();
    expect(stored).toMatchObject({ name: 'Ana Souza', countryCode: '+55', phoneNumber: '21987654321' });
    expect((await create({ countryCode: '+55', phoneNumber: '21 98765 4321' })).statusCode).toBe(409);
  });

  test('a number stored with its code split wrongly is stored split right by an edit, which records no phone change', async () => {
    // As WhatsApp numbers of countries with three-digit codes were stored before every country was known.
    const id = uuidv7();
    await file.t.database.db
      .insert(contacts)
      .values({ id, organizationId: file.organizationId, name: 'Ada Eze', countryCode: '+23', phoneNumber: '48091112222', phoneE164: '+2348091112222' });
    const saved = await file.admin.request({ method: 'PUT', url: `/api/contacts/${id}`, payload: { name: 'Ada Obi', countryCode: '+234', phoneNumber: '8091112222' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Contact>()).toMatchObject({ countryCode: '+234', phoneNumber: '8091112222' });
    const notes = (await file.admin.request({ method: 'GET', url: `/api/contacts/${id}/notes` })).json<ContactNotePage>();
    expect(notes.data.map((note) => note.content)).toEqual(['Details updated: name "Ada Eze" → "Ada Obi"']);
  });
});

/** @jest-environment node */
import type { Contact } from '@shared/api/contacts';
import type { ContactNotePage } from '@shared/api/notes';
import { createAppWithAdmin, type Member, type TestApp } from '../../testing/test-app';
import { ensureContactForCustomer, ensureContactsForCustomers, type Customer } from './contact-intake-service';

let t: TestApp;
let admin: Member;
beforeAll(async () => ({ t, admin } = await createAppWithAdmin()));
afterAll(() => t.close());

/** The admin's organization's contacts for these customers, as a webhook batch would ask. */
function ensure(customers: Customer[]): Promise<Map<string, string>> {
  return ensureContactsForCustomers(t.database.db, admin.user.organization!.organizationId, customers);
}

async function contact(id: string): Promise<Contact> {
  return (await admin.request({ method: 'GET', url: `/api/contacts/${id}` })).json<Contact>();
}

async function timeline(id: string): Promise<Array<[string, string | null]>> {
  const page = (await admin.request({ method: 'GET', url: `/api/contacts/${id}/notes` })).json<ContactNotePage>();
  return page.data.map((entry) => [entry.content, entry.userId]);
}

describe('contacts written in from WhatsApp', () => {
  test('a new number becomes a contact with its profile name and a "created" entry credited to WhatsApp, not to a member', async () => {
    const ids = await ensure([
      { waId: '971501110001', profileName: 'Layla Hassan' },
      { waId: '971501110002', profileName: 'R2D2' },
    ]);
    const layla = await contact(ids.get('971501110001')!);
    expect(layla).toMatchObject({ name: 'Layla Hassan', countryCode: '+971', phoneNumber: '501110001' });
    expect(await timeline(layla.id)).toEqual([['Contact created from a WhatsApp message', null]]);
    const [entry] = (await admin.request({ method: 'GET', url: `/api/contacts/${layla.id}/notes` })).json<ContactNotePage>().data;
    expect(entry).toMatchObject({ userId: null, user: null, credit: 'whatsapp' });
    // A profile name the contact form would refuse is not taken.
    expect((await contact(ids.get('971501110002')!)).name).toBeNull();
  });

  test('a known number is the same contact: a typed name is kept, a nameless contact takes the profile name, nothing is recorded', async () => {
    const typed = (await admin.request({ method: 'POST', url: '/api/contacts', payload: { name: 'Typed Name', countryCode: '+971', phoneNumber: '0501110003' } })).json<Contact>();
    const nameless = (await admin.request({ method: 'POST', url: '/api/contacts', payload: { countryCode: '+971', phoneNumber: '501110004' } })).json<Contact>();
    const ids = await ensure([
      { waId: '971501110003', profileName: 'Profile Name' },
      { waId: '971501110004', profileName: 'Noura Saleh' },
    ]);
    expect(ids).toEqual(new Map([['971501110003', typed.id], ['971501110004', nameless.id]]));
    expect((await contact(typed.id)).name).toBe('Typed Name');
    expect((await contact(nameless.id)).name).toBe('Noura Saleh');
    expect((await timeline(typed.id)).map(([content]) => content)).toEqual(['Contact created']);
  });

  test('a deleted contact stays deleted when its customer writes again', async () => {
    const gone = (await admin.request({ method: 'POST', url: '/api/contacts', payload: { countryCode: '+971', phoneNumber: '501110005' } })).json<Contact>();
    await admin.request({ method: 'DELETE', url: `/api/contacts/${gone.id}` });
    const organizationId = admin.user.organization!.organizationId;
    expect(await ensureContactForCustomer(t.database.db, organizationId, '971501110005', 'Back Again')).toBe(gone.id);
    expect((await contact(gone.id)).deletedAt).not.toBeNull();
  });

  test('the same first message handled twice at once makes one contact with one "created" entry', async () => {
    const customer = { waId: '96891110006', profileName: 'Salim Al Balushi' };
    const [first, second] = await Promise.all([
      ensure([customer]),
      ensure([customer, { ...customer }]),
    ]);
    expect(second.get(customer.waId)).toBe(first.get(customer.waId));
    expect(await timeline(first.get(customer.waId)!)).toEqual([['Contact created from a WhatsApp message', null]]);
  });
});

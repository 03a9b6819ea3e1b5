/** @jest-environment node */
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload } from '@sandbox/payloads';
import type { Contact, ContactSearchResponse } from '@shared/api/contacts';
import type { ConversationPage } from '@shared/api/conversations';
import type { Member } from '../../testing/test-app';
import { createKitWithAdmin, postWebhook, sandboxNumber, type WhatsAppTestKit } from '../../testing/whatsapp-test-kit';

/** WhatsApp profile names as customers have them: kept (sanitized) beside the business's own name. */

const WABA = DEMO_BUSINESS.businessAccountId;

let kit: WhatsAppTestKit;
let admin: Member;
beforeAll(async () => ({ kit, admin } = await createKitWithAdmin()));
afterAll(() => kit.close());

let sequence = 0;

/** A text message from the customer, posted as Meta would and handled. */
async function writeIn(waId: string, profileName: string): Promise<void> {
  sequence += 1;
  const message = { id: `wamid.profile-${sequence}`, type: 'text', text: { body: 'Hello' } };
  const payload = inboundPayload(WABA, sandboxNumber(), { waId, name: profileName }, message, Date.now() - 60_000 + sequence);
  expect((await postWebhook(kit.t.app, payload)).statusCode).toBe(200);
  await kit.t.app.webhookInbox.drain();
}

async function contactByNumber(waId: string): Promise<Contact> {
  const found = (await admin.request({ method: 'GET', url: `/api/contacts/search?q=${waId}` })).json<ContactSearchResponse>();
  expect(found.data).toHaveLength(1);
  return found.data[0];
}

describe('WhatsApp profile names', () => {
  test.each([
    ['971502220001', '🌸 Zoë ✨'],
    ['971502220002', 'Smith, John'],
    ['971502220003', 'Noor 2'],
  ])('%s writing in as "%s" keeps the name as sent, in profileName', async (waId, profileName) => {
    await writeIn(waId, profileName);
    const contact = await contactByNumber(waId);
    expect(contact.profileName).toBe(profileName);
    // The contact form would refuse these, so the contact has no name of the business's.
    expect(contact.name).toBeNull();
  });

  test('control characters and bidirectional overrides are removed', async () => {
    await writeIn('971502220004', ' \u202Egnp.exe\u202C Ali\u0007\u001B\u009B\u2066 Khan\u2069 ');
    expect((await contactByNumber('971502220004')).profileName).toBe('gnp.exe Ali Khan');
  });

  test("a member's name is never overwritten; a new profile name replaces the old one", async () => {
    await writeIn('971502220005', 'Layla Hassan');
    const first = await contactByNumber('971502220005');
    // A valid profile name still names a nameless contact, as before.
    expect(first).toMatchObject({ name: 'Layla Hassan', profileName: 'Layla Hassan' });
    const edited = await admin.request({
      method: 'PUT',
      url: `/api/contacts/${first.id}`,
      payload: { name: 'Layla Wholesale', countryCode: '+971', phoneNumber: '502220005' },
    });
    expect(edited.statusCode).toBe(200);

    await writeIn('971502220005', 'Layla 🌙');
    expect(await contactByNumber('971502220005')).toMatchObject({ id: first.id, name: 'Layla Wholesale', profileName: 'Layla 🌙' });
    await writeIn('971502220005', 'Layla H.');
    expect(await contactByNumber('971502220005')).toMatchObject({ name: 'Layla Wholesale', profileName: 'Layla H.' });
  });

  test('contact search and the conversation list search find a contact by its profile name', async () => {
    await writeIn('971502220006', '🌻 Farida Qureshi-92');
    const contacts = (await admin.request({ method: 'GET', url: `/api/contacts/search?q=${encodeURIComponent('farida q')}` })).json<ContactSearchResponse>();
    expect(contacts.data.map((c) => c.profileName)).toEqual(['🌻 Farida Qureshi-92']);

    const conversations = (await admin.request({ method: 'GET', url: `/api/conversations?search=${encodeURIComponent('Qureshi-9')}` })).json<ConversationPage>();
    expect(conversations.data.map((c) => c.contact)).toEqual([
      expect.objectContaining({ name: null, profileName: '🌻 Farida Qureshi-92', countryCode: '+971', phoneNumber: '502220006' }),
    ]);
  });
});

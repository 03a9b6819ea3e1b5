/** @jest-environment node */
import { eq } from 'drizzle-orm';
import type { Template } from '@shared/api/templates';
import { fallbackRequired } from '@shared/validation/template-parameters';
import { contacts } from '../../db/schema';
import { kitWithAdminForFile } from '../../testing/whatsapp-test-kit';
import { customerNumber, customerWrites } from './inbox-test-fixtures';

const suite = kitWithAdminForFile();
const db = () => suite.kit.t.database.db;

let orderConfirmation = '';
beforeAll(async () => {
  expect((await suite.admin.request({ method: 'POST', url: '/api/templates/sync' })).statusCode).toBe(200);
  const templates: Template[] = (await suite.admin.request({ method: 'GET', url: '/api/templates/local' })).json().data;
  orderConfirmation = templates.find((t) => t.name === 'order_confirmation')?.id ?? '';
});

/** A chat with a customer whose contact carries `name` (null: none). */
async function chatWith(name: string | null): Promise<{ waId: string; conversationId: string }> {
  const waId = customerNumber();
  const { conversationId, contactId } = await customerWrites(db(), suite.organizationId, { waId, name: 'Profile' }, 'Hello');
  await db().update(contacts).set({ name, profileName: null }).where(eq(contacts.id, contactId));
  return { waId, conversationId };
}

const send = (conversationId: string, parameters: unknown[]) =>
  suite.admin.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages/template`, payload: { templateId: orderConfirmation, parameters } });

const sentTexts = (waId: string) => [...suite.kit.sandbox.world.sent.values()].filter((sent) => sent.to === waId).map((sent) => sent.text);

describe('a template from the chat with contact fields', () => {
  it('renders them for the conversation’s contact (the fallback where the contact has no name) and stores what was sent', async () => {
    const named = await chatWith('Layla  \n Haddad');
    const nameless = await chatWith(null);
    const parameters = [{ field: 'name', fallback: 'there' }, 'DR-1', { field: 'phoneNumber', fallback: 'soon' }];

    const first = await send(named.conversationId, parameters);
    expect(first.statusCode).toBe(201);
    expect(JSON.parse(first.json().message.content).parameters).toEqual(['Layla Haddad', 'DR-1', `+${named.waId}`]);
    expect(sentTexts(named.waId)).toEqual([
      `Hi Layla Haddad, thank you for shopping with Desert Rose Trading. Your order DR-1 will arrive on +${named.waId}.`,
    ]);

    const second = await send(nameless.conversationId, parameters);
    expect(second.statusCode).toBe(201);
    expect(sentTexts(nameless.waId)[0]).toMatch(/^Hi there, /);
  });

  it('refuses a contact field without a fallback with 400, sending nothing', async () => {
    const chat = await chatWith(null);
    const response = await send(chat.conversationId, [{ field: 'name', fallback: '' }, 'DR-1', 'Monday']);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(fallbackRequired(1, 'name'));
    expect(sentTexts(chat.waId)).toEqual([]);
  });
});

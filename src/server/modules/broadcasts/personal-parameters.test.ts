/** @jest-environment node */
import { eq } from 'drizzle-orm';
import type { Template } from '@shared/api/templates';
import { fallbackRequired, PARAMETER_SHAPE, parameterBadSpacing } from '@shared/validation/template-parameters';
import { broadcasts, contacts, messages } from '../../db/schema';
import { ensureContactForCustomer } from '../contacts/contact-intake-service';
import { makeTag } from './broadcast-test-fixtures';
import { broadcastCustomer, dispatchSuite, queueBroadcast, recipientRows } from './dispatch-test-fixtures';

const { suite, db, app, sandbox, dispatch, customers } = dispatchSuite();

let orderConfirmation = '';
beforeAll(async () => {
  expect((await suite.admin.request({ method: 'POST', url: '/api/templates/sync' })).statusCode).toBe(200);
  const templates: Template[] = (await suite.admin.request({ method: 'GET', url: '/api/templates/local' })).json().data;
  orderConfirmation = templates.find((t) => t.name === 'order_confirmation')?.id ?? '';
});

/** A contact for a new customer number, with the business's name for them (null: none) and a WhatsApp profile name. */
async function contactNamed(name: string | null, profileName?: string): Promise<{ id: string; waId: string }> {
  const waId = broadcastCustomer();
  const id = await ensureContactForCustomer(db(), suite.organizationId, waId, profileName);
  await db().update(contacts).set({ name }).where(eq(contacts.id, id));
  return { id, waId };
}

const sentTexts = (waId: string) => [...sandbox().world.sent.values()].filter((sent) => sent.to === waId).map((sent) => sent.text);

function create(parameters: unknown[], contactIds: string[]) {
  return suite.admin.request({ method: 'POST', url: '/api/broadcast', payload: { templateId: orderConfirmation, parameters, contactIds } });
}

describe('a broadcast with contact fields', () => {
  it('sends each recipient their own values: the name (whitespace collapsed), else the fallback; the chat shows what they got', async () => {
    const layla = await contactNamed('Layla');
    const spaced = await contactNamed('  Omar \n  Haddad\t');
    const nameless = await contactNamed(null);
    const response = await create(
      [{ field: 'name', fallback: 'there' }, { field: 'phoneNumber', fallback: 'your number' }, '12 December'],
      [layla.id, spaced.id, nameless.id],
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    app().broadcastDispatch.kick();
    await dispatch();

    const body = (name: string, waId: string) =>
      `Hi ${name}, thank you for shopping with Desert Rose Trading. Your order +${waId} will arrive on 12 December.`;
    expect(sentTexts(layla.waId)).toEqual([body('Layla', layla.waId)]);
    expect(sentTexts(spaced.waId)).toEqual([body('Omar Haddad', spaced.waId)]);
    expect(sentTexts(nameless.waId)).toEqual([body('there', nameless.waId)]);

    const rows = await recipientRows(db(), suite.organizationId, id);
    expect(rows.map((row) => row.state)).toEqual(['sent', 'sent', 'sent']);
    const [stored] = await db().select().from(messages).where(eq(messages.contactId, nameless.id));
    expect(JSON.parse(stored.content).parameters).toEqual(['there', `+${nameless.waId}`, '12 December']);

    const read = (await suite.admin.request({ method: 'GET', url: `/api/broadcast/${id}` })).json();
    expect(read.parameters).toEqual([{ field: 'name', fallback: 'there' }, { field: 'phoneNumber', fallback: 'your number' }, '12 December']);
  });

  it('uses the WhatsApp profile name for profileName, and its fallback for a contact without one', async () => {
    const withProfile = await contactNamed(null, 'Noor');
    const without = await contactNamed(null);
    const response = await create([{ field: 'profileName', fallback: 'friend' }, 'DR-1', 'Monday'], [withProfile.id, without.id]);
    expect(response.statusCode).toBe(201);
    await dispatch();
    expect(sentTexts(withProfile.waId)[0]).toMatch(/^Hi Noor,/);
    expect(sentTexts(without.waId)[0]).toMatch(/^Hi friend,/);
  });

  it.each([
    ['an empty fallback', [{ field: 'name', fallback: ' ' }, 'DR-1', 'Monday'], fallbackRequired(1, 'name')],
    ['a fallback with a line break', [{ field: 'name', fallback: 'dear\ncustomer' }, 'DR-1', 'Monday'], parameterBadSpacing(1)],
    ['fixed text with five spaces', ['Layla', 'DR-1', 'Mon     day'], parameterBadSpacing(3)],
    ['an unknown field', [{ field: 'email', fallback: 'x' }, 'DR-1', 'Monday'], PARAMETER_SHAPE],
    ['a number', [42, 'DR-1', 'Monday'], PARAMETER_SHAPE],
  ])('refuses %s with 400 and the reason, queueing nothing', async (_case, parameters, message) => {
    const contact = await contactNamed('Layla');
    const before = await db().select({ id: broadcasts.id }).from(broadcasts);
    const response = await create(parameters, [contact.id]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await db().select({ id: broadcasts.id }).from(broadcasts)).toHaveLength(before.length);
  });

  it('refuses a rendered value Meta would refuse before sending it: the recipient fails with 132018, Meta never sees it', async () => {
    // A row written before the rules (or by hand): its fallback holds a tab, which only a nameless contact gets.
    const [named, nameless] = customers(2);
    const queued = await queueBroadcast(db(), suite.organizationId, { waIds: [named, nameless] });
    await db()
      .update(broadcasts)
      .set({ parameters: [{ field: 'name', fallback: 'dear\tcustomer' }, 'DR-1', 'Monday'] })
      .where(eq(broadcasts.id, queued.broadcastId));
    await db().update(contacts).set({ name: 'Layla' }).where(eq(contacts.id, queued.recipients[0].contactId));
    app().broadcastDispatch.kick();
    await dispatch();

    const rows = await recipientRows(db(), suite.organizationId, queued.broadcastId);
    const byContact = new Map(rows.map((row) => [row.contactId, row]));
    expect(byContact.get(queued.recipients[0].contactId)).toMatchObject({ state: 'sent' });
    expect(byContact.get(queued.recipients[1].contactId)).toMatchObject({ state: 'failed', errorCode: 132018, errorMessage: parameterBadSpacing(1) });
    expect(sentTexts(nameless)).toEqual([]);
    expect(sentTexts(named)).toHaveLength(1);
  });
});

describe('POST /api/broadcast/audience/sample', () => {
  const sample = (payload: Record<string, unknown>) => suite.admin.request({ method: 'POST', url: '/api/broadcast/audience/sample', payload });

  it('answers the audience’s contacts one by one, oldest first, then none', async () => {
    const first = await contactNamed('Amal');
    const second = await contactNamed(null, 'Zaid');
    const tagId = await makeTag(db(), suite.organizationId, [second.id, first.id]);

    const at = async (position: number) => {
      const response = await sample({ tagIds: [tagId], position });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await at(0)).toEqual({ count: 2, position: 0, contact: { name: 'Amal', profileName: null, phoneNumber: `+${first.waId}` } });
    expect(await at(1)).toEqual({ count: 2, position: 1, contact: { name: null, profileName: 'Zaid', phoneNumber: `+${second.waId}` } });
    expect(await at(2)).toEqual({ count: 2, position: 2, contact: null });
  });

  it('refuses a bad position or an unknown tag with a clear 4xx', async () => {
    const contact = await contactNamed('Amal');
    expect((await sample({ contactIds: [contact.id], position: -1 })).json()).toMatchObject({ error: 'position must be 0 or more' });
    const unknownTag = await sample({ tagIds: ['0193c0de-0000-7000-8000-000000000001'], position: 0 });
    expect(unknownTag.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknownTag.statusCode).toBeLessThan(500);
  });
});

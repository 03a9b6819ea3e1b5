/** @jest-environment node */
import type { Contact } from '@shared/api/contacts';
import type { ContactNote, ContactNotePage } from '@shared/api/notes';
import { addMemberWith } from '../../testing/fixtures';
import { createAppWithAdmin, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: Member;
let colleague: Member;
let contact: Contact;

beforeAll(async () => {
  ({ t, admin } = await createAppWithAdmin());
  colleague = await addMemberWith(t, admin.user.organization!.organizationId, ['contacts:view', 'contacts:edit']);
  contact = await newContact('9811111111');
});
afterAll(() => t.close());

async function newContact(phoneNumber: string, member: Member = admin): Promise<Contact> {
  const response = await member.request({ method: 'POST', url: '/api/contacts', payload: { name: 'Noted Person', countryCode: '+91', phoneNumber } });
  expect(response.statusCode).toBe(201);
  return response.json<Contact>();
}

function notesUrl(contactId: string = contact.id, noteId?: string): string {
  return `/api/contacts/${contactId}/notes${noteId ? `/${noteId}` : ''}`;
}

async function addNote(content: string, member: Member = admin, contactId = contact.id): Promise<ContactNote> {
  const response = await member.request({ method: 'POST', url: notesUrl(contactId), payload: { content } });
  expect(response.statusCode).toBe(201);
  return response.json<ContactNote>();
}

describe('adding notes', () => {
  test.each([[''], ['   \n\t ']])('%j answers 400 "Note cannot be empty"', async (content) => {
    const response = await admin.request({ method: 'POST', url: notesUrl(), payload: { content } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Note cannot be empty' });
  });

  test('a missing body also answers the message', async () => {
    const response = await admin.request({ method: 'POST', url: notesUrl(), payload: {} });
    expect(response.json()).toEqual({ error: 'Note cannot be empty' });
  });

  test('an overlong note is refused', async () => {
    const response = await admin.request({ method: 'POST', url: notesUrl(), payload: { content: 'x'.repeat(5001) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Note is too long (max 5000 characters)');
  });

  test('stores the text trimmed, with its author, and counts it on the contact', async () => {
    const note = await addNote('  Prefers calls after 6 pm  ');
    expect(note).toEqual({
      id: expect.any(String),
      contactId: contact.id,
      userId: admin.user.userId,
      user: { name: 'Ada Admin' },
      // A member's own note is credited to them, not to Parley or WhatsApp.
      credit: null,
      content: 'Prefers calls after 6 pm',
      type: 'note',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const after = (await admin.request({ method: 'GET', url: `/api/contacts/${contact.id}` })).json<Contact>();
    expect(after._count.notes).toBeGreaterThanOrEqual(1);
  });
});

describe('the timeline', () => {
  test('lists notes and activity newest first; the badge counts only written notes', async () => {
    const fresh = await newContact('9822222222');
    await addNote('First call done', admin, fresh.id);
    await addNote('Sent the brochure', colleague, fresh.id);
    const page = (await admin.request({ method: 'GET', url: notesUrl(fresh.id) })).json<ContactNotePage>();
    expect(page.data.map((n) => [n.type, n.content])).toEqual([
      ['note', 'Sent the brochure'],
      ['note', 'First call done'],
      ['system', 'Contact created'],
    ]);
    expect(page.pagination.total).toBe(3);
    const counted = (await admin.request({ method: 'GET', url: `/api/contacts/${fresh.id}` })).json<Contact>();
    expect(counted._count.notes).toBe(2);
  });

  test('a deleted contact keeps its readable history but takes no new notes', async () => {
    const gone = await newContact('9833333333');
    await admin.request({ method: 'DELETE', url: `/api/contacts/${gone.id}` });
    const list = await admin.request({ method: 'GET', url: notesUrl(gone.id) });
    expect(list.json<ContactNotePage>().data[0].content).toBe('Contact deleted');
    const add = await admin.request({ method: 'POST', url: notesUrl(gone.id), payload: { content: 'Too late' } });
    expect(add.statusCode).toBe(409);
  });
});

describe('author-only edit and delete', () => {
  test('the author edits (trimmed) and deletes their note', async () => {
    const note = await addNote('Draft');
    const edited = await admin.request({ method: 'PUT', url: notesUrl(contact.id, note.id), payload: { content: ' Final ' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<ContactNote>().content).toBe('Final');
    const emptied = await admin.request({ method: 'PUT', url: notesUrl(contact.id, note.id), payload: { content: ' ' } });
    expect(emptied.json()).toEqual({ error: 'Note cannot be empty' });

    const deleted = await admin.request({ method: 'DELETE', url: notesUrl(contact.id, note.id) });
    expect(deleted.statusCode).toBe(200);
    const page = (await admin.request({ method: 'GET', url: notesUrl() })).json<ContactNotePage>();
    expect(page.data.map((n) => n.id)).not.toContain(note.id);
  });

  test("another member may read but not edit or delete someone else's note", async () => {
    const note = await addNote('Only mine');
    const edit = await colleague.request({ method: 'PUT', url: notesUrl(contact.id, note.id), payload: { content: 'Hijacked' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toBe('Only the author can edit this note');
    const remove = await colleague.request({ method: 'DELETE', url: notesUrl(contact.id, note.id) });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error).toBe('Only the author can delete this note');
    const page = (await colleague.request({ method: 'GET', url: notesUrl() })).json<ContactNotePage>();
    expect(page.data.find((n) => n.id === note.id)?.content).toBe('Only mine');
  });

  test('activity entries can be neither edited nor deleted, even by whoever caused them', async () => {
    const page = (await admin.request({ method: 'GET', url: notesUrl() })).json<ContactNotePage>();
    const system = page.data.find((n) => n.type === 'system')!;
    expect(system.userId).toBe(admin.user.userId);
    expect((await admin.request({ method: 'PUT', url: notesUrl(contact.id, system.id), payload: { content: 'x' } })).statusCode).toBe(403);
    expect((await admin.request({ method: 'DELETE', url: notesUrl(contact.id, system.id) })).statusCode).toBe(403);
  });

  test('writing needs contacts:edit; reading needs contacts:view', async () => {
    const orgId = admin.user.organization!.organizationId;
    const reader = await addMemberWith(t, orgId, ['contacts:view']);
    expect((await reader.request({ method: 'GET', url: notesUrl() })).statusCode).toBe(200);
    expect((await reader.request({ method: 'POST', url: notesUrl(), payload: { content: 'Hi' } })).statusCode).toBe(403);
    const blind = await addMemberWith(t, orgId, ['chats:view']);
    expect((await blind.request({ method: 'GET', url: notesUrl() })).statusCode).toBe(403);
  });
});

describe('cross-organization and mismatched ids answer 404', () => {
  test('a stranger cannot list, add, edit or delete', async () => {
    const note = await addNote('Private');
    const stranger = await signUpAdmin(t.app, { organizationName: 'Nosy Org' });
    expect((await stranger.request({ method: 'GET', url: notesUrl() })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'POST', url: notesUrl(), payload: { content: 'x' } })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'PUT', url: notesUrl(contact.id, note.id), payload: { content: 'x' } })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'DELETE', url: notesUrl(contact.id, note.id) })).statusCode).toBe(404);
  });

  test("a note addressed through another contact, or an unknown note id, is not found", async () => {
    const note = await addNote('Belongs to the first contact');
    const other = await newContact('9844444444');
    expect((await admin.request({ method: 'PUT', url: notesUrl(other.id, note.id), payload: { content: 'x' } })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: notesUrl(contact.id, 'nope') })).statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: notesUrl('nope') })).statusCode).toBe(404);
  });
});

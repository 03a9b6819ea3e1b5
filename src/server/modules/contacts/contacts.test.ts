/** @jest-environment node */
import type { Contact, ContactConversationResponse, ContactPage, ContactSearchResponse } from '@shared/api/contacts';
import type { ContactNotePage } from '@shared/api/notes';
import type { Tag } from '@shared/api/tags';
import { eq, sql } from 'drizzle-orm';
import { organizations } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { createAppWithAdmin, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';
import { normalizePhone } from '@shared/phone';
import { rowsOf } from '../../db/rows-of';
import { importContactBatch } from './contact-intake-service';

let t: TestApp;
let admin: Member;
let organizationId: string;

beforeAll(async () => {
  ({ t, admin } = await createAppWithAdmin());
  organizationId = admin.user.organization!.organizationId;
});
afterAll(async () => {
  await t.close();
});

let phoneCounter = 0;
/** A fresh Indian mobile number for each contact a test makes. */
function nextPhone(): string {
  phoneCounter += 1;
  return `98${String(phoneCounter).padStart(8, '0')}`;
}

async function create(payload: object, member: Member = admin) {
  return member.request({ method: 'POST', url: '/api/contacts', payload });
}

async function createContact(payload: Partial<Record<'name' | 'countryCode' | 'phoneNumber', string>> & { tagIds?: string[] } = {}): Promise<Contact> {
  const response = await create({ name: 'Asha Rao', countryCode: '+91', phoneNumber: nextPhone(), ...payload });
  expect(response.statusCode).toBe(201);
  return response.json<Contact>();
}

async function createTag(name: string, member: Member = admin): Promise<Tag> {
  const response = await member.request({ method: 'POST', url: '/api/tags', payload: { name, color: '#388e3c' } });
  expect(response.statusCode).toBe(201);
  return response.json<Tag>();
}

async function timeline(contactId: string): Promise<string[]> {
  const response = await admin.request({ method: 'GET', url: `/api/contacts/${contactId}/notes` });
  return response.json<ContactNotePage>().data.map((note) => note.content);
}

describe('POST /api/contacts validation', () => {
  test.each([
    [{ countryCode: '', phoneNumber: '9876543210' }, 'Country code is required'],
    [{ countryCode: '91', phoneNumber: '9876543210' }, 'Invalid country code format'],
    [{ countryCode: '+12345', phoneNumber: '9876543210' }, 'Invalid country code format'],
    [{ countryCode: '+91', phoneNumber: '' }, 'Phone number is required'],
    [{ countryCode: '+91', phoneNumber: '   ' }, 'Phone number is required'],
    [{ countryCode: '+91', phoneNumber: '123456' }, 'Phone number must be 7-15 digits'],
    [{ countryCode: '+91', phoneNumber: '1234567890123456' }, 'Phone number must be 7-15 digits'],
    [{ countryCode: '+91', phoneNumber: '98765-43210' }, 'Phone number must be 7-15 digits'],
    [{ name: 'R2D2', countryCode: '+91', phoneNumber: '9876543210' }, 'Name contains invalid characters'],
    [{ name: 'A', countryCode: '+91', phoneNumber: '9876543210' }, 'Name must be at least 2 characters'],
    [{ name: 'a'.repeat(101), countryCode: '+91', phoneNumber: '9876543210' }, 'Name must be less than 100 characters'],
  ])('%j answers 400 %s', async (payload, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  test('more than 10 tags answers "Too many tags selected (max 10)"', async () => {
    const tagIds = Array.from({ length: 11 }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    const response = await create({ countryCode: '+91', phoneNumber: nextPhone(), tagIds });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Too many tags selected (max 10)' });
  });

  test('accepts a name in any script with . \' - and spaces, and no name at all', async () => {
    expect((await createContact({ name: "Fatima Al-Sayed O'Neil Jr." })).name).toBe("Fatima Al-Sayed O'Neil Jr.");
    expect((await createContact({ name: 'محمد العلي' })).name).toBe('محمد العلي');
    expect((await createContact({ name: '   ' })).name).toBeNull();
  });
});

describe('creating and phone normalization', () => {
  test('answers the contact in the API shape', async () => {
    const tag = await createTag('Shape Check');
    const contact = await createContact({ name: '  Ravi Kumar ', phoneNumber: '98765 00001', tagIds: [tag.id] });
    expect(contact).toEqual({
      id: expect.any(String),
      name: 'Ravi Kumar',
      profileName: null,
      countryCode: '+91',
      phoneNumber: '9876500001',
      tags: [{ tagId: tag.id, tag: { id: tag.id, name: 'Shape Check', color: '#388e3c' } }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      deletedAt: null,
      optedOutAt: null,
      optOutSource: null,
      _count: { notes: 0 },
    });
  });

  test('stores the number normalized, so a differently typed number is the same contact (DUPLICATE_CONTACT)', async () => {
    const first = await createContact({ countryCode: '+971', phoneNumber: '050 123 4567' });
    expect(first.phoneNumber).toBe('501234567');
    for (const typed of ['501234567', '971501234567', '0501234567']) {
      const response = await create({ countryCode: '+971', phoneNumber: typed });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'A contact with this phone number already exists', code: 'DUPLICATE_CONTACT' });
    }
  });

  test('the same number in another organization is another contact', async () => {
    const other = await signUpAdmin(t.app, { organizationName: 'Elsewhere' });
    const number = nextPhone();
    await createContact({ phoneNumber: number });
    expect((await create({ countryCode: '+91', phoneNumber: number }, other)).statusCode).toBe(201);
  });

  test('a deleted contact with the number is still a duplicate, and the message says to restore it', async () => {
    const contact = await createContact();
    await admin.request({ method: 'DELETE', url: `/api/contacts/${contact.id}` });
    const response = await create({ countryCode: '+91', phoneNumber: contact.phoneNumber });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('DUPLICATE_CONTACT');
    expect(response.json().error).toMatch(/restore/i);
  });

  test('records "Contact created" and the tags on the timeline', async () => {
    const vip = await createTag('Timeline VIP');
    const contact = await createContact({ tagIds: [vip.id] });
    expect(await timeline(contact.id)).toEqual(['Tags changed: added Timeline VIP', 'Contact created']);
  });

  test('unknown, foreign or deleted tag ids are refused and nothing is created', async () => {
    const other = await signUpAdmin(t.app, { organizationName: 'Tag Owner' });
    const foreign = await createTag('Foreign Tag', other);
    const deleted = await createTag('Gone Tag');
    await admin.request({ method: 'DELETE', url: `/api/tags/${deleted.id}` });
    const phoneNumber = nextPhone();
    for (const tagIds of [[foreign.id], [deleted.id], ['not-a-uuid']]) {
      const response = await create({ countryCode: '+91', phoneNumber, tagIds });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/tags no longer exist/);
    }
    expect((await create({ countryCode: '+91', phoneNumber })).statusCode).toBe(201);
  });
});

describe('GET /api/contacts (server-side pagination)', () => {
  let owner: Member;
  beforeAll(async () => {
    owner = await signUpAdmin(t.app, { organizationName: 'Paging Org' });
    for (let i = 0; i < 55; i += 1) {
      const response = await owner.request({
        method: 'POST',
        url: '/api/contacts',
        payload: { name: `Person ${String.fromCharCode(65 + (i % 26))}`, countryCode: '+91', phoneNumber: `97${String(i).padStart(8, '0')}` },
      });
      expect(response.statusCode).toBe(201);
    }
  });

  test('pages by 50 by default, newest first, with totals from the database', async () => {
    const page1 = (await owner.request({ method: 'GET', url: '/api/contacts' })).json<ContactPage>();
    expect(page1.data).toHaveLength(50);
    expect(page1.pagination).toEqual({ page: 1, limit: 50, total: 55, totalPages: 2, hasNext: true });
    expect(page1.data[0].phoneNumber).toBe('9700000054');
    const page2 = (await owner.request({ method: 'GET', url: '/api/contacts?page=2&limit=50' })).json<ContactPage>();
    expect(page2.data.map((c) => c.phoneNumber)).toEqual(['9700000004', '9700000003', '9700000002', '9700000001', '9700000000']);
    expect(page2.pagination.hasNext).toBe(false);
  });

  test('pages read from either end of the list join up to the whole list, in order, each contact once', async () => {
    const whole = (await owner.request({ method: 'GET', url: '/api/contacts?limit=1000' })).json<ContactPage>().data.map((c) => c.id);
    const paged: string[] = [];
    for (let page = 1; page <= 8; page += 1) {
      const response = (await owner.request({ method: 'GET', url: `/api/contacts?page=${page}&limit=7` })).json<ContactPage>();
      expect(response.pagination).toMatchObject({ page, total: 55, totalPages: 8, hasNext: page < 8 });
      paged.push(...response.data.map((c) => c.id));
    }
    expect(paged).toEqual(whole);
  });

  test('deleted contacts stay in the list, marked', async () => {
    const { data } = (await owner.request({ method: 'GET', url: '/api/contacts?limit=1' })).json<ContactPage>();
    await owner.request({ method: 'DELETE', url: `/api/contacts/${data[0].id}` });
    const again = (await owner.request({ method: 'GET', url: '/api/contacts?limit=1' })).json<ContactPage>();
    expect(again.data[0].id).toBe(data[0].id);
    expect(again.data[0].deletedAt).not.toBeNull();
    expect(again.pagination.total).toBe(55);
    await owner.request({ method: 'PATCH', url: `/api/contacts/${data[0].id}/undelete` });
  });

  test.each([
    ['page=0', 'Page must be 1 or more'],
    ['page=abc', 'Page must be a number'],
    ['limit=5000', 'Limit must be at most 1000'],
  ])('?%s answers 400 %s', async (query, message) => {
    const response = await owner.request({ method: 'GET', url: `/api/contacts?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  test('the total stays exact as its running sum is folded, and an organization can still be deleted', async () => {
    const totals: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      totals.push((await owner.request({ method: 'GET', url: '/api/contacts?limit=1' })).json<ContactPage>().pagination.total);
    }
    expect(totals).toEqual([55, 55, 55]);
    const deltas = await t.database.db.execute(
      sql`select count(*)::int as n from contact_count_deltas where organization_id = ${owner.user.organization!.organizationId}`,
    );
    expect(rowsOf<{ n: number }>(deltas)[0].n).toBe(1);

    const doomed = await signUpAdmin(t.app, { organizationName: 'Short Lived' });
    await doomed.request({ method: 'POST', url: '/api/contacts', payload: { countryCode: '+91', phoneNumber: '9600000001' } });
    await t.database.db.delete(organizations).where(eq(organizations.id, doomed.user.organization!.organizationId));
    expect((await owner.request({ method: 'GET', url: '/api/contacts?limit=1' })).json<ContactPage>().pagination.total).toBe(55);
  });

  test('a page past the end is empty, not an error', async () => {
    const response = await owner.request({ method: 'GET', url: '/api/contacts?page=9' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ContactPage>().data).toEqual([]);
  });
});

describe('GET /api/contacts, deep pages of a large organization', () => {
  // Enough for pages from the first, second and third anchors (every 1,000th contact), and near both ends.
  const COUNT = 3_456;
  let owner: Member;
  let newestFirst: string[];

  async function pageIds(page: number, limit = 50): Promise<string[]> {
    const response = (await owner.request({ method: 'GET', url: `/api/contacts?page=${page}&limit=${limit}` })).json<ContactPage>();
    expect(response.pagination.total).toBe(newestFirst.length);
    return response.data.map((c) => c.id);
  }

  async function listedInTheDatabase(): Promise<string[]> {
    const result = await t.database.db.execute(
      sql`select id from contacts where organization_id = ${owner.user.organization!.organizationId} order by created_at desc, id desc`,
    );
    return rowsOf<{ id: string }>(result).map((row) => row.id);
  }

  beforeAll(async () => {
    owner = await signUpAdmin(t.app, { organizationName: 'Large Org' });
    const tag = await createTag('Bulk', owner);
    const phones = Array.from({ length: COUNT }, (_, i) => normalizePhone('+91', `97${String(i).padStart(8, '0')}`));
    const batch = {
      names: phones.map((_, i) => `Bulk ${i}`),
      countryCodes: phones.map((phone) => phone.countryCode),
      phoneNumbers: phones.map((phone) => phone.phoneNumber),
      e164s: phones.map((phone) => phone.e164),
    };
    const source = { organizationId: owner.user.organization!.organizationId, userId: owner.user.userId, tagId: tag.id, tagName: 'Bulk', fileName: 'bulk.csv' };
    await t.database.db.transaction((tx) => importContactBatch(tx, source, batch));
    newestFirst = await listedInTheDatabase();
  });

  test('every page, however deep, holds exactly its slice of the newest-first list', async () => {
    const pages = Math.ceil(COUNT / 50);
    for (const page of [1, 2, 20, 21, 22, 36, 40, 41, 42, 49, 50, 60, pages - 1, pages]) {
      expect(await pageIds(page)).toEqual(newestFirst.slice((page - 1) * 50, page * 50));
    }
    // Long pages that straddle an anchor, and one that starts on one.
    expect(await pageIds(3, 400)).toEqual(newestFirst.slice(800, 1200));
    expect(await pageIds(5, 400)).toEqual(newestFirst.slice(1600, 2000));
    expect(await pageIds(4, 700)).toEqual(newestFirst.slice(2100, 2800));
    expect(await pageIds(11, 100)).toEqual(newestFirst.slice(1000, 1100));
  });

  test('a new contact moves every deep page along by one', async () => {
    const before = await pageIds(22);
    const deeper = await pageIds(41);
    const response = await owner.request({ method: 'POST', url: '/api/contacts', payload: { countryCode: '+91', phoneNumber: '9699999999' } });
    expect(response.statusCode).toBe(201);
    newestFirst = await listedInTheDatabase();
    expect(newestFirst).toHaveLength(COUNT + 1);
    const after = await pageIds(22);
    expect(after).toEqual(newestFirst.slice(21 * 50, 22 * 50));
    expect(after.slice(1)).toEqual(before.slice(0, 49));
    expect((await pageIds(41)).slice(1)).toEqual(deeper.slice(0, 49));
  });
});

describe('GET /api/contacts/search', () => {
  let owner: Member;
  const people: Array<[string, string, string]> = [
    ['Ahmed Khan', '+971', '501112233'],
    ['Rahmat Ali', '+966', '551234567'],
    ['Priya Sharma', '+91', '9812345678'],
    ['Ahmad Yusuf', '+974', '33445566'],
  ];
  beforeAll(async () => {
    owner = await signUpAdmin(t.app, { organizationName: 'Search Org' });
    for (const [name, countryCode, phoneNumber] of people) {
      expect((await owner.request({ method: 'POST', url: '/api/contacts', payload: { name, countryCode, phoneNumber } })).statusCode).toBe(201);
    }
    const other = await signUpAdmin(t.app, { organizationName: 'Other Search Org' });
    await other.request({ method: 'POST', url: '/api/contacts', payload: { name: 'Ahmed Outsider', countryCode: '+91', phoneNumber: '9000000001' } });
  });

  async function names(q: string): Promise<string[]> {
    const response = await owner.request({ method: 'GET', url: `/api/contacts/search?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return response.json<ContactSearchResponse>().data.map((c) => c.name ?? '');
  }

  test('matches name fragments, case-insensitively, names starting with the text first, only in the organization', async () => {
    expect(await names('ahm')).toEqual(['Ahmad Yusuf', 'Ahmed Khan', 'Rahmat Ali']);
    expect(await names('SHARM')).toEqual(['Priya Sharma']);
  });

  test('matches number fragments however they are typed', async () => {
    expect(await names('1112')).toEqual(['Ahmed Khan']);
    expect(await names('050 111 2233')).toEqual(['Ahmed Khan']);
    expect(await names('+971 50')).toEqual(['Ahmed Khan']);
    expect(await names('3344')).toEqual(['Ahmad Yusuf']);
  });

  test('a result carries its tags and note count, as in the list', async () => {
    const tag = await createTag('Search VIP', owner);
    const created = await owner.request({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Zubair Searchable', countryCode: '+91', phoneNumber: '9822334455', tagIds: [tag.id] },
    });
    const contactId = created.json<Contact>().id;
    await owner.request({ method: 'POST', url: `/api/contacts/${contactId}/notes`, payload: { content: 'Prefers calls' } });

    const response = await owner.request({ method: 'GET', url: '/api/contacts/search?q=zubair' });
    const [found] = response.json<ContactSearchResponse>().data;
    expect(found).toMatchObject({ id: contactId, tags: [{ tagId: tag.id, tag: { name: 'Search VIP' } }], _count: { notes: 1 } });
  });

  test('LIKE wildcards are matched literally', async () => {
    expect(await names('%%%')).toEqual([]);
    expect(await names('___')).toEqual([]);
  });

  test('fewer than 3 characters answers 400', async () => {
    const response = await owner.request({ method: 'GET', url: '/api/contacts/search?q=ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Type at least 3 characters to search');
  });
});

describe('PUT /api/contacts/{id}', () => {
  test('edits name and number, records the change, and refuses a number another contact has', async () => {
    const contact = await createContact({ name: 'Old Name' });
    const taken = await createContact();
    const response = await admin.request({
      method: 'PUT',
      url: `/api/contacts/${contact.id}`,
      payload: { name: 'New Name', countryCode: '+91', phoneNumber: '0' + contact.phoneNumber },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Contact>()).toMatchObject({ name: 'New Name', phoneNumber: contact.phoneNumber });
    expect((await timeline(contact.id))[0]).toBe('Details updated: name "Old Name" → "New Name"');

    const clash = await admin.request({
      method: 'PUT',
      url: `/api/contacts/${contact.id}`,
      payload: { name: 'New Name', countryCode: '+91', phoneNumber: taken.phoneNumber },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('DUPLICATE_CONTACT');
    expect((await admin.request({ method: 'GET', url: `/api/contacts/${contact.id}` })).json<Contact>().phoneNumber).toBe(contact.phoneNumber);
  });

  test('replaces the tag set and records what was added and removed; no tagIds leaves tags alone', async () => {
    const [a, b, c] = [await createTag('Tag Alpha'), await createTag('Tag Beta'), await createTag('Tag Gamma')];
    const contact = await createContact({ tagIds: [a.id, b.id] });
    const base = { name: contact.name, countryCode: '+91', phoneNumber: contact.phoneNumber };
    const edited = await admin.request({ method: 'PUT', url: `/api/contacts/${contact.id}`, payload: { ...base, tagIds: [b.id, c.id] } });
    expect(edited.json<Contact>().tags.map((tag) => tag.tag.name)).toEqual(['Tag Beta', 'Tag Gamma']);
    expect((await timeline(contact.id))[0]).toBe('Tags changed: added Tag Gamma; removed Tag Alpha');

    const untouched = await admin.request({ method: 'PUT', url: `/api/contacts/${contact.id}`, payload: base });
    expect(untouched.json<Contact>().tags.map((tag) => tag.tag.name)).toEqual(['Tag Beta', 'Tag Gamma']);
  });

  test('a deleted tag disappears from contacts and comes back when restored', async () => {
    const tag = await createTag('Seasonal');
    const contact = await createContact({ tagIds: [tag.id] });
    await admin.request({ method: 'DELETE', url: `/api/tags/${tag.id}` });
    expect((await admin.request({ method: 'GET', url: `/api/contacts/${contact.id}` })).json<Contact>().tags).toEqual([]);
    // Editing the contact meanwhile does not cut the hidden link.
    await admin.request({ method: 'PUT', url: `/api/contacts/${contact.id}`, payload: { countryCode: '+91', phoneNumber: contact.phoneNumber, tagIds: [] } });
    await admin.request({ method: 'PATCH', url: `/api/tags/${tag.id}/undelete` });
    expect((await admin.request({ method: 'GET', url: `/api/contacts/${contact.id}` })).json<Contact>().tags.map((x) => x.tagId)).toEqual([tag.id]);
  });

  test('a deleted contact cannot be edited until restored', async () => {
    const contact = await createContact();
    await admin.request({ method: 'DELETE', url: `/api/contacts/${contact.id}` });
    const response = await admin.request({ method: 'PUT', url: `/api/contacts/${contact.id}`, payload: { countryCode: '+91', phoneNumber: contact.phoneNumber } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/Restore it/);
  });
});

describe('soft delete and restore', () => {
  test('delete marks, keeps the contact readable, records it; restore clears it', async () => {
    const contact = await createContact();
    const deleted = await admin.request({ method: 'DELETE', url: `/api/contacts/${contact.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<Contact>().deletedAt).toEqual(expect.any(String));
    expect((await admin.request({ method: 'GET', url: `/api/contacts/${contact.id}` })).json<Contact>().deletedAt).not.toBeNull();

    const twice = await admin.request({ method: 'DELETE', url: `/api/contacts/${contact.id}` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('This contact is already deleted');

    const restored = await admin.request({ method: 'PATCH', url: `/api/contacts/${contact.id}/undelete` });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<Contact>().deletedAt).toBeNull();
    const again = await admin.request({ method: 'PATCH', url: `/api/contacts/${contact.id}/undelete` });
    expect(again.statusCode).toBe(409);
    expect((await timeline(contact.id)).slice(0, 2)).toEqual(['Contact restored', 'Contact deleted']);
  });
});

describe('permissions (server-enforced)', () => {
  test('each action needs its permission', async () => {
    const viewer = await addMemberWith(t, organizationId, ['contacts:view']);
    const contact = await createContact();
    const body = { countryCode: '+91', phoneNumber: nextPhone() };
    expect((await viewer.request({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(200);
    expect((await viewer.request({ method: 'POST', url: '/api/contacts', payload: body })).statusCode).toBe(403);
    expect((await viewer.request({ method: 'PUT', url: `/api/contacts/${contact.id}`, payload: body })).statusCode).toBe(403);
    expect((await viewer.request({ method: 'DELETE', url: `/api/contacts/${contact.id}` })).statusCode).toBe(403);
    expect((await viewer.request({ method: 'PATCH', url: `/api/contacts/${contact.id}/undelete` })).statusCode).toBe(403);

    const outsider = await addMemberWith(t, organizationId, ['chats:view']);
    expect((await outsider.request({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(403);
    expect((await outsider.request({ method: 'GET', url: '/api/contacts/search?q=abc' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(401);
  });

  test('assigning tags in the modal also needs contacts:tag', async () => {
    const tag = await createTag('Needs Tagging Right');
    const creator = await addMemberWith(t, organizationId, ['contacts:view', 'contacts:create', 'contacts:edit']);
    const refused = await creator.request({ method: 'POST', url: '/api/contacts', payload: { countryCode: '+91', phoneNumber: nextPhone(), tagIds: [tag.id] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("You don't have permission to assign tags");

    const contact = await createContact({ tagIds: [tag.id] });
    const sameTags = { countryCode: '+91', phoneNumber: contact.phoneNumber, name: 'Renamed Fine', tagIds: [tag.id] };
    expect((await creator.request({ method: 'PUT', url: `/api/contacts/${contact.id}`, payload: sameTags })).statusCode).toBe(200);
    const dropTag = { ...sameTags, tagIds: [] };
    expect((await creator.request({ method: 'PUT', url: `/api/contacts/${contact.id}`, payload: dropTag })).statusCode).toBe(403);
  });
});

describe('cross-organization and unknown ids answer 404', () => {
  test('every contact route', async () => {
    const contact = await createContact();
    const stranger = await signUpAdmin(t.app, { organizationName: 'Stranger Org' });
    const body = { countryCode: '+91', phoneNumber: nextPhone() };
    for (const id of [contact.id, '00000000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const as = id === contact.id ? stranger : admin;
      expect((await as.request({ method: 'GET', url: `/api/contacts/${id}` })).statusCode).toBe(404);
      expect((await as.request({ method: 'PUT', url: `/api/contacts/${id}`, payload: body })).statusCode).toBe(404);
      expect((await as.request({ method: 'DELETE', url: `/api/contacts/${id}` })).statusCode).toBe(404);
      expect((await as.request({ method: 'PATCH', url: `/api/contacts/${id}/undelete` })).statusCode).toBe(404);
      expect((await as.request({ method: 'GET', url: `/api/conversations/contact/${id}` })).statusCode).toBe(404);
    }
    const mine = (await admin.request({ method: 'GET', url: `/api/contacts/${contact.id}` })).json<Contact>();
    expect(mine.deletedAt).toBeNull();
  });
});

describe('GET /api/conversations/contact/{id} (start chat)', () => {
  test('creates the conversation once and finds it afterwards', async () => {
    const contact = await createContact();
    const first = await admin.request({ method: 'GET', url: `/api/conversations/contact/${contact.id}` });
    expect(first.statusCode).toBe(200);
    const body = first.json<ContactConversationResponse>();
    expect(body).toEqual({ conversationId: expect.any(String), contact: { id: contact.id } });
    const second = await admin.request({ method: 'GET', url: `/api/conversations/contact/${contact.id}` });
    expect(second.json<ContactConversationResponse>().conversationId).toBe(body.conversationId);
  });

  test('a deleted contact has no chat to start, and chats:view is required', async () => {
    const contact = await createContact();
    await admin.request({ method: 'DELETE', url: `/api/contacts/${contact.id}` });
    expect((await admin.request({ method: 'GET', url: `/api/conversations/contact/${contact.id}` })).statusCode).toBe(404);
    const viewer = await addMemberWith(t, organizationId, ['contacts:view']);
    const live = await createContact();
    expect((await viewer.request({ method: 'GET', url: `/api/conversations/contact/${live.id}` })).statusCode).toBe(403);
  });
});

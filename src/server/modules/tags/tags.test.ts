/** @jest-environment node */
import type { Contact, ContactPage } from '@shared/api/contacts';
import type { Tag, TagPage } from '@shared/api/tags';
import { addMemberWith } from '../../testing/fixtures';
import { createAppWithAdmin, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: Member;
let organizationId: string;

beforeAll(async () => {
  ({ t, admin } = await createAppWithAdmin());
  organizationId = admin.user.organization!.organizationId;
});
afterAll(() => t.close());

async function createTag(name: string, color = '#1976d2', member: Member = admin): Promise<Tag> {
  const response = await member.request({ method: 'POST', url: '/api/tags', payload: { name, color } });
  expect(response.statusCode).toBe(201);
  return response.json<Tag>();
}

let phone = 0;
async function contactWith(tagIds: string[]): Promise<Contact> {
  phone += 1;
  const response = await admin.request({
    method: 'POST',
    url: '/api/contacts',
    payload: { countryCode: '+971', phoneNumber: `50${String(phone).padStart(7, '0')}`, tagIds },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Contact>();
}

describe('tag validation', () => {
  test.each([
    [{ name: '', color: '#1976d2' }, 'Tag name is required'],
    [{ name: '   ', color: '#1976d2' }, 'Tag name is required'],
    [{ name: ' a ', color: '#1976d2' }, 'Tag name must be at least 2 characters'],
    [{ name: 'x'.repeat(51), color: '#1976d2' }, 'Tag name must be less than 50 characters'],
    [{ name: 'VIP!', color: '#1976d2' }, 'Tag name can only contain letters, numbers, spaces, dots, underscores, and hyphens'],
    [{ name: 'VIP', color: 'blue' }, 'Invalid color format'],
    [{ name: 'VIP', color: '#12345' }, 'Invalid color format'],
    [{ name: 'VIP' }, 'Color is required'],
  ])('%j answers 400 %s', async (payload, message) => {
    const response = await admin.request({ method: 'POST', url: '/api/tags', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  test('trims the name and accepts letters, digits, spaces, dots, underscores and hyphens', async () => {
    const tag = await createTag('  Q3_Leads-2026 v.2  ', '#7B1FA2');
    expect(tag).toEqual({
      id: expect.any(String),
      name: 'Q3_Leads-2026 v.2',
      color: '#7B1FA2',
      type: 'manual',
      createdAt: expect.any(String),
      deletedAt: null,
      contactCount: 0,
    });
  });

  test('names are unique per organization regardless of case', async () => {
    await createTag('Wholesale');
    const response = await admin.request({ method: 'POST', url: '/api/tags', payload: { name: 'WHOLESALE', color: '#d32f2f' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('A tag named "Wholesale" already exists');
    const elsewhere = await signUpAdmin(t.app, { organizationName: 'Other Tags Org' });
    await createTag('Wholesale', '#1976d2', elsewhere);
  });
});

describe('listing', () => {
  let list: TestApp;
  let owner: Member;
  beforeAll(async () => {
    ({ t: list, admin: owner } = await createAppWithAdmin());
    for (let i = 0; i < 12; i += 1) {
      await owner.request({ method: 'POST', url: '/api/tags', payload: { name: `Tag ${String(i).padStart(2, '0')}`, color: '#1976d2' } });
    }
  });
  afterAll(() => list.close());

  test('pages by 10 by default, by name, with totals', async () => {
    const page = (await owner.request({ method: 'GET', url: '/api/tags' })).json<TagPage>();
    expect(page.data.map((tag) => tag.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Tag ${String(i).padStart(2, '0')}`));
    expect(page.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2, hasNext: true });
    const picker = (await owner.request({ method: 'GET', url: '/api/tags?page=1&limit=1000' })).json<TagPage>();
    expect(picker.data).toHaveLength(12);
  });

  test('deleted tags are left out unless includeDeleted=true', async () => {
    const { data } = (await owner.request({ method: 'GET', url: '/api/tags?limit=1' })).json<TagPage>();
    await owner.request({ method: 'DELETE', url: `/api/tags/${data[0].id}` });
    const active = (await owner.request({ method: 'GET', url: '/api/tags?limit=100' })).json<TagPage>();
    expect(active.data.map((tag) => tag.id)).not.toContain(data[0].id);
    expect(active.pagination.total).toBe(11);
    const all = (await owner.request({ method: 'GET', url: '/api/tags?limit=100&includeDeleted=true' })).json<TagPage>();
    expect(all.data.find((tag) => tag.id === data[0].id)?.deletedAt).toEqual(expect.any(String));
  });
});

describe('contact counts and GET /api/tags/contacts', () => {
  test('counts (not deleted) contacts per tag and lists the contacts of any of the given tags, once each', async () => {
    const gold = await createTag('Gold');
    const silver = await createTag('Silver');
    const both = await contactWith([gold.id, silver.id]);
    const goldOnly = await contactWith([gold.id]);
    const removed = await contactWith([silver.id]);
    await admin.request({ method: 'DELETE', url: `/api/contacts/${removed.id}` });

    const tags = (await admin.request({ method: 'GET', url: '/api/tags?limit=100' })).json<TagPage>().data;
    expect(tags.find((tag) => tag.id === gold.id)?.contactCount).toBe(2);
    expect(tags.find((tag) => tag.id === silver.id)?.contactCount).toBe(1);

    const audience = await admin.request({ method: 'GET', url: `/api/tags/contacts?tags=${gold.id},${silver.id}` });
    expect(audience.statusCode).toBe(200);
    const body = audience.json<ContactPage>();
    expect(body.data.map((c) => c.id).sort()).toEqual([both.id, goldOnly.id].sort());
    expect(body.pagination.total).toBe(2);

    const silverOnly = (await admin.request({ method: 'GET', url: `/api/tags/contacts?tags=${silver.id}` })).json<ContactPage>();
    expect(silverOnly.data.map((c) => c.id)).toEqual([both.id]);
  });

  test('unknown or foreign tag ids match nothing; no tags at all is a 400', async () => {
    const stranger = await signUpAdmin(t.app, { organizationName: 'Audience Stranger' });
    const theirs = await createTag('Theirs', '#1976d2', stranger);
    const response = await admin.request({ method: 'GET', url: `/api/tags/contacts?tags=${theirs.id},junk` });
    expect(response.json<ContactPage>().data).toEqual([]);
    const none = await admin.request({ method: 'GET', url: '/api/tags/contacts' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Select at least one tag');
  });
});

describe('edit, soft delete and restore', () => {
  test('edits name and colour; a taken name is refused', async () => {
    const tag = await createTag('Prospects');
    await createTag('Customers');
    const edited = await admin.request({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: { name: 'Hot Prospects', color: '#d32f2f' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Tag>()).toMatchObject({ name: 'Hot Prospects', color: '#d32f2f' });
    const clash = await admin.request({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: { name: 'customers', color: '#d32f2f' } });
    expect(clash.statusCode).toBe(409);
  });

  test('delete marks the tag, twice is a 409, restore brings it back, and a deleted tag cannot be edited', async () => {
    const tag = await createTag('Temporary');
    const deleted = await admin.request({ method: 'DELETE', url: `/api/tags/${tag.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<Tag>().deletedAt).toEqual(expect.any(String));
    expect((await admin.request({ method: 'DELETE', url: `/api/tags/${tag.id}` })).statusCode).toBe(409);
    expect((await admin.request({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: { name: 'X2', color: '#1976d2' } })).statusCode).toBe(409);
    const again = await admin.request({ method: 'POST', url: '/api/tags', payload: { name: 'temporary', color: '#1976d2' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/restore it/);
    const restored = await admin.request({ method: 'PATCH', url: `/api/tags/${tag.id}/undelete` });
    expect(restored.json<Tag>().deletedAt).toBeNull();
    expect((await admin.request({ method: 'PATCH', url: `/api/tags/${tag.id}/undelete` })).statusCode).toBe(409);
  });
});

describe('permissions and tenancy', () => {
  test('reading needs contacts:view; creating, editing, deleting and restoring need contacts:tag', async () => {
    const tag = await createTag('Guarded');
    const viewer = await addMemberWith(t, organizationId, ['contacts:view']);
    expect((await viewer.request({ method: 'GET', url: '/api/tags' })).statusCode).toBe(200);
    expect((await viewer.request({ method: 'POST', url: '/api/tags', payload: { name: 'Nope', color: '#1976d2' } })).statusCode).toBe(403);
    expect((await viewer.request({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: { name: 'Nope', color: '#1976d2' } })).statusCode).toBe(403);
    expect((await viewer.request({ method: 'DELETE', url: `/api/tags/${tag.id}` })).statusCode).toBe(403);
    expect((await viewer.request({ method: 'PATCH', url: `/api/tags/${tag.id}/undelete` })).statusCode).toBe(403);
    const tagger = await addMemberWith(t, organizationId, ['contacts:view', 'contacts:tag']);
    expect((await tagger.request({ method: 'POST', url: '/api/tags', payload: { name: 'Allowed', color: '#1976d2' } })).statusCode).toBe(201);
    const blind = await addMemberWith(t, organizationId, ['chats:view']);
    expect((await blind.request({ method: 'GET', url: '/api/tags' })).statusCode).toBe(403);
  });

  test("another organization's tag, or an unknown id, answers 404", async () => {
    const tag = await createTag('Ours Only');
    const stranger = await signUpAdmin(t.app, { organizationName: 'Tag Stranger' });
    const body = { name: 'Stolen', color: '#1976d2' };
    expect((await stranger.request({ method: 'PUT', url: `/api/tags/${tag.id}`, payload: body })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'DELETE', url: `/api/tags/${tag.id}` })).statusCode).toBe(404);
    expect((await stranger.request({ method: 'PATCH', url: `/api/tags/${tag.id}/undelete` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: '/api/tags/not-a-uuid' })).statusCode).toBe(404);
    const ours = (await admin.request({ method: 'GET', url: '/api/tags?limit=100' })).json<TagPage>();
    expect(ours.data.find((x) => x.id === tag.id)).toMatchObject({ name: 'Ours Only', deletedAt: null });
  });
});

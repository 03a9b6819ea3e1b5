/** @jest-environment node */
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import type { ContactImportResult } from '@shared/api/contact-import';
import type { Contact, ContactPage } from '@shared/api/contacts';
import type { Tag } from '@shared/api/tags';
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import { addMemberWith } from '../../testing/fixtures';
import { multipartBody } from '../../testing/multipart';
import { appWithAdminForFile, signUpAdmin, type Member } from '../../testing/test-app';

const file = appWithAdminForFile();
const admin = (): Member => file.admin;

async function addContact(member: Member, name: string | null, phoneNumber: string, tagIds: string[] = []): Promise<Contact> {
  const response = await member.request({ method: 'POST', url: '/api/contacts', payload: { name, countryCode: '+971', phoneNumber, tagIds } });
  expect(response.statusCode).toBe(201);
  return response.json<Contact>();
}

async function exported(query = '', member = admin()): Promise<{ body: string; rows: string[][] }> {
  const response = await member.request({ method: 'GET', url: `/api/contacts/export.csv${query}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
  const body = response.body;
  const rows = Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  return { body, rows };
}

async function imported(csv: string, tagName: string): Promise<ContactImportResult> {
  const response = await admin().request({
    method: 'POST',
    url: '/api/tags/import',
    ...multipartBody([{ name: 'tagName', value: tagName }, { name: 'file', filename: 'contacts.csv', content: csv }]),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ContactImportResult>();
}

/** Every contact of the admin's organization as the list shows it, without what an import may add (its tag, updatedAt). */
async function everyContact(): Promise<Array<Pick<Contact, 'id' | 'name' | 'profileName' | 'countryCode' | 'phoneNumber' | 'deletedAt' | 'optedOutAt'>>> {
  const contacts: Contact[] = [];
  for (let page = 1; ; page += 1) {
    const response = await admin().request({ method: 'GET', url: `/api/contacts?page=${page}&limit=100` });
    const body = response.json<ContactPage>();
    contacts.push(...body.data);
    if (page >= body.pagination.totalPages) break;
  }
  return contacts
    .map(({ id, name, profileName, countryCode, phoneNumber, deletedAt, optedOutAt }) => ({ id, name, profileName, countryCode, phoneNumber, deletedAt, optedOutAt }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

describe('GET /api/contacts/export.csv', () => {
  let vip: Tag;

  beforeAll(async () => {
    const response = await admin().request({ method: 'POST', url: '/api/tags', payload: { name: 'VIP', color: '#1976d2' } });
    vip = response.json<Tag>();
    // Names a spreadsheet would run (a leading -), one that already starts with a quote before one, and ordinary ones.
    await addContact(admin(), '-Ann Lee', '501110001', [vip.id]);
    await addContact(admin(), "'-Bo Quote", '501110002');
    await addContact(admin(), "Siobhán O'Brien", '501110003', [vip.id]);
    await addContact(admin(), 'ليلى أحمد', '501110004');
    await addContact(admin(), null, '501110005');
    const deleted = await addContact(admin(), 'Gone Person', '501110006');
    await admin().request({ method: 'DELETE', url: `/api/contacts/${deleted.id}` });
    // Past one database page of the export, so its keyset walk is exercised.
    const many = ['mobile,name,country_code', ...Array.from({ length: 1203 }, (_, i) => `52${String(1_000_000 + i).slice(1)}0,Bulk Person,+971`)];
    expect((await imported(many.join('\n'), 'Bulk')).stats.created).toBe(1203);
    const stranger = await signUpAdmin(file.t.app, { organizationName: 'Stranger Shop' });
    await addContact(stranger, 'Not Ours', '509990001');
  }, 60_000);

  test('writes the columns the import reads, each live contact of the organization once, with a formula guard the spreadsheet shows as text', async () => {
    const { body, rows } = await exported();
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(rows[0]).toEqual(['mobile', 'name', 'country_code']);
    const data = rows.slice(1);
    expect(data).toHaveLength(1203 + 5);
    expect(new Set(data.map(([mobile]) => mobile)).size).toBe(data.length);
    expect(data).toEqual(expect.arrayContaining([
      ['501110001', "'-Ann Lee", '+971'],
      ['501110002', "''-Bo Quote", '+971'],
      ['501110003', "Siobhán O'Brien", '+971'],
      ['501110004', 'ليلى أحمد', '+971'],
      ['501110005', '', '+971'],
    ]));
    expect(body).not.toContain('Gone Person');
    expect(body).not.toContain('Not Ours');
  });

  test("takes the list's search (a name or a number fragment) and tag filter", async () => {
    expect((await exported('?q=ann')).rows.slice(1)).toEqual([['501110001', "'-Ann Lee", '+971']]);
    expect((await exported('?q=1110003')).rows.slice(1)).toEqual([['501110003', "Siobhán O'Brien", '+971']]);
    expect((await exported(`?tags=${vip.id}`)).rows.slice(1).map(([mobile]) => mobile).sort()).toEqual(['501110001', '501110003']);
    expect((await exported(`?tags=${vip.id}&q=brien`)).rows.slice(1)).toEqual([['501110003', "Siobhán O'Brien", '+971']]);
  });

  test("another organization's tag matches nothing, and a search too short is refused with the screen's message", async () => {
    const stranger = await signUpAdmin(file.t.app, { organizationName: 'Tag Owner' });
    const theirs = (await stranger.request({ method: 'POST', url: '/api/tags', payload: { name: 'VIP', color: '#1976d2' } })).json<Tag>();
    expect((await exported(`?tags=${theirs.id}`)).rows).toEqual([['mobile', 'name', 'country_code']]);
    const short = await admin().request({ method: 'GET', url: '/api/contacts/export.csv?q=an' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: 'Type at least 3 characters to search' });
  });

  test('is refused (403) to a member whose role holds every permission but contacts:export', async () => {
    const member = await addMemberWith(file.t, file.organizationId, ALL_PERMISSIONS.filter((permission) => permission !== 'contacts:export'));
    const response = await member.request({ method: 'GET', url: '/api/contacts/export.csv' });
    expect(response.statusCode).toBe(403);
  });

  test('imported back, it leaves every contact as it was: nothing created or updated, names with a leading - or quote included', async () => {
    const before = await everyContact();
    const { body } = await exported();
    const result = await imported(body, 'Round Trip');
    expect(result.stats).toMatchObject({ totalRows: 1208, created: 0, updated: 0, unchanged: 1208, errors: 0 });
    expect(await everyContact()).toEqual(before);
    expect(before.map((contact) => contact.name)).toEqual(expect.arrayContaining(['-Ann Lee', "'-Bo Quote"]));
  });

  test('guards a stored name that starts like a formula (= or +)', async () => {
    const contact = await addContact(admin(), 'Formula Person', '501110009');
    await file.t.database.db.execute(sql`update contacts set name = '=HYPERLINK("x")' where id = ${contact.id}`);
    await file.t.database.db.execute(sql`update contacts set name = '+1 Plus' where id <> ${contact.id} and phone_number = '501110005'`);
    const { body, rows } = await exported('?q=11100');
    expect(rows.slice(1)).toEqual(expect.arrayContaining([['501110009', '\'=HYPERLINK("x")', '+971'], ['501110005', "'+1 Plus", '+971']]));
    expect(body).toContain('"\'=HYPERLINK(""x"")"');
  });
});

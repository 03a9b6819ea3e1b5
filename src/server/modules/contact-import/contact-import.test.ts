/** @jest-environment node */
import { sql } from 'drizzle-orm';
import type { ContactImportResult } from '@shared/api/contact-import';
import type { Contact, ContactSearchResponse } from '@shared/api/contacts';
import type { ContactNotePage } from '@shared/api/notes';
import type { Tag, TagPage } from '@shared/api/tags';
import { addMemberWith } from '../../testing/fixtures';
import { CSV_MAX_BYTES } from '@shared/constants';
import { multipartBody } from '../../testing/multipart';
import { createAppWithAdmin, type Member, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: Member;
let organizationId: string;

beforeAll(async () => {
  ({ t, admin } = await createAppWithAdmin());
  organizationId = admin.user.organization!.organizationId;
});
afterAll(() => t.close());

function upload(content: string | Buffer, { tagName = 'Expo Leads', filename = 'expo-leads.csv', member = admin, type = 'text/csv' } = {}) {
  return member.request({
    method: 'POST',
    url: '/api/tags/import',
    ...multipartBody([{ name: 'tagName', value: tagName }, { name: 'file', filename, type, content }]),
  });
}

async function imported(content: string | Buffer, options: Parameters<typeof upload>[1] = {}): Promise<ContactImportResult> {
  const response = await upload(content, options);
  expect(response.statusCode).toBe(200);
  return response.json<ContactImportResult>();
}

async function findByNumber(fragment: string): Promise<Contact[]> {
  const response = await admin.request({ method: 'GET', url: `/api/contacts/search?q=${encodeURIComponent(fragment)}` });
  return response.json<ContactSearchResponse>().data;
}

async function countContacts(): Promise<number> {
  const response = await admin.request({ method: 'GET', url: '/api/contacts?limit=1' });
  return response.json<{ pagination: { total: number } }>().pagination.total;
}

describe('a large file, parsed in slices', () => {
  test('a name whose character straddles a slice boundary (a surrogate pair at 8 KB) arrives whole', async () => {
    const SLICE = 8 * 1024;
    let text = 'mobile,name\n';
    for (let i = 0; text.length < SLICE - 80; i += 1) text += `98333${String(10_000 + i).padStart(5, '0')},Filler\n`;
    // The special row's name ends in U+20000 (a letter outside the BMP: two UTF-16 units), its first unit at SLICE - 1.
    const prefix = '9833399999,Li ';
    const padding = 'a'.repeat(SLICE - 1 - text.length - prefix.length);
    text += `${prefix}${padding}\u{20000}\n`;
    expect(text.charCodeAt(SLICE - 1)).toBe(0xd840);
    const result = await imported(text, { tagName: 'Slice Boundary' });
    expect(result.stats.errors).toBe(0);
    const found = await admin.request({ method: 'GET', url: '/api/contacts?search=9833399999' });
    expect(found.json().data[0].name).toBe(`Li ${padding}\u{20000}`);
  });
});

describe('a file whose names or country codes the contact form would refuse', () => {
  test('imports every valid number: refused names cleaned and listed as warnings with the name as written, every way of writing a country code read', async () => {
    const csv = [
      'name,mobile,country_code',
      '"Whitfield, James",+44 7911 123456,',
      '🌸 Zoë ✨,07911 123457,GB',
      '"Ravi ""R"" Kumar",98765 43111,',
      'Nadia Haddad,07911 123458,0044',
      'Ella Brown,07911 123459,gb',
      '🙂🙂,9876543112,91',
      'Nowhere Man,9876543113,Atlantis',
    ].join('\n');
    const result = await imported(csv, { tagName: 'Fair Leads', filename: 'fair-leads.csv' });
    expect(result.stats).toEqual({ totalRows: 7, created: 6, updated: 0, unchanged: 0, errors: 1, warnings: 4 });
    const { created, updated, unchanged, errors, totalRows } = result.stats;
    expect(created + updated + unchanged + errors).toBe(totalRows);
    expect(result.message).toBe("7 rows: 6 new, 0 updated, 0 unchanged, 1 skipped. 4 names were cleaned to what a contact's name may hold; see the warnings.");
    expect(result.warnings).toEqual([
      { line: 2, name: 'Whitfield, James', importedAs: 'Whitfield James', reason: expect.stringMatching(/^Imported as "Whitfield James" \(a name holds only letters/) },
      { line: 3, name: '🌸 Zoë ✨', importedAs: 'Zoë', reason: expect.stringMatching(/^Imported as "Zoë"/) },
      { line: 4, name: 'Ravi "R" Kumar', importedAs: 'Ravi R Kumar', reason: expect.stringMatching(/^Imported as "Ravi R Kumar"/) },
      { line: 7, name: '🙂🙂', importedAs: null, reason: expect.stringMatching(/^Imported without a name/) },
    ]);
    expect(result.errors).toEqual([
      { line: 8, reason: 'Unknown country code "Atlantis": write it as +44, 44, 0044 or a country\'s two-letter code (GB)' },
    ]);

    expect((await findByNumber('447911123456'))[0]).toMatchObject({ name: 'Whitfield James', countryCode: '+44', phoneNumber: '7911123456' });
    expect((await findByNumber('447911123457'))[0]).toMatchObject({ name: 'Zoë', countryCode: '+44' });
    expect((await findByNumber('919876543111'))[0]).toMatchObject({ name: 'Ravi R Kumar', countryCode: '+91' });
    expect((await findByNumber('447911123458'))[0]).toMatchObject({ name: 'Nadia Haddad', countryCode: '+44' });
    expect((await findByNumber('447911123459'))[0]).toMatchObject({ name: 'Ella Brown', countryCode: '+44' });
    expect((await findByNumber('919876543112'))[0]).toMatchObject({ name: null, countryCode: '+91' });
    expect(await findByNumber('919876543113')).toEqual([]);
  });

  test("the timeline credits an import's entries to Parley, not to the member who uploaded the file", async () => {
    await imported('mobile,name\n+44 7911 123470,Credit Check\n', { tagName: 'Credited', filename: 'credited.csv' });
    const [contact] = await findByNumber('447911123470');
    const [entry] = (await admin.request({ method: 'GET', url: `/api/contacts/${contact.id}/notes` })).json<ContactNotePage>().data;
    expect(entry).toMatchObject({ type: 'system', credit: 'parley', content: 'Imported from credited.csv with tag "Credited"' });
  });
});

describe('a file with good and bad rows', () => {
  test('stores the good rows, tags them, and reports each bad row with its line and reason', async () => {
    const csv = [
      '\uFEFFName,MOBILE,Country_Code,Remarks', // BOM, any case, any order, unknown columns ignored
      'Aisha Khan,501234501,+971',
      '"Vikram Rao","98765 43001",91,"likes tea, not coffee"', // quoted fields, spaces in the number, code without +
      '',
      'Bad Number,12345,+91',
      'R2D2,9876543002,+91',
      'No Mobile,,+91',
      '"Line\r\nBreak",9876543003,+91',
      'Dup Of Aisha,0501234501,+971',
      'International,+966 55 123 4501,',
      'Bare Intl,971501234502,',
      'Default India,9876543004,',
    ].join('\r\n');
    const result = await imported(`${csv}\r\n`);
    expect(result.success).toBe(true);
    expect(result.stats).toEqual({ totalRows: 10, created: 7, updated: 0, unchanged: 0, errors: 3, warnings: 2 });
    expect(result.errors).toEqual([
      { line: 5, reason: 'Phone number must be 7-15 digits' },
      { line: 7, reason: 'Phone number is required' },
      { line: 9, reason: 'Duplicate of line 2 (same phone number)' },
    ]);
    expect(result.warnings.map(({ line, name, importedAs }) => ({ line, name, importedAs }))).toEqual([
      { line: 6, name: 'R2D2', importedAs: 'RD' },
      { line: 8, name: 'Line\r\nBreak', importedAs: 'Line Break' },
    ]);
    expect(result.tag).toEqual({ id: expect.any(String), name: 'Expo Leads', contactCount: 7 });
    expect(result.message).toBe("10 rows: 7 new, 0 updated, 0 unchanged, 3 skipped. 2 names were cleaned to what a contact's name may hold; see the warnings.");

    const [vikram] = await findByNumber('9876543001');
    expect(vikram).toMatchObject({ name: 'Vikram Rao', countryCode: '+91', phoneNumber: '9876543001' });
    expect(vikram.tags.map((tag) => tag.tag.name)).toEqual(['Expo Leads']);
    expect((await findByNumber('966551234501'))[0]).toMatchObject({ countryCode: '+966', phoneNumber: '551234501' });
    expect((await findByNumber('971501234502'))[0]).toMatchObject({ countryCode: '+971', phoneNumber: '501234502', name: 'Bare Intl' });
    expect((await findByNumber('9876543004'))[0]).toMatchObject({ countryCode: '+91' });

    const notes = await admin.request({ method: 'GET', url: `/api/contacts/${vikram.id}/notes` });
    expect(notes.json<ContactNotePage>().data.map((n) => [n.type, n.content])).toEqual([
      ['system', 'Imported from expo-leads.csv with tag "Expo Leads"'],
    ]);

    const tags = (await admin.request({ method: 'GET', url: '/api/tags?limit=100' })).json<TagPage>().data;
    expect(tags.find((tag) => tag.name === 'Expo Leads')).toMatchObject({ type: 'csv_import', contactCount: 7 });
  });

  test('records a bounded file name: its last path segment, shortened in the middle when long', async () => {
    const filename = `C:\\Users\\sam\\${'x'.repeat(5_000)}-leads.csv`;
    const result = await imported('mobile,name\n+971501239871,Long Name\n', { filename, tagName: 'Long File' });
    expect(result.success).toBe(true);
    const [contact] = await findByNumber('971501239871');
    const [note] = (await admin.request({ method: 'GET', url: `/api/contacts/${contact.id}/notes` })).json<ContactNotePage>().data;
    const recorded = /^Imported from (.*) with tag "Long File"$/.exec(note.content)?.[1] ?? '';
    expect(Array.from(recorded)).toHaveLength(120);
    expect(recorded).toMatch(/^x+…x+-leads\.csv$/);
  });

  test('upserts by normalized number: a contact the file changes is updated, one it leaves as it was is only tagged', async () => {
    const create = async (name: string, phoneNumber: string) =>
      (await admin.request({ method: 'POST', url: '/api/contacts', payload: { name, countryCode: '+974', phoneNumber } })).json<Contact>();
    const kept = await create('Kept Name', '33001122');
    const renamed = await create('Old Name', '33001155');
    const deleted = await create('Was Deleted', '33001133');
    await admin.request({ method: 'DELETE', url: `/api/contacts/${deleted.id}` });
    const before = await countContacts();

    const result = await imported(
      'mobile,country_code,name\n+974 3300 1122,,\n33001155,+974,New Name\n33001133,+974,Back Again\n33001144,974,Brand New\n',
      { tagName: 'Qatar Fair' },
    );
    expect(result.stats).toEqual({ totalRows: 4, created: 1, updated: 2, unchanged: 1, errors: 0, warnings: 0 });
    expect(result.message).toBe('4 rows: 1 new, 2 updated, 1 unchanged, 0 skipped');
    expect(await countContacts()).toBe(before + 1);

    const contact = async (id: string) => (await admin.request({ method: 'GET', url: `/api/contacts/${id}` })).json<Contact>();
    const timeline = async (id: string) =>
      (await admin.request({ method: 'GET', url: `/api/contacts/${id}/notes` })).json<ContactNotePage>().data.map((n) => n.content);

    // The file gives no name for this number: the contact is as it was, so it is not rewritten, only tagged.
    const keptAfter = await contact(kept.id);
    expect(keptAfter).toMatchObject({ name: 'Kept Name', updatedAt: kept.updatedAt });
    expect(keptAfter.tags.map((tag) => tag.tag.name)).toEqual(['Qatar Fair']);
    expect(await timeline(kept.id)).toEqual(['Contact created']);

    expect(await contact(renamed.id)).toMatchObject({ name: 'New Name' });
    expect(await timeline(renamed.id)).toEqual(['Updated by an import from expo-leads.csv with tag "Qatar Fair"', 'Contact created']);

    // A deleted contact the file brings back is restored on its timeline too, as a restore from the list would be.
    expect(await contact(deleted.id)).toMatchObject({ name: 'Back Again', deletedAt: null });
    const backTimeline = await timeline(deleted.id);
    expect([...backTimeline].sort()).toEqual([
      'Contact created',
      'Contact deleted',
      'Contact restored',
      'Updated by an import from expo-leads.csv with tag "Qatar Fair"',
    ]);
    expect(backTimeline.slice(2)).toEqual(['Contact deleted', 'Contact created']);
  });

  test('importing the same file again rewrites nothing: its contacts are unchanged, gain no entry and are only tagged', async () => {
    const csv = 'mobile,name\n9811100001,Twice Once\n9811100002,Twice Two\n';
    const first = await imported(csv, { tagName: 'Twice' });
    const count = await countContacts();
    const [one] = await findByNumber('9811100001');
    const entriesBefore = (await admin.request({ method: 'GET', url: `/api/contacts/${one.id}/notes` })).json<ContactNotePage>().data;

    const again = await imported(csv, { tagName: 'twice' });
    expect(again.stats).toEqual({ totalRows: 2, created: 0, updated: 0, unchanged: 2, errors: 0, warnings: 0 });
    expect(again.message).toBe('2 rows: 0 new, 0 updated, 2 unchanged, 0 skipped');
    expect(await countContacts()).toBe(count);
    // The tag is reused case-insensitively.
    expect(again.tag).toEqual({ ...first.tag, contactCount: 2 });

    const withOtherTag = await imported(csv, { tagName: 'Twice Again' });
    expect(withOtherTag.stats).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(withOtherTag.tag).toMatchObject({ name: 'Twice Again', contactCount: 2 });
    const [oneAfter] = await findByNumber('9811100001');
    expect(oneAfter.updatedAt).toBe(one.updatedAt);
    expect(oneAfter.tags.map((tag) => tag.tag.name)).toEqual(['Twice', 'Twice Again']);
    const entriesAfter = (await admin.request({ method: 'GET', url: `/api/contacts/${one.id}/notes` })).json<ContactNotePage>().data;
    expect(entriesAfter).toEqual(entriesBefore);
  });

  test('an existing manual tag of that name is reused, and restored if it was deleted', async () => {
    const tag = (await admin.request({ method: 'POST', url: '/api/tags', payload: { name: 'Reused', color: '#d32f2f' } })).json<Tag>();
    await admin.request({ method: 'DELETE', url: `/api/tags/${tag.id}` });
    const result = await imported('mobile\n9822200001\n', { tagName: 'reused' });
    expect(result.tag).toMatchObject({ id: tag.id, name: 'Reused', contactCount: 1 });
    const all = (await admin.request({ method: 'GET', url: '/api/tags?limit=100' })).json<TagPage>().data;
    expect(all.find((x) => x.id === tag.id)).toMatchObject({ type: 'manual', color: '#d32f2f', deletedAt: null });
  });

  test('a file whose every row is bad stores nothing and says so', async () => {
    const result = await imported('mobile,name\n123,Too Short\n,Missing\n', { tagName: 'All Bad' });
    expect(result).toEqual({
      success: false,
      message: 'No contacts were imported: every row has an error',
      stats: { totalRows: 2, created: 0, updated: 0, unchanged: 0, errors: 2, warnings: 0 },
      tag: null,
      errors: [
        { line: 2, reason: 'Phone number must be 7-15 digits' },
        { line: 3, reason: 'Phone number is required' },
      ],
      warnings: [],
    });
    const tags = (await admin.request({ method: 'GET', url: '/api/tags?limit=100&includeDeleted=true' })).json<TagPage>().data;
    expect(tags.map((tag) => tag.name)).not.toContain('All Bad');
  });

  test('a header-only file imports nothing', async () => {
    const result = await imported('mobile,name\n\n', { tagName: 'Empty Rows' });
    expect(result).toMatchObject({ success: false, stats: { totalRows: 0, created: 0, updated: 0, errors: 0 } });
  });
});

describe('refused uploads (nothing is stored)', () => {
  test.each([
    ['', 'Tag name is required'],
    ['x', 'Tag name must be at least 2 characters'],
    ['y'.repeat(51), 'Tag name must be less than 50 characters'],
    ['Leads (May)', 'Tag name can only contain letters, numbers, spaces, dots, underscores, and hyphens'],
  ])('tag name %j answers 400 %s', async (tagName, message) => {
    const before = await countContacts();
    const response = await upload('mobile\n9833300001\n', { tagName });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect(await countContacts()).toBe(before);
  });

  test('a file that is not CSV answers "Invalid File: Please upload a CSV file"', async () => {
    const response = await upload('mobile\n9833300002\n', { filename: 'contacts.xlsx', type: 'application/vnd.ms-excel' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid File: Please upload a CSV file' });
    const png = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), { filename: 'photo.csv' });
    expect(png.statusCode).toBe(400);
  });

  test('no file at all answers the same message', async () => {
    const response = await admin.request({ method: 'POST', url: '/api/tags/import', ...multipartBody([{ name: 'tagName', value: 'No File' }]) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid File: Please upload a CSV file' });
  });

  test('two files are refused', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/tags/import',
      ...multipartBody([
        { name: 'tagName', value: 'Two Files' },
        { name: 'file', filename: 'a.csv', content: 'mobile\n9833300003\n' },
        { name: 'file', filename: 'b.csv', content: 'mobile\n9833300004\n' },
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Upload one CSV file at a time' });
  });

  test('a file over 10 MB answers 413 and stores nothing', async () => {
    const before = await countContacts();
    const row = '9844400001,Big File Person\n';
    const big = `mobile,name\n${row.repeat(Math.ceil((10 * 1024 * 1024) / row.length) + 10)}`;
    const response = await upload(big, { tagName: 'Too Big' });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/larger than 10 MB/);
    expect(await countContacts()).toBe(before);
    // Every one of the file's 380,000 rows is checked as it streams in before the limit is known: on a busy
    // machine that takes longer than the default 20 s.
  }, 90_000);

  test('a file without a mobile column is refused', async () => {
    const response = await upload('telephone,name\n9833300005,Someone\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/no "mobile" column/);
  });

  test('a file that is not UTF-8 is refused', async () => {
    const latin1 = Buffer.concat([Buffer.from('mobile,name\n9833300006,Jos'), Buffer.from([0xe9]), Buffer.from('\n')]);
    const response = await upload(latin1);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/not UTF-8/);
  });

  test('a request that is not multipart is refused', async () => {
    const response = await admin.request({ method: 'POST', url: '/api/tags/import', payload: { tagName: 'Json' } });
    expect(response.statusCode).toBe(400);
  });

  const BROKEN_UPLOAD = 'The upload was cut short or is not valid multipart/form-data. Choose the file and import it again.';
  test.each([
    ['a body cut off before its closing boundary', (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="tagName"\r\n\r\nCut Short\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nmobile\n9833300008\n`, BROKEN_UPLOAD],
    ['a body that ends inside a part\'s headers', (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="fi`, BROKEN_UPLOAD],
    ['a body without its boundary', () => 'mobile\n9833300009\n', BROKEN_UPLOAD],
    ['a part without headers', (boundary: string) => `--${boundary}\r\n\r\nmobile\n9833300010\r\n--${boundary}--\r\n`, 'Invalid File: Please upload a CSV file'],
  ])('%s answers 400 and stores nothing', async (_, body, message) => {
    const before = await countContacts();
    const boundary = 'parleyRawBoundary';
    const response = await admin.request({
      method: 'POST',
      url: '/api/tags/import',
      payload: body(boundary),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect(await countContacts()).toBe(before);
  });

  test.each([
    ['a quote that is never closed', `mobile,name\n9833300012,Ravi\n9833300013,"${'x'.repeat(70_000)}`, 3],
    ['one 10 MB line', `mobile,name\n${'9'.repeat(CSV_MAX_BYTES - 20)}`, 2],
    ['a header of a million columns', `${',mobile'.repeat(1_000_000)}\n9833300014\n`, 1],
    ['escaped quotes and line breaks alternating inside one quote', `mobile,name\n"${'a""\n'.repeat(20_000)}`, 2],
  ])('%s answers 400 naming the line, and stores nothing', async (_, body, line) => {
    const before = await countContacts();
    const response = await upload(body);
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400, body: { error: `Line ${line} is longer than 64 KB: check it for a quote (") that is never closed.` },
    });
    expect(await countContacts()).toBe(before);
  });

  test('a multipart content type without a boundary answers 400', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/tags/import',
      payload: 'mobile\n9833300011\n',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: BROKEN_UPLOAD });
  });

  test('importing needs contacts:import', async () => {
    const member = await addMemberWith(t, organizationId, ['contacts:view', 'contacts:create', 'contacts:tag']);
    const response = await upload('mobile\n9833300007\n', { member });
    expect(response.statusCode).toBe(403);
  });
});

/** Makes the database itself fail when the row with this number is written, until `work` is done. */
async function withFailingNumber(e164: string, work: () => Promise<void>): Promise<void> {
  const db = t.database.db;
  await db.execute(sql.raw(`
    create function parley_test_fail() returns trigger language plpgsql as $$
    begin
      if new.phone_e164 = '${e164}' then raise exception 'simulated failure'; end if;
      return new;
    end $$`));
  await db.execute(sql.raw('create trigger parley_test_fail before insert on contacts for each row execute function parley_test_fail()'));
  try {
    await work();
  } finally {
    await db.execute(sql.raw('drop trigger parley_test_fail on contacts'));
    await db.execute(sql.raw('drop function parley_test_fail()'));
  }
}

/** A file of `rows` Indian mobile numbers starting with `prefix` (two digits). */
function numbersFile(prefix: string, rows: number): string {
  return `mobile\n${Array.from({ length: rows }, (_, i) => `${prefix}${String(i).padStart(8, '0')}`).join('\n')}\n`;
}

describe('an import stopped part-way', () => {
  test('an error keeps what was stored and says how far it got; uploading the file again completes it, every row once', async () => {
    const before = await countContacts();
    const file = numbersFile('97', 4000);
    let stoppedAfter = 0;
    await withFailingNumber('+919700003000', async () => {
      const response = await upload(file, { tagName: 'Half Way', filename: 'half-way.csv' });
      expect(response.statusCode).toBe(500);
      const { error } = response.json<{ error: string }>();
      const match = /^The import stopped after (\d+) of 4000 contacts because of an error on our side\. Upload the file again to complete it/.exec(error);
      expect(match).not.toBeNull();
      stoppedAfter = Number(match![1]);
    });
    expect(stoppedAfter).toBeGreaterThan(0);
    expect(stoppedAfter).toBeLessThan(4000);
    expect(await countContacts()).toBe(before + stoppedAfter);

    const again = await imported(file, { tagName: 'Half Way', filename: 'half-way.csv' });
    expect(again.stats).toEqual({ totalRows: 4000, created: 4000 - stoppedAfter, updated: 0, unchanged: stoppedAfter, errors: 0, warnings: 0 });
    expect(again.message).toMatch(/^4,000 rows: [\d,]+ new, 0 updated, [\d,]+ unchanged, 0 skipped\. This completes the import of half-way\.csv that was interrupted on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect(again.tag).toMatchObject({ name: 'Half Way', contactCount: 4000 });
    expect(await countContacts()).toBe(before + 4000);
  });

  test('an import a crash cut short is reported by the next imports until its file is uploaded again', async () => {
    const file = numbersFile('96', 1500);
    let stoppedAfter = 0;
    await withFailingNumber('+919600001200', async () => {
      const response = await upload(file, { tagName: 'Crashed', filename: 'crashed.csv' });
      stoppedAfter = Number(/after (\d+) of/.exec(response.json<{ error: string }>().error)![1]);
    });
    // What a server killed mid-import leaves behind: the import still running, its last chunk long ago.
    await t.database.db.execute(sql`
      update contact_imports set status = 'running', finished_at = null, heartbeat_at = now() - interval '5 minutes'
      where organization_id = ${organizationId} and file_name = 'crashed.csv'`);

    const next = await imported('mobile\n9855500001\n', { tagName: 'Next One', filename: 'next.csv' });
    expect(next.success).toBe(true);
    expect(next.message).toMatch(
      new RegExp(`^1 row: 1 new, 0 updated, 0 unchanged, 0 skipped\\. The import of crashed\\.csv with tag "Crashed" on .+ UTC was interrupted after ${stoppedAfter} of 1500 contacts: upload the file again to complete it\\.$`),
    );

    const completing = await imported(file, { tagName: 'Crashed', filename: 'crashed.csv' });
    expect(completing.stats).toMatchObject({ created: 1500 - stoppedAfter, unchanged: stoppedAfter });
    expect(completing.message).toContain('This completes the import of crashed.csv');
    const later = await imported('mobile\n9855500002\n', { tagName: 'Next One', filename: 'next.csv' });
    expect(later.message).toBe('1 row: 1 new, 0 updated, 0 unchanged, 0 skipped');
  });
});

describe('others keep working during an import', () => {
  test('a request made during a large import is answered while the import is still writing', async () => {
    const before = await countContacts();
    const rows = 10_000;
    let settled = false;
    const importing = upload(numbersFile('95', rows), { tagName: 'Large File', filename: 'large.csv' }).finally(() => {
      settled = true;
    });
    // Each answer is a request served mid-import: the file's contacts appear a chunk at a time. The pause
    // between polls lets the event loop turn, as requests arriving on sockets would.
    let seen = before;
    while (seen === before && !settled) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen = await countContacts();
    }
    expect(seen).toBeGreaterThan(before);
    expect(seen).toBeLessThan(before + rows);
    const me = await admin.request({ method: 'GET', url: '/api/auth/verify' });
    expect(me.statusCode).toBe(200);

    expect((await importing).statusCode).toBe(200);
    expect(await countContacts()).toBe(before + rows);
  });
});

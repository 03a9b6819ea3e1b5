/** @jest-environment node */
import type { ContactImportResult } from '@shared/api/contact-import';
import type { Contact, ContactSearchResponse } from '@shared/api/contacts';
import { appWithAdminForFile } from '../../testing/test-app';

/** CSV imports of numbers of every country, under the column names other tools export. */

const file = appWithAdminForFile();

/** POST /api/tags/import with the body a browser's FormData makes. */
async function imported(csv: string, tagName: string): Promise<ContactImportResult> {
  const form = new FormData();
  form.append('tagName', tagName);
  form.append('file', new Blob([csv], { type: 'text/csv' }), `${tagName}.csv`);
  const body = new Response(form);
  const response = await file.admin.request({
    method: 'POST',
    url: '/api/tags/import',
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') ?? '' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<ContactImportResult>();
}

async function stored(fragment: string): Promise<Array<Pick<Contact, 'name' | 'countryCode' | 'phoneNumber'>>> {
  const response = await file.admin.request({ method: 'GET', url: `/api/contacts/search?q=${encodeURIComponent(fragment)}` });
  return response.json<ContactSearchResponse>().data.map(({ name, countryCode, phoneNumber }) => ({ name, countryCode, phoneNumber }));
}

describe('importing numbers of every country', () => {
  test('international numbers need no country_code column; national ones take the row\'s code', async () => {
    const result = await imported(
      [
        'name,mobile,country_code',
        'Oliver Smith,+44 7911 123456,',
        'Emma Johnson,+1 202 555 0143,',
        'Lukas Müller,+49 1512 3456789,',
        'João Silva,+55 11 91234 5678,',
        'Chinedu Okeke,+234 803 123 4567,',
        'Aisha Khan,050 123 4567,971',
        'Reem Al Otaibi,+966 55 123 4567,',
        'Vikram Rao,98765 43210,',
        'Sophie Martin,06 12 34 56 78,33',
      ].join('\n'),
      'World Leads',
    );
    expect(result.errors).toEqual([]);
    expect(result.stats).toMatchObject({ totalRows: 9, created: 9, updated: 0, errors: 0 });
    expect(await stored('447911123456')).toEqual([{ name: 'Oliver Smith', countryCode: '+44', phoneNumber: '7911123456' }]);
    expect(await stored('12025550143')).toEqual([{ name: 'Emma Johnson', countryCode: '+1', phoneNumber: '2025550143' }]);
    expect(await stored('4915123456789')).toEqual([{ name: 'Lukas Müller', countryCode: '+49', phoneNumber: '15123456789' }]);
    expect(await stored('5511912345678')).toEqual([{ name: 'João Silva', countryCode: '+55', phoneNumber: '11912345678' }]);
    expect(await stored('2348031234567')).toEqual([{ name: 'Chinedu Okeke', countryCode: '+234', phoneNumber: '8031234567' }]);
    expect(await stored('971501234567')).toEqual([{ name: 'Aisha Khan', countryCode: '+971', phoneNumber: '501234567' }]);
    expect(await stored('966551234567')).toEqual([{ name: 'Reem Al Otaibi', countryCode: '+966', phoneNumber: '551234567' }]);
    expect(await stored('919876543210')).toEqual([{ name: 'Vikram Rao', countryCode: '+91', phoneNumber: '9876543210' }]);
    expect(await stored('33612345678')).toEqual([{ name: 'Sophie Martin', countryCode: '+33', phoneNumber: '612345678' }]);
  });

  test.each([
    ['phone', '+44 7900 100001'],
    ['Phone Number', '+44 7900 100002'],
    ['phone_number', '+44 7900 100003'],
    ['WhatsApp', '+44 7900 100004'],
    [' whatsapp number ', '+44 7900 100005'],
  ])('a file whose number column is %j imports', async (column, number) => {
    const result = await imported(`Name,${column}\nColumn Test,${number}\n`, 'Column Names');
    expect(result.errors).toEqual([]);
    expect(result.stats).toMatchObject({ totalRows: 1, created: 1 });
  });

  test('one UK number written two ways in one file is one contact; the second is reported as a duplicate', async () => {
    const result = await imported(
      ['whatsapp number,name,country_code', '+44 20 7946 0321,Harry Jones,', '020 7946 0321,H. Jones,44'].join('\n'),
      'UK Duplicates',
    );
    expect(result.stats).toMatchObject({ totalRows: 2, created: 1, updated: 0, errors: 1 });
    expect(result.errors).toEqual([{ line: 3, reason: 'Duplicate of line 2 (same phone number)' }]);
    expect(await stored('442079460321')).toEqual([{ name: 'Harry Jones', countryCode: '+44', phoneNumber: '2079460321' }]);
  });

  test('a UK number already in the contacts, written another way, updates that contact', async () => {
    await imported('mobile,name\n+44 7700 100200,First Spelling\n', 'UK First');
    const again = await imported('phone,name,country_code\n07700 100200,Second Spelling,+44\n', 'UK Again');
    expect(again.stats).toMatchObject({ totalRows: 1, created: 0, updated: 1, errors: 0 });
    expect(await stored('447700100200')).toEqual([{ name: 'Second Spelling', countryCode: '+44', phoneNumber: '7700100200' }]);
  });

  test('numbers that are not valid for their country are reported with the reason', async () => {
    const result = await imported(
      ['mobile,name,country_code', '+44 7911 12345,Too Short,', '+999 1234 5678,Nowhere,', '2025550143,Wrong Code,+971'].join('\n'),
      'Bad Numbers',
    );
    expect(result.stats).toMatchObject({ totalRows: 3, created: 0, errors: 3 });
    expect(result.errors).toEqual([
      { line: 2, reason: 'Phone number is not valid for country code +44' },
      { line: 3, reason: 'Unknown country code in mobile: add a country_code column' },
      { line: 4, reason: 'Phone number is not valid for country code +971' },
    ]);
  });
});

import { checkCsvRow, createCsvRowChecker, csvColumns, defaultImportTagName, isAcceptableCsvFile, MAX_RECORDED_FILE_NAME_LENGTH, recordedFileName, type CsvColumns } from './contact-import';
import { acceptedContactFields, contactSchema } from './contacts';

const columns: CsvColumns = { mobile: 0, name: 1, countryCode: 2 };

function reasonOf(fields: string[]): string | undefined {
  const outcome = checkCsvRow(fields, columns);
  return outcome.kind === 'error' ? outcome.reason() : undefined;
}

describe('csvColumns', () => {
  test('finds the columns in any order and case, past a BOM, with spaces for underscores', () => {
    expect(csvColumns(['\uFEFFName', ' MOBILE ', 'Country Code'])).toEqual({ ok: true, columns: { mobile: 1, name: 0, countryCode: 2 } });
    expect(csvColumns(['mobile'])).toEqual({ ok: true, columns: { mobile: 0, name: -1, countryCode: -1 } });
  });

  test.each([['phone'], ['Phone Number'], ['phone_number'], [' WhatsApp '], ['WHATSAPP NUMBER'], ['whatsapp-number']])(
    'takes %j as the number column',
    (name) => {
      expect(csvColumns(['name', name])).toEqual({ ok: true, columns: { mobile: 1, name: 0, countryCode: -1 } });
    },
  );

  test('prefers mobile, then the WhatsApp number, over a generic phone column', () => {
    expect(csvColumns(['phone', 'whatsapp', 'mobile'])).toEqual({ ok: true, columns: { mobile: 2, name: -1, countryCode: -1 } });
    expect(csvColumns(['phone', 'WhatsApp Number'])).toEqual({ ok: true, columns: { mobile: 1, name: -1, countryCode: -1 } });
  });

  test('refuses a header without a number column', () => {
    expect(csvColumns(['telephone', 'name'])).toEqual({ ok: false, message: expect.stringContaining('no "mobile" column') });
  });
});

describe('checkCsvRow', () => {
  test('blank rows are blank, not errors', () => {
    expect(checkCsvRow([''], columns)).toEqual({ kind: 'blank' });
    expect(checkCsvRow([' ', '', ''], columns)).toEqual({ kind: 'blank' });
  });

  test.each([
    [['+971 50 123 4567', 'Aisha', ''], '+971', '501234567'],
    [['501234567', 'Aisha', '971'], '+971', '501234567'],
    [['0501234567', '', '+971'], '+971', '501234567'],
    [['971501234567', '', ''], '+971', '501234567'],
    [['9876543210', '', ''], '+91', '9876543210'],
    // Every country, written internationally with no country_code column, or with one.
    [['+44 7911 123456', 'Oliver Smith', ''], '+44', '7911123456'],
    [['+1 202 555 0123', '', ''], '+1', '2025550123'],
    [['+49 1512 3456789', '', ''], '+49', '15123456789'],
    [['+55 11 91234 5678', 'João Silva', ''], '+55', '11912345678'],
    [['+234 803 123 4567', '', ''], '+234', '8031234567'],
    [['07911 123456', '', '44'], '+44', '7911123456'],
    [['447911123456', '', ''], '+44', '7911123456'],
  ])('%j is %s %s', (fields, countryCode, phoneNumber) => {
    expect(checkCsvRow(fields, columns)).toEqual({
      kind: 'contact',
      contact: { countryCode, phoneNumber, e164: `${countryCode}${phoneNumber}`, name: fields[1] || null },
    });
  });

  test.each([
    [['', 'Someone', '+91'], 'Phone number is required'],
    [['12345', '', '+91'], 'Phone number must be 7-15 digits'],
    [['98765x3210', '', '+91'], 'Phone number must be 7-15 digits'],
    [['9876543210', '', '+1234567'], 'Unknown country code "+1234567": write it as +44, 44, 0044 or a country\'s two-letter code (GB)'],
    [['+999 1234 567', '', ''], 'Unknown country code in mobile: add a country_code column'],
    [['9876543210', '', '+999'], 'Unknown country code "+999": write it as +44, 44, 0044 or a country\'s two-letter code (GB)'],
    [['9876543210', '', 'XX'], 'Unknown country code "XX": write it as +44, 44, 0044 or a country\'s two-letter code (GB)'],
    [['9876543210', '', 'India'], 'Unknown country code "India": write it as +44, 44, 0044 or a country\'s two-letter code (GB)'],
    [['+44 7911 1234', '', ''], 'Phone number is not valid for country code +44'],
    [['501234567', '', ''], 'Phone number is not valid for country code +91'],
    [['+971501234567', '', '+91'], 'Mobile +971501234567 does not start with its country code +91'],
  ])('%j is refused: %s', (fields, reason) => {
    expect(reasonOf(fields)).toBe(reason);
  });

  test.each([['+44'], ['44'], ['0044'], ['GB'], ['gb'], [' g b '], ['00 44']])('country_code %j reads as +44', (code) => {
    expect(checkCsvRow(['07911 123456', 'Oliver Smith', code], columns)).toEqual({
      kind: 'contact',
      contact: { countryCode: '+44', phoneNumber: '7911123456', e164: '+447911123456', name: 'Oliver Smith' },
    });
  });

  test.each([
    ['Whitfield, James', 'Whitfield James'],
    ['🌸 Zoë ✨', 'Zoë'],
    ['Ravi "R" Kumar', 'Ravi R Kumar'],
    ['Agent 007', 'Agent'],
    ['❤️ Mia', 'Mia'],
    ['Line\r\nBreak', 'Line Break'],
    ['A'.repeat(150), 'A'.repeat(100)],
  ])('a name the rule refuses, %j, is imported cleaned to %j, keeping the name as written', (name, cleaned) => {
    expect(checkCsvRow(['+44 7911 123456', name, ''], columns)).toEqual({
      kind: 'contact',
      contact: { countryCode: '+44', phoneNumber: '7911123456', e164: '+447911123456', name: cleaned },
      renamedFrom: name,
    });
  });

  test.each([['🌸✨'], ['X'], ['123'], ['😀 7']])('a name with nothing a name can keep, %j, imports the number without a name', (name) => {
    expect(checkCsvRow(['9876543210', name, ''], columns)).toEqual({
      kind: 'contact',
      contact: { countryCode: '+91', phoneNumber: '9876543210', e164: '+919876543210', name: null },
      renamedFrom: name,
    });
  });

  test('a row with a bad number is an error for its number, whatever its name', () => {
    expect(reasonOf(['12345', 'Agent 007', '+91'])).toBe('Phone number must be 7-15 digits');
  });

  test('a number seen earlier in the file is reported against its first line', () => {
    const check = createCsvRowChecker(columns);
    expect(check(['9876543210', '', ''], 2).kind).toBe('contact');
    const again = check(['+91 98765 43210', '', ''], 7);
    expect(again.kind === 'error' && again.reason()).toBe('Duplicate of line 2 (same phone number)');
    expect(check(['+44 7911 123456', '', ''], 8).kind).toBe('contact');
    const uk = check(['07911 123456', '', '44'], 9);
    expect(uk.kind === 'error' && uk.reason()).toBe('Duplicate of line 8 (same phone number)');
  });
});

describe('the fast predicate agrees with the yup schema', () => {
  const names = ['', '  ', 'Al', 'A', 'Asha Rao', "O'Neil-Smith Jr.", 'محمد', 'R2D2', 'x'.repeat(100), 'x'.repeat(101), ' Bo ', 'Ann\u0301e', 'a_b'];
  const codes = ['+91', '+971', '', '91', '+', '+12345', ' +966 ', '+0', '+999', '+44', '+1'];
  const phones = [
    '9876543210', '98765 43210', '123456', '1234567', '123456789012345', '1234567890123456', '', '   ', '98-76', '0501234567',
    '501234567', '07911 123456', '2025550123', '+447911123456',
  ];
  test('on every combination of tricky fields', () => {
    for (const name of names) {
      for (const countryCode of codes) {
        for (const phoneNumber of phones) {
          const viaYup = contactSchema.isValidSync({ name, countryCode, phoneNumber });
          expect({ name, countryCode, phoneNumber, valid: acceptedContactFields({ name, countryCode, phoneNumber }) !== undefined }).toEqual({
            name, countryCode, phoneNumber, valid: viaYup,
          });
        }
      }
    }
  });
});

describe('file checks', () => {
  test('accepts .csv or text/csv up to 10 MB', () => {
    expect(isAcceptableCsvFile({ name: 'leads.CSV', type: '' })).toBe(true);
    expect(isAcceptableCsvFile({ name: 'export', type: 'text/csv; charset=utf-8' })).toBe(true);
    expect(isAcceptableCsvFile({ name: 'leads.xlsx', type: 'application/vnd.ms-excel' })).toBe(false);
    expect(isAcceptableCsvFile({ name: 'leads.csv', size: 10 * 1024 * 1024 + 1 })).toBe(false);
  });

  test('the tag name defaults to the file name without .csv, made a valid tag name', () => {
    expect(defaultImportTagName('Dubai Expo 2026.csv')).toBe('Dubai Expo 2026');
    expect(defaultImportTagName('leads (1).CSV')).toBe('leads 1');
  });
});

describe('the file name an import records', () => {
  it('keeps a short name as it is, takes the last segment of a path and replaces control characters', () => {
    expect(recordedFileName('expo-leads.csv')).toBe('expo-leads.csv');
    expect(recordedFileName('../../etc/leads.csv')).toBe('leads.csv');
    expect(recordedFileName('C:\\Users\\sam\\leads.csv')).toBe('leads.csv');
    expect(recordedFileName('lea\u0000ds\n.csv')).toBe('lea ds .csv');
    expect(recordedFileName('')).toBe('upload.csv');
  });

  it('shortens a long name in the middle to its bound, keeping its start and extension', () => {
    const recorded = recordedFileName(`${'é'.repeat(300)}.csv`);
    expect(Array.from(recorded)).toHaveLength(MAX_RECORDED_FILE_NAME_LENGTH);
    expect(recorded.startsWith('éé')).toBe(true);
    expect(recorded.endsWith('é.csv')).toBe(true);
    expect(recorded).toContain('…');
  });
});

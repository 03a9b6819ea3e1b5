import { detectCountryCode, normalizePhone } from './phone';

describe('normalizePhone', () => {
  test.each([
    ['+971', '050 123 4567', '501234567'],
    ['+971', '501234567', '501234567'],
    ['+971', '971501234567', '501234567'],
    ['+91', '98765 43210', '9876543210'],
    ['+91', '09876543210', '9876543210'],
    ['+91', '919876543210', '9876543210'],
    ['+974', '3344 5566', '33445566'],
    // A national number that merely starts with the code's digits is left alone.
    ['+91', '9123456789', '9123456789'],
    // Codes outside the supported seven keep their digits as typed.
    ['+44', '07700 900123', '07700900123'],
  ])('%s %s is stored as %s', (code, typed, national) => {
    expect(normalizePhone(code, typed)).toEqual({ countryCode: code, phoneNumber: national, e164: `${code}${national}` });
  });

  test('is idempotent', () => {
    const inputs: Array<[string, string]> = [
      ['+971', '0501234567'], ['+971', '971501234567'], ['+91', '919876543210'], ['+966', '0551234567'], ['+968', '99123456'],
      ['+973', '097336001122'], ['+965', '96550001122'], ['+1', '2025550123'],
    ];
    for (const [code, typed] of inputs) {
      const once = normalizePhone(code, typed);
      expect(normalizePhone(once.countryCode, once.phoneNumber)).toEqual(once);
    }
  });
});

describe('detectCountryCode', () => {
  test('recognizes a bare international number of a supported country by its code and length', () => {
    expect(detectCountryCode('971501234567')).toBe('+971');
    expect(detectCountryCode('919876543210')).toBe('+91');
    expect(detectCountryCode('96899123456')).toBe('+968');
    expect(detectCountryCode('9876543210')).toBeUndefined();
    expect(detectCountryCode('97150123456')).toBeUndefined();
  });
});

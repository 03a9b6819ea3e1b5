import { countryCodePrefixOf, detectCountryCode, formatE164, formatPhone, isKnownCountryCode, normalizePhone, parseInternational, parsePhone } from './phone';

describe('normalizePhone', () => {
  test.each([
    ['+971', '050 123 4567', '501234567'],
    ['+971', '501234567', '501234567'],
    ['+971', '971501234567', '501234567'],
    ['+91', '98765 43210', '9876543210'],
    ['+91', '09876543210', '9876543210'],
    ['+91', '919876543210', '9876543210'],
    ['+974', '3344 5566', '33445566'],
    ['+966', '0551234567', '551234567'],
    ['+965', '96550001122', '50001122'],
    ['+973', '3600 1122', '36001122'],
    ['+968', '99123456', '99123456'],
    // A national number that merely starts with the code's digits is left alone.
    ['+91', '9123456789', '9123456789'],
    // Every other country too: trunk prefix dropped, code in front accepted, spaces ignored.
    ['+44', '07911 123456', '7911123456'],
    ['+44', '447911123456', '7911123456'],
    ['+44', '020 7123 4567', '2071234567'],
    ['+1', '202 555 0123', '2025550123'],
    ['+1', '12025550123', '2025550123'],
    ['+49', '01512 3456789', '15123456789'],
    ['+55', '11 91234 5678', '11912345678'],
    ['+234', '0803 123 4567', '8031234567'],
    // Italy keeps its leading 0: it is part of the national significant number.
    ['+39', '06 1234 5678', '0612345678'],
  ])('%s %s is stored as %s', (code, typed, national) => {
    expect(normalizePhone(code, typed)).toEqual({ countryCode: code, phoneNumber: national, e164: `${code}${national}` });
  });

  test('keeps a number no rule has checked as typed', () => {
    expect(normalizePhone('+971', '12 3')).toEqual({ countryCode: '+971', phoneNumber: '123', e164: '+971123' });
    expect(normalizePhone('+999', '1234567')).toEqual({ countryCode: '+999', phoneNumber: '1234567', e164: '+9991234567' });
  });

  test('is idempotent', () => {
    const inputs: Array<[string, string]> = [
      ['+971', '0501234567'], ['+971', '971501234567'], ['+91', '919876543210'], ['+966', '0551234567'], ['+968', '99123456'],
      ['+973', '097336001122'], ['+965', '96550001122'], ['+1', '2025550123'], ['+44', '07911123456'], ['+39', '0612345678'],
    ];
    for (const [code, typed] of inputs) {
      const once = normalizePhone(code, typed);
      expect(normalizePhone(once.countryCode, once.phoneNumber)).toEqual(once);
    }
  });
});

describe('parsePhone', () => {
  test('refuses a number that is not one of its country code', () => {
    expect(parsePhone('+971', '123456789')).toBeUndefined();
    expect(parsePhone('+44', '79111234')).toBeUndefined();
    // A valid Indian number is not a valid Emirati one.
    expect(parsePhone('+971', '9876543210')).toBeUndefined();
    expect(parsePhone('+971', '+44 7911 123456')).toBeUndefined();
    expect(parsePhone('+999', '1234567')).toBeUndefined();
  });

  test('accepts a landline: WhatsApp Business numbers may be fixed lines', () => {
    expect(parsePhone('+971', '04 123 4567')?.e164).toBe('+97141234567');
    expect(parsePhone('+49', '030 123456')?.e164).toBe('+4930123456');
  });
});

describe('international numbers without their +', () => {
  test('detectCountryCode names the country a bare number is valid in', () => {
    expect(detectCountryCode('971501234567')).toBe('+971');
    expect(detectCountryCode('919876543210')).toBe('+91');
    expect(detectCountryCode('96899123456')).toBe('+968');
    expect(detectCountryCode('447911123456')).toBe('+44');
    expect(detectCountryCode('12025550123')).toBe('+1');
    expect(detectCountryCode('2348031234567')).toBe('+234');
    expect(detectCountryCode('9876543210')).toBeUndefined();
    expect(detectCountryCode('97150123456')).toBeUndefined();
  });

  test('countryCodePrefixOf reads the calling code, whatever follows', () => {
    expect(countryCodePrefixOf('971')).toBe('+971');
    expect(countryCodePrefixOf('4412')).toBe('+44');
    expect(countryCodePrefixOf('18005550123')).toBe('+1');
    expect(countryCodePrefixOf('8821234')).toBe('+882');
    expect(countryCodePrefixOf('2')).toBeUndefined();
    expect(countryCodePrefixOf('')).toBeUndefined();
  });

  test('parseInternational splits a valid number as the form would store it', () => {
    expect(parseInternational('5511912345678')).toEqual({ countryCode: '+55', phoneNumber: '11912345678', e164: '+5511912345678' });
    expect(parseInternational('97155')).toBeUndefined();
    expect(parseInternational('+971501234567')).toBeUndefined();
  });

  test('isKnownCountryCode knows the codes numbers are dialled with', () => {
    expect(['+1', '+44', '+971', ' +234 ', '+882'].map(isKnownCountryCode)).toEqual([true, true, true, true, true]);
    expect(['+999', '+0', '44', '', '+'].map(isKnownCountryCode)).toEqual([false, false, false, false, false]);
  });
});

describe('formatPhone', () => {
  test('groups a number the way its country writes it', () => {
    expect(formatPhone('+971', '501234567')).toBe('+971 50 123 4567');
    expect(formatPhone('+44', '7911123456')).toBe('+44 7911 123456');
    expect(formatPhone('+1', '2025550123')).toBe('+1 202 555 0123');
  });

  test('reads the E.164 key, so a number stored with its code split wrongly shows right', () => {
    expect(formatPhone('+23', '48031234567')).toBe('+234 803 123 4567');
  });

  test('shows a number that is not valid as stored', () => {
    expect(formatPhone('+971', '123')).toBe('+971 123');
    expect(formatPhone('+999', '1234567')).toBe('+999 1234567');
  });
});

describe('formatE164', () => {
  test('shows a number known by its E.164 key exactly as formatPhone shows the stored number', () => {
    expect(formatE164('+971501000101')).toBe('+971 50 100 0101');
    expect(formatE164('+971501000101')).toBe(formatPhone('+971', '501000101'));
    expect(formatE164('+447911555001')).toBe(formatPhone('+44', '7911555001'));
  });

  test('keeps the code apart on a number it cannot group', () => {
    expect(formatE164('+9715')).toBe('+971 5');
  });
});

test('a number of a possible length the metadata does not know is grouped too', () => {
  expect(formatPhone('+44', '7911555001')).toBe('+44 7911 555001');
});

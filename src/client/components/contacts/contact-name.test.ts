import { contactDisplayName, contactInitial, contactName, contactPhone } from './contact-name';

const uae = { countryCode: '+971', phoneNumber: '501000101' };

describe('contactDisplayName', () => {
  test("the business's name first, a profile name never replaces it", () => {
    expect(contactDisplayName({ name: 'Aisha Khan', profileName: '🌸 Zoë ✨', ...uae })).toBe('Aisha Khan');
  });

  test("without a name of the business's, the WhatsApp profile name marked as WhatsApp's", () => {
    expect(contactName({ name: null, profileName: '🌸 Zoë ✨', ...uae })).toEqual({ text: '~ 🌸 Zoë ✨', source: 'profile' });
    expect(contactDisplayName({ name: '  ', profileName: 'Smith, John', ...uae })).toBe('~ Smith, John');
  });

  test('else the number, formatted as every number is, from either shape', () => {
    expect(contactName({ name: null, profileName: null, ...uae })).toEqual({ text: '+971 50 100 0101', source: 'phone' });
    expect(contactDisplayName({ name: null, profileName: null, e164: '+971501000101' })).toBe('+971 50 100 0101');
    expect(contactPhone({ name: null, profileName: null, e164: '+447911555001' })).toBe('+44 7911 555001');
    expect(contactPhone({ name: null, profileName: null, countryCode: '+44', phoneNumber: '7911555001' })).toBe('+44 7911 555001');
  });
});

describe('contactInitial', () => {
  test('is the first letter of the name shown, of any script', () => {
    expect(contactInitial({ name: 'aisha Khan', profileName: null, ...uae })).toBe('A');
    expect(contactInitial({ name: null, profileName: '🌸 Zoë ✨', ...uae })).toBe('Z');
    expect(contactInitial({ name: null, profileName: '2 ëlla', ...uae })).toBe('Ë');
    expect(contactInitial({ name: null, profileName: 'ليلى', ...uae })).toBe('ل');
  });

  test('is never "+", "~", a digit or an emoji: no letter means no initial (a person icon)', () => {
    expect(contactInitial({ name: null, profileName: null, ...uae })).toBeNull();
    expect(contactInitial({ name: null, profileName: '🌸✨ 42', ...uae })).toBeNull();
  });
});

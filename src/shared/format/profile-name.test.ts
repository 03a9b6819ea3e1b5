import { PROFILE_NAME_MAX } from '../constants';
import { sanitizeProfileName } from './profile-name';

describe('sanitizeProfileName', () => {
  test('keeps names of any script, emoji, digits and punctuation as sent', () => {
    expect(sanitizeProfileName('🌸 Zoë ✨')).toBe('🌸 Zoë ✨');
    expect(sanitizeProfileName('Smith, John')).toBe('Smith, John');
    expect(sanitizeProfileName('Noor 2')).toBe('Noor 2');
    expect(sanitizeProfileName('ليلى')).toBe('ليلى');
    expect(sanitizeProfileName('👨‍👩‍👧 Family')).toBe('👨‍👩‍👧 Family');
  });

  test('removes control characters and bidirectional overrides and isolates, and trims', () => {
    expect(sanitizeProfileName('  \u202EevilName\u202C\u0007\u0000 ')).toBe('evilName');
    expect(sanitizeProfileName('\u2067Ali\u2069\u200F\u0085Khan\u009B')).toBe('Ali Khan');
    expect(sanitizeProfileName('Line\nbreak')).toBe('Line break');
  });

  test('is null when nothing is left', () => {
    expect(sanitizeProfileName(undefined)).toBeNull();
    expect(sanitizeProfileName('')).toBeNull();
    expect(sanitizeProfileName(' \u202E\u0001 ')).toBeNull();
  });

  test('keeps at most the limit in characters, cut between code points', () => {
    const long = '😀'.repeat(PROFILE_NAME_MAX + 10);
    const kept = sanitizeProfileName(long)!;
    expect(Array.from(kept)).toHaveLength(PROFILE_NAME_MAX);
    expect(kept).toBe('😀'.repeat(PROFILE_NAME_MAX));
  });
});

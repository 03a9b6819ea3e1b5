import { countryCodePrefixOf, normalizePhone, type NormalizedPhone } from '@shared/phone';
import { contactNameField } from '@shared/validation/contacts';

/**
 * Splits Meta's `wa_id` (international digits, no '+') into country code and national number. The
 * supported countries are recognized exactly; for others the code is a best guess (NANP and +7 use one
 * digit, most others two) that only affects display: the E.164 key is right either way.
 */
export function splitInternational(digits: string): NormalizedPhone {
  const known = countryCodePrefixOf(digits);
  const codeLength = known ? known.length - 1 : digits.startsWith('1') || digits.startsWith('7') ? 1 : 2;
  return normalizePhone(known ?? `+${digits.slice(0, codeLength)}`, digits.slice(codeLength));
}

/** A WhatsApp profile name becomes the contact's name only if the contact form would accept it. */
export function acceptableName(profileName: string | undefined): string | null {
  if (!profileName) return null;
  try {
    return contactNameField.validateSync(profileName) ?? null;
  } catch {
    return null;
  }
}

import { countryCodePrefixOf, e164Of, parseInternational, type NormalizedPhone } from '@shared/phone';
import { contactNameField } from '@shared/validation/contacts';

/**
 * Splits Meta's `wa_id` (international digits, no '+') into country code and national number, as the
 * contact form would store the same number, for every country. Meta may know a number range newer than
 * Parley's metadata: such a number is still stored, under the calling code it starts with (a code
 * Parley does not know at all is taken as two digits). The split only affects display; the E.164 key is
 * right either way.
 */
export function splitInternational(digits: string): NormalizedPhone {
  const valid = parseInternational(digits);
  if (valid) return valid;
  const countryCode = countryCodePrefixOf(digits) ?? `+${digits.slice(0, 2)}`;
  const phoneNumber = digits.slice(countryCode.length - 1);
  return { countryCode, phoneNumber, e164: e164Of(countryCode, phoneNumber) };
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

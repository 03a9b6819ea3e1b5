import { SUPPORTED_COUNTRIES } from './countries';

/**
 * Phone normalization, shared by the contact form, the CSV preview and the server so that one person is
 * one contact however the number was typed. A stored number is the country code ('+971') and the national
 * significant number ('501234567'); their concatenation is the E.164 key, unique per organization.
 */

/** National significant number lengths of the supported countries' mobile numbers. */
const NATIONAL_LENGTH: Readonly<Record<string, number>> = {
  '+91': 10,
  '+971': 9,
  '+966': 9,
  '+965': 8,
  '+973': 8,
  '+974': 8,
  '+968': 8,
};

export interface NormalizedPhone {
  countryCode: string;
  phoneNumber: string;
  e164: string;
}

/** The E.164 key of a stored number: its country code, then its national digits ('+971' + '501234567'). */
export function e164Of(countryCode: string, nationalNumber: string): string {
  return `${countryCode}${nationalNumber}`;
}

/** The phone number as the SPEC's rule reads it: spaces removed. */
export function phoneDigits(phoneNumber: string): string {
  return phoneNumber.replace(/\s+/g, '');
}

/**
 * Normalizes a number typed with a known country code. For the supported countries (all of which dial a
 * trunk '0' nationally and never in E.164) '050 123 4567' and '971501234567' under +971 both become
 * '501234567'; for any other code the digits are kept as typed.
 */
export function normalizePhone(countryCode: string, phoneNumber: string): NormalizedPhone {
  const code = countryCode.trim();
  let national = phoneDigits(phoneNumber);
  const length = NATIONAL_LENGTH[code];
  if (length !== undefined) {
    const codeDigits = code.slice(1);
    if (national.length === codeDigits.length + length && national.startsWith(codeDigits)) {
      national = national.slice(codeDigits.length);
    } else if (national.length === length + 1 && national.startsWith('0')) {
      national = national.slice(1);
    }
  }
  return { countryCode: code, phoneNumber: national, e164: e164Of(code, national) };
}

/**
 * The supported country a bare international number (digits only, no '+') belongs to, recognized by its
 * code followed by exactly that country's national length; undefined when it fits none. The supported
 * codes are prefix-free, so at most one can match.
 */
export function detectCountryCode(digits: string): string | undefined {
  return SUPPORTED_COUNTRIES.find(({ code }) => {
    const codeDigits = code.slice(1);
    return digits.startsWith(codeDigits) && digits.length === codeDigits.length + NATIONAL_LENGTH[code];
  })?.code;
}

/** The supported country code an international number ('+9715…' without the '+') starts with. */
export function countryCodePrefixOf(digits: string): string | undefined {
  return SUPPORTED_COUNTRIES.find(({ code }) => digits.startsWith(code.slice(1)))?.code;
}

/** How a stored number is shown: '+971 501234567'. */
export function formatPhone(countryCode: string, phoneNumber: string): string {
  return `${countryCode} ${phoneNumber}`;
}

// The `min` metadata: this module is part of the web app too (the contact form, the CSV preview, every
// number shown), and `min` is about half the size of `max`. It validates a number's length for its
// country and leading digits (and tells NANP countries apart), not every digit pattern: WhatsApp accepts
// landlines and new ranges, so `max`'s stricter digit patterns would buy little beyond a heavier bundle
// and refusals of numbers allocated after the metadata was published. `mobile` would refuse landlines.
import metadata from 'libphonenumber-js/min/metadata';
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

/**
 * Phone numbers of every country, shared by the contact form, the CSV preview and the server so that one
 * person is one contact however the number was typed. A stored number is the country code ('+971') and
 * the national significant number ('501234567'); their concatenation is the E.164 key, unique per
 * organization.
 */

export interface NormalizedPhone {
  countryCode: string;
  phoneNumber: string;
  e164: string;
}

/** Every calling code the metadata knows: countries' and non-geographic ones (+800, +882…), without '+'. */
const CALLING_CODES: ReadonlySet<string> = new Set([...Object.keys(metadata.country_calling_codes), ...Object.keys(metadata.nonGeographic ?? {})]);

/** ITU calling codes are one to three digits long and prefix-free. */
const LONGEST_CALLING_CODE = 3;

/** The E.164 key of a stored number: its country code, then its national digits ('+971' + '501234567'). */
export function e164Of(countryCode: string, nationalNumber: string): string {
  return `${countryCode}${nationalNumber}`;
}

/** The phone number as the digit rule reads it: spaces removed. */
export function phoneDigits(phoneNumber: string): string {
  return phoneNumber.replace(/\s+/g, '');
}

/** Whether '+44' (surrounding spaces ignored) is a calling code numbers can be dialled with. */
export function isKnownCountryCode(countryCode: string): boolean {
  const code = countryCode.trim();
  return code.startsWith('+') && CALLING_CODES.has(code.slice(1));
}

/**
 * The calling code a country code is written as, in any of the usual ways: '+44', '44', '0044' (the
 * international prefix), or the country's ISO code ('GB', 'gb'); spaces ignored. Undefined for anything
 * else, and for a code no country dials with.
 */
export function readCountryCode(written: string): string | undefined {
  const text = written.replace(/\s+/g, '');
  if (/^[A-Za-z]{2}$/.test(text)) {
    const region = text.toUpperCase();
    return isSupportedCountry(region) ? `+${getCountryCallingCode(region)}` : undefined;
  }
  const digits = /^(?:\+|00)?(\d{1,4})$/.exec(text)?.[1];
  const code = digits === undefined ? undefined : `+${digits}`;
  return code && isKnownCountryCode(code) ? code : undefined;
}

function stored(phone: PhoneNumber): NormalizedPhone {
  const countryCode = `+${phone.countryCallingCode}`;
  return { countryCode, phoneNumber: phone.nationalNumber, e164: e164Of(countryCode, phone.nationalNumber) };
}

/**
 * The number as stored when it is a valid number of that country code, else undefined. It may be typed
 * nationally with its trunk prefix ('050 123 4567' under +971), or with the code in front
 * ('971501234567'); both are '501234567'. A number of another country is not valid under this code.
 */
export function parsePhone(countryCode: string, phoneNumber: string): NormalizedPhone | undefined {
  if (!isKnownCountryCode(countryCode)) return undefined;
  const digits = phoneDigits(phoneNumber);
  // A '+' would let the text name another country than the code does.
  if (!/^\d+$/.test(digits)) return undefined;
  const code = countryCode.trim().slice(1);
  const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: code });
  return parsed?.isValid() && parsed.countryCallingCode === code ? stored(parsed) : undefined;
}

/**
 * The stored form of a number typed with a country code: as parsePhone reads it when valid; otherwise
 * (only for numbers no rule has checked) the code and the digits as typed.
 */
export function normalizePhone(countryCode: string, phoneNumber: string): NormalizedPhone {
  const phone = parsePhone(countryCode, phoneNumber);
  if (phone) return phone;
  const code = countryCode.trim();
  const national = phoneDigits(phoneNumber);
  return { countryCode: code, phoneNumber: national, e164: e164Of(code, national) };
}

/**
 * A number in international form without its '+' ('447911123456', or Meta's wa_id) as stored, when it
 * is a valid number of the country its code names; else undefined.
 */
export function parseInternational(digits: string): NormalizedPhone | undefined {
  if (!/^\d+$/.test(digits)) return undefined;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isValid() ? stored(parsed) : undefined;
}

/** The country code a bare international number ('447911123456', no '+') is a valid number of; else undefined. */
export function detectCountryCode(digits: string): string | undefined {
  return parseInternational(digits)?.countryCode;
}

/** The known calling code an international number ('4479…', without the '+') starts with, as '+44'. */
export function countryCodePrefixOf(digits: string): string | undefined {
  for (let length = 1; length <= LONGEST_CALLING_CODE; length += 1) {
    const code = digits.slice(0, length);
    if (code.length === length && /^\d+$/.test(code) && CALLING_CODES.has(code)) return `+${code}`;
  }
  return undefined;
}

/** The number grouped the way its country writes it, when the metadata can read it as a possible number. */
function grouped(e164: string): string | undefined {
  const phone = parsePhoneNumberFromString(e164);
  return phone && (phone.isValid() || phone.isPossible()) ? phone.formatInternational() : undefined;
}

/**
 * How a stored number is shown, everywhere (the inbox, the Contacts table, a broadcast's drill-down):
 * grouped the way its country writes it ('+971 50 123 4567', '+44 7911 555001'). It is read from the
 * E.164 key, so a number stored with its code split wrongly still shows right; it is grouped when its
 * length is possible for its country even if the metadata does not know its range. One that is not
 * shows as stored, its code apart.
 */
export function formatPhone(countryCode: string, phoneNumber: string): string {
  return grouped(e164Of(countryCode, phoneNumber)) ?? `${countryCode} ${phoneNumber}`;
}

/** formatPhone for a number known only by its E.164 key ('+971501234567'), as a drill-down has it. */
export function formatE164(e164: string): string {
  const shown = grouped(e164);
  if (shown) return shown;
  const digits = e164.replace(/^\+/, '');
  const code = countryCodePrefixOf(digits);
  return code ? `${code} ${digits.slice(code.length - 1)}` : e164;
}

import { array, object, string, type InferType } from 'yup';
import {
  CONTACTS_PAGE_SIZE,
  CONTACT_NAME,
  CONTACT_SEARCH_MIN_CHARS,
  CONTACT_SEARCH_QUERY_MAX,
  COUNTRY_CODE_DIGITS,
  MAX_TAGS_PER_CONTACT,
  PHONE_DIGITS,
} from '../constants';
import { isKnownCountryCode, parsePhone, phoneDigits, type NormalizedPhone } from '../phone';
import { pageQuerySchema } from './page-query';

/** The contact form's rules, which the contacts API applies to the same fields. */

// Letters of any script (Arabic and Devanagari names included), combining marks, spaces and . ' -
const CONTACT_NAME_CHARACTERS = /^[\p{L}\p{M} .'-]+$/u;
const COUNTRY_CODE_FORMAT = new RegExp(`^\\+\\d{${COUNTRY_CODE_DIGITS.min},${COUNTRY_CODE_DIGITS.max}}$`);
const PHONE_FORMAT = new RegExp(`^\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}}$`);

/** Optional: a blank name is no name (stored as null). */
export const contactNameField = string()
  .trim()
  .transform((value: string | undefined | null) => (value ? value : undefined))
  .optional()
  .nullable()
  .min(CONTACT_NAME.min, `Name must be at least ${CONTACT_NAME.min} characters`)
  .max(CONTACT_NAME.max, `Name must be less than ${CONTACT_NAME.max} characters`)
  .matches(CONTACT_NAME_CHARACTERS, 'Name contains invalid characters');

/** The format message also covers a well-formed code no country dials with ('+999'). */
export const countryCodeField = string()
  .trim()
  .required('Country code is required')
  .matches(COUNTRY_CODE_FORMAT, 'Invalid country code format')
  .test('known-country-code', 'Invalid country code format', (value) => !value || isKnownCountryCode(value));

function phoneNotValidFor(countryCode: string): string {
  return `Phone number is not valid for country code ${countryCode}`;
}

/**
 * The digit rule first, then the number must be one of its country code's (length and leading digits
 * by libphonenumber). A missing or unknown code is the country code field's error, not this one's.
 */
export const phoneNumberField = string()
  .trim()
  .required('Phone number is required')
  .test('phone-digits', `Phone number must be ${PHONE_DIGITS.min}-${PHONE_DIGITS.max} digits`, (value) => !value || PHONE_FORMAT.test(phoneDigits(value)))
  .test('phone-of-country', function validForCountry(value) {
    const countryCode: unknown = (this.parent as { countryCode?: unknown } | undefined)?.countryCode;
    if (!value || typeof countryCode !== 'string' || !isKnownCountryCode(countryCode) || !PHONE_FORMAT.test(phoneDigits(value))) return true;
    return parsePhone(countryCode, value) !== undefined || this.createError({ message: phoneNotValidFor(countryCode.trim()) });
  });

/** Absent means "leave the tags as they are" (a member without contacts:tag edits without them). */
export const contactTagIdsField = array(string().defined())
  .optional()
  .max(MAX_TAGS_PER_CONTACT, `Too many tags selected (max ${MAX_TAGS_PER_CONTACT})`);

/** POST /contacts and PUT /contacts/{id}: the add/edit modal's fields. */
export const contactSchema = object({
  name: contactNameField,
  countryCode: countryCodeField,
  phoneNumber: phoneNumberField,
  tagIds: contactTagIdsField,
});

/** The add/edit modal's values as the schema passes them on (trimmed; a blank name is absent; no tagIds leaves tags alone). */
export type ContactInput = InferType<typeof contactSchema>;

/** A contact's own fields, without its tags. */
export type ContactFields = Omit<ContactInput, 'tagIds'>;

/** A contact's fields as stored: the name (null for none) and the normalized number. */
export interface AcceptedContact extends NormalizedPhone {
  name: string | null;
}

/** Whether the name rule keeps a trimmed, non-blank name as it is. */
export function isAcceptedContactName(trimmedName: string): boolean {
  return trimmedName.length >= CONTACT_NAME.min && trimmedName.length <= CONTACT_NAME.max && CONTACT_NAME_CHARACTERS.test(trimmedName);
}

// Emoji presentation selectors are marks to the rule, but carry nothing of a name.
const VARIATION_SELECTORS = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
const REFUSED_NAME_CHARACTERS = /[^\p{L}\p{M} .'-]/gu;
// A combining mark left without the letter it belonged to.
const ORPHAN_MARKS = /(^|[^\p{L}\p{M}])\p{M}+/gu;

/**
 * The name the contact-name rule keeps from one it refuses: any whitespace read as a space, every other
 * character a name may not hold removed, spaces collapsed, and cut to the longest name allowed
 * ('Whitfield, James' → 'Whitfield James', '🌸 Zoë ✨' → 'Zoë'). Null when too little is left for a name.
 */
export function cleanContactName(name: string): string | null {
  const kept = name
    .replace(/\s/gu, ' ')
    .replace(VARIATION_SELECTORS, '')
    .replace(REFUSED_NAME_CHARACTERS, '')
    .replace(ORPHAN_MARKS, '$1')
    .replace(/ {2,}/g, ' ')
    .trim();
  let cut = '';
  for (const character of kept) {
    if (cut.length + character.length > CONTACT_NAME.max) break;
    cut += character;
  }
  cut = cut.trim();
  return cut.length >= CONTACT_NAME.min ? cut : null;
}

/**
 * The same rules as the schema's name, country code and phone fields, without messages, answering the
 * contact as stored when they pass: a CSV import checks every row, and yup would cost about as much again
 * as libphonenumber's parse (which normalizing needs anyway). Only rows this refuses go through
 * yup, for their message; a test keeps the two in agreement.
 */
export function acceptedContactFields({ name, countryCode, phoneNumber }: ContactFields): AcceptedContact | undefined {
  const trimmedName = (name ?? '').trim();
  const nameOk = trimmedName === '' || isAcceptedContactName(trimmedName);
  const number = phoneNumber.trim();
  if (!nameOk || !COUNTRY_CODE_FORMAT.test(countryCode.trim()) || !PHONE_FORMAT.test(phoneDigits(number))) return undefined;
  const phone = parsePhone(countryCode, number);
  return phone && { ...phone, name: trimmedName || null };
}

/** GET /contacts: the Contacts screen's pages. */
export const contactListQuerySchema = pageQuerySchema(CONTACTS_PAGE_SIZE);

export const CONTACT_SEARCH_TOO_SHORT = `Type at least ${CONTACT_SEARCH_MIN_CHARS} characters to search`;

/** GET /contacts/search?q=…: the screen only searches from three characters on. */
export const contactSearchSchema = object({
  q: string()
    .trim()
    .required(CONTACT_SEARCH_TOO_SHORT)
    .min(CONTACT_SEARCH_MIN_CHARS, CONTACT_SEARCH_TOO_SHORT)
    .max(CONTACT_SEARCH_QUERY_MAX, 'Search text is too long'),
});

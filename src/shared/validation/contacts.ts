import { array, object, string } from 'yup';
import { CONTACT_NAME, CONTACT_SEARCH_MIN_CHARS, CONTACT_SEARCH_QUERY_MAX, MAX_TAGS_PER_CONTACT, PHONE_DIGITS } from '../constants';
import { phoneDigits } from '../phone';

/** The contact form and contact request rules of SPEC.md section 5 (Contacts and notes). */

// Letters of any script (Arabic and Devanagari names included), combining marks, spaces and . ' -
const CONTACT_NAME_CHARACTERS = /^[\p{L}\p{M} .'-]+$/u;
const COUNTRY_CODE_FORMAT = /^\+\d{1,4}$/;
const PHONE_FORMAT = new RegExp(`^\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}}$`);

/** Optional: a blank name is no name (stored as null). */
export const contactNameField = string()
  .trim()
  .transform((value: string | undefined | null) => (value ? value : undefined))
  .optional()
  .nullable()
  .min(CONTACT_NAME.min, 'Name must be at least 2 characters')
  .max(CONTACT_NAME.max, 'Name must be less than 100 characters')
  .matches(CONTACT_NAME_CHARACTERS, 'Name contains invalid characters');

export const countryCodeField = string()
  .trim()
  .required('Country code is required')
  .matches(COUNTRY_CODE_FORMAT, 'Invalid country code format');

export const phoneNumberField = string()
  .trim()
  .required('Phone number is required')
  .test('phone-digits', 'Phone number must be 7-15 digits', (value) => !value || PHONE_FORMAT.test(phoneDigits(value)));

/** Absent means "leave the tags as they are" (a member without contacts:tag edits without them). */
export const contactTagIdsField = array(string().defined())
  .optional()
  .max(MAX_TAGS_PER_CONTACT, 'Too many tags selected (max 10)');

/** POST /contacts and PUT /contacts/{id}: the add/edit modal's fields. */
export const contactSchema = object({
  name: contactNameField,
  countryCode: countryCodeField,
  phoneNumber: phoneNumberField,
  tagIds: contactTagIdsField,
});

export interface ContactFields {
  name?: string | null;
  countryCode: string;
  phoneNumber: string;
}

/**
 * The same rules as the schema's name, country code and phone fields, as one predicate without messages:
 * a CSV import checks 200,000 rows, and yup costs ~25 µs a row where this costs well under one. Only rows
 * this refuses go through yup, for their message; a test keeps the two in agreement.
 */
export function contactFieldsAreValid({ name, countryCode, phoneNumber }: ContactFields): boolean {
  const trimmedName = (name ?? '').trim();
  const nameOk =
    trimmedName === '' ||
    (trimmedName.length >= CONTACT_NAME.min &&
      trimmedName.length <= CONTACT_NAME.max &&
      CONTACT_NAME_CHARACTERS.test(trimmedName));
  return nameOk && COUNTRY_CODE_FORMAT.test(countryCode.trim()) && PHONE_FORMAT.test(phoneDigits(phoneNumber.trim()));
}

export const CONTACT_SEARCH_TOO_SHORT = `Type at least ${CONTACT_SEARCH_MIN_CHARS} characters to search`;

/** GET /contacts/search?q=…: the screen only searches from three characters on. */
export const contactSearchSchema = object({
  q: string()
    .trim()
    .required(CONTACT_SEARCH_TOO_SHORT)
    .min(CONTACT_SEARCH_MIN_CHARS, CONTACT_SEARCH_TOO_SHORT)
    .max(CONTACT_SEARCH_QUERY_MAX, 'Search text is too long'),
});

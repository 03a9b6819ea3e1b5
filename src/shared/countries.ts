import metadata from 'libphonenumber-js/min/metadata';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

/** A country a contact's number may belong to: its ISO 3166 region ('AE'), calling code ('+971') and English name. */
export interface Country {
  region: string;
  code: string;
  name: string;
}

/** The seven countries most customers write from, first in the picker, in this order and with these names. */
export const PRIMARY_COUNTRIES: readonly Country[] = [
  { region: 'IN', code: '+91', name: 'India' },
  { region: 'AE', code: '+971', name: 'United Arab Emirates' },
  { region: 'SA', code: '+966', name: 'Saudi Arabia' },
  { region: 'KW', code: '+965', name: 'Kuwait' },
  { region: 'BH', code: '+973', name: 'Bahrain' },
  { region: 'QA', code: '+974', name: 'Qatar' },
  { region: 'OM', code: '+968', name: 'Oman' },
];

function otherCountries(): Country[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const first = new Set(PRIMARY_COUNTRIES.map(({ region }) => region));
  return getCountries()
    .filter((region) => !first.has(region))
    .map((region: CountryCode) => ({ region, code: `+${getCountryCallingCode(region)}`, name: names.of(region) ?? region }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Every country libphonenumber knows: the seven primary ones first, then the others by English name. */
export const COUNTRIES: readonly Country[] = [...PRIMARY_COUNTRIES, ...otherCountries()];

/** The country a new contact starts with: the first primary one. */
export const DEFAULT_COUNTRY = PRIMARY_COUNTRIES[0];


/**
 * The country a stored country code stands for where only the code is kept: the code's main country
 * ('+1' is the United States, '+44' the United Kingdom), or undefined for a code no country has.
 */
export function countryOfCode(code: string): Country | undefined {
  const main = metadata.country_calling_codes[code.slice(1)]?.[0];
  return main === undefined ? undefined : COUNTRIES.find(({ region }) => region === main);
}

import { SUPPORTED_COUNTRIES } from '@shared/countries';
import type { ImportedContact } from '@shared/validation/contact-import';
import { normalizePhone } from '@shared/phone';

/** Bench data: realistic Gulf and Indian names and numbers, deterministic, every number unique. */

const FIRST = [
  'Mohammed', 'Ahmed', 'Fatima', 'Aisha', 'Omar', 'Khalid', 'Layla', 'Yousef', 'Mariam', 'Hassan', 'Noura', 'Abdullah',
  'Reem', 'Faisal', 'Sara', 'Rahul', 'Priya', 'Arjun', 'Sneha', 'Vikram', 'Ananya', 'Imran', 'Kavya', 'Suresh', 'Farah',
  'Joseph', 'Lakshmi', 'Aditya', 'Nadia', 'Karthik', 'Meera', 'Tariq', 'Huda', 'Sameer', 'Rania', 'Walid', 'Amal', 'Zainab',
];
const LAST = [
  'Al Maktoum', 'Rahman', 'Al Nahyan', 'Al Zaabi', 'Haddad', 'Mansour', 'Al Mazrouei', 'Al Suwaidi', 'Al Otaibi', 'Al Qahtani',
  'Al Dosari', 'Al Harbi', 'Al Ghamdi', 'Al Sabah', 'Al Mutairi', 'Al Khalifa', 'Al Thani', 'Al Busaidi', 'Sharma', 'Nair',
  'Reddy', 'Iyer', 'Singh', 'Gupta', 'Shaikh', 'Menon', 'Qureshi', 'Pillai', 'Patel', 'Khan', 'Thomas', 'Krishnan',
  'Kulkarni', 'Hussain', 'Subramanian', 'Joshi', 'Darwish', 'Saleh', 'Fares', 'Nasser',
];

const SOURCES = ['web', 'expo', 'ads', 'shop'];
const CITIES = ['Dubai', 'Abu Dhabi', 'Sharjah', 'Riyadh', 'Jeddah', 'Kuwait City', 'Manama', 'Doha', 'Muscat', 'Mumbai', 'Bengaluru', 'Kochi', 'Hyderabad', 'Chennai'];

/** National numbers by index: unique within each country, of that country's mobile length. */
const MOBILE_PREFIX: Record<string, [string, number]> = {
  '+91': ['9', 9], '+971': ['5', 8], '+966': ['5', 8], '+965': ['6', 7], '+973': ['3', 7], '+974': ['5', 7], '+968': ['9', 7],
};

export function benchName(i: number): string {
  return `${FIRST[i % FIRST.length]} ${FIRST[(i * 7 + 3) % FIRST.length]} ${LAST[(i * 13 + 5) % LAST.length]}`;
}

export function benchPhone(i: number): { countryCode: string; national: string } {
  const { code } = SUPPORTED_COUNTRIES[i % SUPPORTED_COUNTRIES.length];
  const [prefix, digits] = MOBILE_PREFIX[code];
  return { countryCode: code, national: `${prefix}${String(Math.floor(i / SUPPORTED_COUNTRIES.length)).padStart(digits, '0')}` };
}

export function benchContact(i: number): ImportedContact {
  const { countryCode, national } = benchPhone(i);
  return { ...normalizePhone(countryCode, national), name: benchName(i) };
}

/**
 * A CSV of `rows` data rows (~50 bytes each, so 200,000 rows make ~10 MB): numbers written the ways
 * people write them (spaced, international, with a trunk 0), columns the import ignores (as exports
 * from other tools have), and one row in a thousand bad.
 */
export function benchCsv(rows: number): string {
  const lines = ['mobile,name,country_code,city,source'];
  for (let i = 0; i < rows; i += 1) {
    const { countryCode, national } = benchPhone(i);
    const city = `${CITIES[i % CITIES.length]},${SOURCES[i % SOURCES.length]}`;
    if (i % 1000 === 999) lines.push(`12345,${benchName(i)},${countryCode},${city}`);
    else if (i % 3 === 0) lines.push(`${national.slice(0, 5)} ${national.slice(5)},${benchName(i)},${countryCode},${city}`);
    else if (i % 3 === 1) lines.push(`${countryCode} ${national},"${benchName(i)}",,${city}`);
    else lines.push(`0${national},${benchName(i)},${countryCode.slice(1)},${city}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

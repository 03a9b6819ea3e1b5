import type { ImportedContact } from '@shared/validation/contact-import';
import { normalizePhone } from '@shared/phone';

/**
 * Bench data that looks like a real customer list: names and mobile numbers of many countries (most of
 * them the seven primary countries, the rest from the UK, the US, Europe, Africa and Latin America), drawn at random
 * but deterministically, so contact i is the same in every run and on every engine. Every number is a
 * valid number of its country and unique, and the numbers are spread over each country's number space
 * (not sequential), so a search by digits meets the matches a real list would give.
 */

/** Names by where people come from; a country draws its names from one of these. */
const NAMES = {
  gulf: {
    first: ['Mohammed', 'Ahmed', 'Fatima', 'Aisha', 'Omar', 'Khalid', 'Layla', 'Yousef', 'Mariam', 'Hassan', 'Noura', 'Abdullah', 'Reem', 'Faisal', 'Sara', 'Tariq', 'Huda', 'Rania', 'Walid', 'Amal', 'Zainab', 'Salim', 'Hamad', 'Lulwa'],
    last: ['Al Maktoum', 'Rahman', 'Al Nahyan', 'Al Zaabi', 'Haddad', 'Mansour', 'Al Mazrouei', 'Al Suwaidi', 'Al Otaibi', 'Al Qahtani', 'Al Dosari', 'Al Harbi', 'Al Ghamdi', 'Al Sabah', 'Al Mutairi', 'Al Khalifa', 'Al Thani', 'Al Busaidi', 'Darwish', 'Saleh', 'Fares', 'Nasser', 'Al Balushi', 'Al Marri'],
  },
  india: {
    first: ['Rahul', 'Priya', 'Arjun', 'Sneha', 'Vikram', 'Ananya', 'Imran', 'Kavya', 'Suresh', 'Farah', 'Joseph', 'Lakshmi', 'Aditya', 'Nadia', 'Karthik', 'Meera', 'Sameer', 'Deepa', 'Rohan', 'Pooja'],
    last: ['Sharma', 'Nair', 'Reddy', 'Iyer', 'Singh', 'Gupta', 'Shaikh', 'Menon', 'Qureshi', 'Pillai', 'Patel', 'Khan', 'Thomas', 'Krishnan', 'Kulkarni', 'Hussain', 'Subramanian', 'Joshi', 'Das', 'Mehta'],
  },
  english: {
    first: ['Oliver', 'Amelia', 'James', 'Olivia', 'Harry', 'Emily', 'Jack', 'Sophie', 'Michael', 'Jessica', 'David', 'Emma', 'Daniel', 'Grace', 'Thomas', 'Chloe', 'William', 'Hannah', 'Ethan', 'Madison'],
    last: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Miller', 'Evans', 'Walker', "O'Brien", 'Robinson', 'Clarke', 'Wright', 'Thompson', 'Garcia', 'Martinez', 'Anderson', 'Murphy'],
  },
  european: {
    first: ['Lukas', 'Anna', 'Jonas', 'Lea', 'Louis', 'Chloé', 'Hugo', 'Camille', 'Lucía', 'Pablo', 'Marco', 'Giulia', 'Sven', 'Sanne', 'Matteo', 'Elena', 'Émile', 'Inès', 'Jan', 'Sofia'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Martin', 'Bernard', 'Dubois', 'Lefèvre', 'García', 'Fernández', 'López', 'Rossi', 'Russo', 'Bianchi', 'de Jong', 'Jansen', 'van Dijk', 'Weber', 'Moreau', 'Romano'],
  },
  african: {
    first: ['Chinedu', 'Ngozi', 'Emeka', 'Aisha', 'Tunde', 'Amara', 'Wanjiru', 'Kamau', 'Achieng', 'Otieno', 'Thabo', 'Lerato', 'Sipho', 'Nomvula', 'Kwame', 'Adaeze', 'Babajide', 'Zanele', 'Musa', 'Halima'],
    last: ['Okafor', 'Adeyemi', 'Okeke', 'Bello', 'Nwosu', 'Eze', 'Mwangi', 'Odhiambo', 'Kariuki', 'Wanjiku', 'Nkosi', 'Dlamini', 'Mokoena', 'Ndlovu', 'Mensah', 'Abubakar', 'Ibrahim', 'Njoroge', 'Khumalo', 'Obi'],
  },
  latin: {
    first: ['João', 'Maria', 'Pedro', 'Ana', 'Lucas', 'Juliana', 'Gabriel', 'Camila', 'Mateus', 'Fernanda', 'José', 'Guadalupe', 'Diego', 'Valentina', 'Santiago', 'Sofía', 'Andrés', 'Isabela', 'Rafael', 'Daniela'],
    last: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Pereira', 'Costa', 'Rodrigues', 'Almeida', 'Hernández', 'González', 'Ramírez', 'Torres', 'Flores', 'Gómez', 'Rojas', 'Muñoz', 'Vargas', 'Castro', 'Ribeiro', 'Carvalho'],
  },
} as const;

type NameGroup = keyof typeof NAMES;

interface BenchCountry {
  code: string;
  /** Contacts per 100: the seven primary countries make more than half of the list. */
  weight: number;
  names: NameGroup;
  /** Mobile ranges: each is followed by `free` digits drawn at random. */
  prefixes: readonly string[];
  free: number;
  /** What the country dials before a national number (its trunk prefix), '' where it dials none. */
  trunk: string;
  cities: readonly string[];
}

const COUNTRIES: readonly BenchCountry[] = [
  { code: '+91', weight: 20, names: 'india', prefixes: ['98', '97', '96', '95', '94', '93', '91', '90', '89', '88', '81', '80', '79', '78', '77', '76', '73', '70', '63', '62'], free: 8, trunk: '0', cities: ['Mumbai', 'Bengaluru', 'Kochi', 'Hyderabad', 'Chennai'] },
  { code: '+971', weight: 14, names: 'gulf', prefixes: ['50', '52', '54', '55', '56', '58'], free: 7, trunk: '0', cities: ['Dubai', 'Abu Dhabi', 'Sharjah'] },
  { code: '+966', weight: 10, names: 'gulf', prefixes: ['50', '51', '53', '54', '55', '56', '58', '59'], free: 7, trunk: '0', cities: ['Riyadh', 'Jeddah', 'Dammam'] },
  { code: '+965', weight: 4, names: 'gulf', prefixes: ['41', '50', '55', '66', '90', '94', '97', '99'], free: 6, trunk: '', cities: ['Kuwait City'] },
  { code: '+973', weight: 3, names: 'gulf', prefixes: ['32', '33', '34', '35', '36', '37', '39'], free: 6, trunk: '', cities: ['Manama'] },
  { code: '+974', weight: 4, names: 'gulf', prefixes: ['30', '31', '33', '50', '55', '66', '70', '71', '74', '77'], free: 6, trunk: '', cities: ['Doha'] },
  { code: '+968', weight: 3, names: 'gulf', prefixes: ['71', '72', '78', '79', '91', '92', '93', '94', '95', '96', '97', '98', '99'], free: 6, trunk: '', cities: ['Muscat'] },
  { code: '+44', weight: 7, names: 'english', prefixes: ['740', '745', '747', '750', '753', '759', '771', '774', '778', '780', '783', '786', '790', '794', '796', '798'], free: 7, trunk: '0', cities: ['London', 'Manchester', 'Leeds'] },
  { code: '+1', weight: 7, names: 'english', prefixes: ['2125', '3056', '4157', '6178', '7134', '2023', '3128', '4049', '5032', '6462'], free: 6, trunk: '1', cities: ['New York', 'Houston', 'Chicago'] },
  { code: '+49', weight: 3, names: 'european', prefixes: ['1512', '1520', '1573', '1590', '1601', '1701', '1715', '1763', '1779'], free: 7, trunk: '0', cities: ['Berlin', 'Munich'] },
  { code: '+33', weight: 3, names: 'european', prefixes: ['60', '61', '62', '64', '65', '66', '67', '68', '75', '76', '77', '78'], free: 7, trunk: '0', cities: ['Paris', 'Lyon'] },
  { code: '+34', weight: 2, names: 'european', prefixes: ['60', '61', '62', '63', '64', '65', '66', '67', '68', '69', '71', '72', '73', '74'], free: 7, trunk: '', cities: ['Madrid', 'Barcelona'] },
  { code: '+39', weight: 2, names: 'european', prefixes: ['320', '328', '333', '338', '340', '347', '349', '366', '380', '393'], free: 7, trunk: '', cities: ['Milan', 'Rome'] },
  { code: '+31', weight: 1, names: 'european', prefixes: ['61', '62', '63', '64', '65'], free: 7, trunk: '0', cities: ['Amsterdam'] },
  { code: '+234', weight: 3, names: 'african', prefixes: ['803', '806', '703', '706', '813', '816', '903', '906', '810', '814'], free: 7, trunk: '0', cities: ['Lagos', 'Abuja'] },
  { code: '+254', weight: 2, names: 'african', prefixes: ['70', '71', '72', '79', '11'], free: 7, trunk: '0', cities: ['Nairobi', 'Mombasa'] },
  { code: '+27', weight: 2, names: 'african', prefixes: ['60', '71', '72', '73', '74', '76', '78', '79', '82', '83', '84'], free: 7, trunk: '0', cities: ['Johannesburg', 'Cape Town'] },
  { code: '+20', weight: 2, names: 'gulf', prefixes: ['10', '11', '12', '15'], free: 8, trunk: '0', cities: ['Cairo', 'Alexandria'] },
  { code: '+55', weight: 4, names: 'latin', prefixes: ['119', '219', '319', '419', '519', '619', '719', '819', '859', '919'], free: 8, trunk: '0', cities: ['São Paulo', 'Rio de Janeiro'] },
  { code: '+52', weight: 2, names: 'latin', prefixes: ['55', '56', '33', '81', '22', '44', '99'], free: 8, trunk: '', cities: ['Mexico City', 'Guadalajara'] },
  { code: '+57', weight: 1, names: 'latin', prefixes: ['300', '301', '310', '311', '312', '313', '315', '316', '317', '320'], free: 7, trunk: '', cities: ['Bogotá', 'Medellín'] },
  { code: '+56', weight: 1, names: 'latin', prefixes: ['92', '94', '95', '98'], free: 7, trunk: '', cities: ['Santiago'] },
];

const SOURCES = ['web', 'expo', 'ads', 'shop'];

/** 32-bit mixing of one integer (splitmix-style): a deterministic stand-in for a random draw. */
function draw(seed: number): number {
  let x = (seed + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * One cycle of 100 slots, each a country, as many per country as its weight, in a shuffled order; slot
 * i % 100 is contact i's country, and `rank` its place among that country's slots.
 */
const CYCLE: ReadonlyArray<{ country: BenchCountry; rank: number }> = (() => {
  const slots = COUNTRIES.flatMap((country) => Array.from({ length: country.weight }, (_, rank) => ({ country, rank })));
  for (let i = slots.length - 1; i > 0; i -= 1) {
    const j = draw(i) % (i + 1);
    [slots[i], slots[j]] = [slots[j], slots[i]];
  }
  return slots;
})();

function slotOf(i: number) {
  const { country, rank } = CYCLE[i % CYCLE.length];
  // The how-manieth contact of its country contact i is: the numbers of one country are drawn by it.
  return { country, nth: Math.floor(i / CYCLE.length) * country.weight + rank };
}

/** Reverses the `width` digits of n ('00123' becomes '32100'): a bijection that scatters consecutive values. */
function reversedDigits(n: number, width: number): number {
  return Number(String(n).padStart(width, '0').split('').reverse().join(''));
}

/**
 * A bijection on [0, 10^width): two affine steps (factors prime to 10 are invertible modulo 10^width)
 * around a digit reversal, so distinct inputs give distinct, well-spread outputs. `salt` shifts the
 * result, so two ranges do not draw the same subscriber digits. Exact for widths up to 8: every
 * product stays below 2^53.
 */
function scatter(n: number, width: number, salt: number): number {
  const space = 10 ** width;
  const affine = (x: number, factor: number, offset: number) => (x * factor + offset) % space;
  return affine(reversedDigits(affine(n, 7_654_321, salt % space), width), 3_141_593, draw(salt) % space);
}

/** Contact i's national number, unique within its country: the nth draw of one of its mobile ranges. */
function nationalNumber(country: BenchCountry, nth: number): string {
  const prefix = country.prefixes[nth % country.prefixes.length];
  const index = Math.floor(nth / country.prefixes.length);
  if (index >= 10 ** country.free) throw new Error(`The bench has no more unique ${country.code} numbers`);
  const salt = draw(Number(`${country.code.slice(1)}${prefix}`));
  return `${prefix}${String(scatter(index, country.free, salt)).padStart(country.free, '0')}`;
}

function pick<T>(list: readonly T[], seed: number): T {
  return list[draw(seed) % list.length];
}

export function benchName(i: number): string {
  const names = NAMES[slotOf(i).country.names];
  const first = pick(names.first, i * 3);
  const last = pick(names.last, i * 3 + 1);
  // About one in three carries a second given name (a father's name, a middle name).
  return draw(i * 3 + 2) % 3 === 0 ? `${first} ${pick(names.first, i * 3 + 2)} ${last}` : `${first} ${last}`;
}

function benchPhone(i: number): { country: BenchCountry; national: string } {
  const { country, nth } = slotOf(i);
  return { country, national: nationalNumber(country, nth) };
}

export function benchContact(i: number): ImportedContact {
  const { country, national } = benchPhone(i);
  return { ...normalizePhone(country.code, national), name: benchName(i) };
}

/**
 * A CSV of `rows` data rows (~50 bytes each, so 200,000 rows make under 10 MB): numbers written the ways
 * people write them (spaced, international, with the country's trunk prefix), columns the import
 * ignores (as exports from other tools have), and one row in a thousand bad.
 */
export function benchCsv(rows: number): string {
  const lines = ['mobile,name,country_code,city,source'];
  for (let i = 0; i < rows; i += 1) {
    const { country, national } = benchPhone(i);
    const { code } = country;
    const extra = `${pick(country.cities, i * 5)},${SOURCES[i % SOURCES.length]}`;
    if (i % 1000 === 999) lines.push(`12345,${benchName(i)},${code},${extra}`);
    else if (i % 3 === 0) lines.push(`${national.slice(0, 5)} ${national.slice(5)},${benchName(i)},${code},${extra}`);
    else if (i % 3 === 1) lines.push(`${code} ${national},"${benchName(i)}",,${extra}`);
    else lines.push(`${country.trunk}${national},${benchName(i)},${code.slice(1)},${extra}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

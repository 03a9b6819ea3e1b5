import { ADMIN_ROLE_NAME } from '@shared/permissions/system-roles';
import { addContactNote } from '../modules/notes';
import { createContact, setContactDeleted, type ContactActor } from '../modules/contacts';
import { createTag, setTagDeleted } from '../modules/tags';
import type { DemoSeedContext } from './demo';

/** Tags of a trading company in the Gulf; one came from a fair's CSV, one was retired. */
const TAGS = [
  { name: 'VIP', color: '#d32f2f' },
  { name: 'Wholesale', color: '#1976d2' },
  { name: 'Retail', color: '#388e3c' },
  { name: 'Follow-up', color: '#f57c00' },
  { name: 'Dubai Expo 2026', color: '#7b1fa2' },
  { name: 'Ramadan Offer', color: '#00796b' },
  { name: 'Old Newsletter', color: '#616161' },
] as const;

type TagName = (typeof TAGS)[number]['name'];

/** Name, country code, national number, tags. Numbers sit in ranges no real subscriber is reached by in the demo. */
const CONTACTS: Array<[string, string, string, TagName[]]> = [
  ['Mohammed Al Maktoum', '+971', '501000101', ['VIP', 'Wholesale']],
  ['Aisha Rahman', '+971', '502000102', ['Retail', 'Follow-up']],
  ['Khalid Al Nahyan', '+971', '503000103', ['VIP']],
  ['Fatima Al Zaabi', '+971', '504000104', ['Dubai Expo 2026']],
  ['Omar Haddad', '+971', '505000105', ['Wholesale', 'Dubai Expo 2026']],
  ['Layla Mansour', '+971', '506000106', ['Retail']],
  ['Yousef Al Mazrouei', '+971', '507000107', ['Follow-up']],
  ['Mariam Al Suwaidi', '+971', '508000108', ['Ramadan Offer', 'Retail']],
  ['Rashid Al Falasi', '+971', '509000109', []],
  ['Noura Al Ketbi', '+971', '521000110', ['Dubai Expo 2026', 'Follow-up']],
  ['Abdullah Al Saud', '+966', '501000111', ['VIP', 'Wholesale']],
  ['Reem Al Otaibi', '+966', '502000112', ['Retail']],
  ['Faisal Al Qahtani', '+966', '503000113', ['Wholesale']],
  ['Hessa Al Dosari', '+966', '504000114', ['Ramadan Offer']],
  ['Turki Al Harbi', '+966', '505000115', ['Follow-up']],
  ['Sara Al Ghamdi', '+966', '506000116', []],
  ['Nasser Al Shehri', '+966', '507000117', ['Dubai Expo 2026']],
  ['Lulwa Al Zahrani', '+966', '508000118', ['Retail', 'Ramadan Offer']],
  ['Bader Al Sabah', '+965', '50000119', ['VIP']],
  ['Dana Al Mutairi', '+965', '60000120', ['Retail']],
  ['Hamad Al Ajmi', '+965', '90000121', ['Wholesale', 'Follow-up']],
  ['Shaikha Al Enezi', '+965', '51000122', []],
  ['Ali Al Khalifa', '+973', '36000123', ['VIP', 'Dubai Expo 2026']],
  ['Zainab Hasan', '+973', '33000124', ['Retail']],
  ['Isa Al Jalahma', '+973', '39000125', ['Wholesale']],
  ['Tamim Al Kuwari', '+974', '55000126', ['VIP']],
  ['Maha Al Sulaiti', '+974', '66000127', ['Ramadan Offer']],
  ['Jassim Al Thani', '+974', '33000128', ['Wholesale', 'Dubai Expo 2026']],
  ['Asma Al Marri', '+974', '77000129', []],
  ['Said Al Busaidi', '+968', '92000130', ['Wholesale']],
  ['Muna Al Balushi', '+968', '99000131', ['Retail', 'Follow-up']],
  ['Talal Al Harthy', '+968', '91000132', ['Dubai Expo 2026']],
  ['Rahul Sharma', '+91', '9810000133', ['Wholesale']],
  ['Priya Nair', '+91', '9820000134', ['Retail', 'Follow-up']],
  ['Arjun Reddy', '+91', '9830000135', ['VIP']],
  ['Sneha Iyer', '+91', '9840000136', ['Ramadan Offer']],
  ['Vikram Singh', '+91', '9850000137', ['Wholesale', 'Dubai Expo 2026']],
  ['Ananya Gupta', '+91', '9860000138', []],
  ['Mohammed Shaikh', '+91', '9870000139', ['Retail']],
  ['Kavya Menon', '+91', '9880000140', ['Follow-up']],
  ['Imran Qureshi', '+91', '9890000141', ['Wholesale']],
  ['Deepika Pillai', '+91', '9900000142', ['Dubai Expo 2026']],
  ['Suresh Patel', '+91', '9910000143', ['VIP', 'Wholesale']],
  ['Farah Khan', '+91', '9920000144', ['Retail', 'Ramadan Offer']],
  ['Joseph Thomas', '+91', '9930000145', []],
  ['Lakshmi Krishnan', '+91', '9940000146', ['Follow-up']],
  ['Aditya Kulkarni', '+91', '9950000147', ['Dubai Expo 2026']],
  ['Nadia Hussain', '+91', '9960000148', ['Retail']],
  ['Karthik Subramanian', '+91', '9970000149', ['Wholesale']],
  ['Meera Joshi', '+91', '9980000150', ['Ramadan Offer', 'Follow-up']],
  ['Hassan Ali', '+971', '551000151', ['Wholesale']],
  ['Yasmin Darwish', '+971', '552000152', ['Retail']],
  ['Tariq Aziz', '+966', '551000153', ['Follow-up']],
  ['Huda Saleh', '+974', '50000154', ['Dubai Expo 2026']],
  ['Sameer Joshi', '+91', '9990000155', ['VIP']],
  ['Rania Fares', '+973', '34000156', ['Retail']],
  ['Walid Nasser', '+965', '55000157', ['Wholesale']],
  ['Amal Al Rashed', '+968', '72000158', []],
  ['', '+971', '558000159', ['Dubai Expo 2026']],
  ['', '+91', '9700000160', []],
];

/** Notes by the person who wrote them (role name), on the contact at that index. */
const NOTES: Array<[number, string, string]> = [
  [0, ADMIN_ROLE_NAME, 'Prefers a call before 11 am. Orders for three stores in Deira.'],
  [0, 'Manager', 'Agreed 8% on the next wholesale order if above AED 50k.'],
  [1, 'Agent', 'Asked for the Arabic catalogue. Sent on WhatsApp.'],
  [4, 'Team Lead', 'Met at the Expo stand; wants samples of the date range.'],
  [10, 'Manager', 'Key account for Riyadh. Invoice in SAR, 30 days.'],
  [10, ADMIN_ROLE_NAME, 'Visited the warehouse in person last month.'],
  [18, 'Agent', 'Only WhatsApp, never e-mail.'],
  [22, 'Team Lead', 'Interested in the Ramadan hampers for his staff (about 120).'],
  [32, 'Agent', 'Distributor in Delhi NCR; call back after Diwali.'],
  [33, 'Agent', 'Complained about a late delivery; resolved with a voucher.'],
  [42, 'Manager', 'Largest Indian account. Monthly review on the first Monday.'],
];

/** Sixty contacts across the seven supported countries, with tags, notes and a little history. */
export async function seedDemoContacts({ db, team }: DemoSeedContext): Promise<void> {
  const organizationId = team.organizationId;
  const adminId = team.userIds[ADMIN_ROLE_NAME];
  const actor: ContactActor = { organizationId, userId: adminId, mayTag: true };

  const tagIds = new Map<TagName, string>();
  for (const tag of TAGS) tagIds.set(tag.name, (await createTag(db, organizationId, tag)).id);

  const contactIds: string[] = [];
  for (const [name, countryCode, phoneNumber, tagNames] of CONTACTS) {
    const tagIdList = tagNames.map((tagName) => tagIds.get(tagName) as string);
    contactIds.push((await createContact(db, actor, { name: name || null, countryCode, phoneNumber, tagIds: tagIdList })).id);
  }

  for (const [index, role, content] of NOTES) {
    const userId = team.userIds[role] ?? adminId;
    await addContactNote(db, { organizationId, userId }, contactIds[index], content);
  }

  // A little history: a contact that left, and a tag nobody uses any more.
  await setContactDeleted(db, actor, contactIds[29], true);
  await setContactDeleted(db, actor, contactIds[57], true);
  await setTagDeleted(db, organizationId, tagIds.get('Old Newsletter') as string, true);
}

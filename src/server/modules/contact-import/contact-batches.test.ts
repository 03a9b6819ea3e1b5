/** @jest-environment node */
import { normalizePhone } from '@shared/phone';
import type { ContactColumns } from '../contacts/contacts-repository';
import { ContactBatches, IMPORT_BATCH_SIZE } from './contact-batches';

const contact = (i: number) => ({
  name: i % 3 === 0 ? null : `Person ${i}`,
  ...normalizePhone(i % 2 === 0 ? '+971' : '+91', i % 2 === 0 ? `50${String(i).padStart(7, '0')}` : `98${String(i).padStart(8, '0')}`),
});

function rowsOf(batches: Iterable<ContactColumns>) {
  return [...batches].flatMap((batch) =>
    batch.e164s.map((e164, i) => ({
      name: batch.names[i],
      countryCode: batch.countryCodes[i],
      phoneNumber: batch.phoneNumbers[i],
      e164,
    })),
  );
}

describe('ContactBatches', () => {
  test('gives back every row as it was added, in file order, in batches of at most IMPORT_BATCH_SIZE', () => {
    const added = Array.from({ length: IMPORT_BATCH_SIZE * 2 + 7 }, (_, i) => contact(i));
    const batches = ContactBatches.of(added);

    expect(batches.length).toBe(added.length);
    const sizes = [...batches.batches()].map((batch) => batch.e164s.length);
    expect(sizes).toEqual([IMPORT_BATCH_SIZE, IMPORT_BATCH_SIZE, 7]);
    expect(rowsOf(batches.batches())).toEqual(added);
  });

  test('gives back every row in file order in chunks of the sizes asked for, across its packed batches', () => {
    const added = Array.from({ length: IMPORT_BATCH_SIZE + 1234 }, (_, i) => contact(i));
    const batches = ContactBatches.of(added);
    const sizes = [250, 4000, 3000, 50];
    let asked = 0;
    const chunks = [...batches.chunks(() => sizes[asked++ % sizes.length])];

    expect(chunks.map((chunk) => chunk.e164s.length)).toEqual([250, 4000, 1984]);
    expect(rowsOf(chunks)).toEqual(added);
  });

  test('keeps a missing name missing and a name with punctuation whole', () => {
    const added = [
      { name: null, ...normalizePhone('+91', '9876543210') },
      { name: "Mary-Jane O'Neil Jr.", ...normalizePhone('+966', '551234567') },
      { name: 'محمد علي', ...normalizePhone('+974', '55123456') },
    ];
    expect(rowsOf(ContactBatches.of(added).batches())).toEqual(added);
  });

  test('refuses a value that holds the separator rather than splitting it into two rows', () => {
    const batches = new ContactBatches();
    expect(() => batches.add({ name: 'Bad\u001fName', ...normalizePhone('+91', '9876543210') })).toThrow(/control character/);
    expect(batches.length).toBe(0);
  });

  test('an empty file has no batches', () => {
    const batches = new ContactBatches();
    expect(batches.length).toBe(0);
    expect([...batches.batches()]).toEqual([]);
  });
});

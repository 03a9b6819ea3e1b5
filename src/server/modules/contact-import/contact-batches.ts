import { e164Of } from '@shared/phone';
import type { ImportedContact } from '@shared/validation/contact-import';
import type { ContactColumns } from '../contacts/contacts-repository';

/** Rows per database statement: large enough to amortize a round trip, small enough to keep each array modest. */
export const IMPORT_BATCH_SIZE = 5000;

// No contact field can hold a control character, so one separates the values of a column.
const SEPARATOR = '\u001f';

/** A batch's columns, each joined into one string (names: '' for none; the E.164 key is derived). */
interface PackedBatch {
  names: string;
  countryCodes: string;
  phoneNumbers: string;
}

type OpenBatch = { [K in keyof PackedBatch]: string[] };

/**
 * The good rows of a file, kept compactly until the upload is complete. As objects, 200,000 rows take
 * ~46 MB of heap (and the parser's strings are slices that keep its whole input chunks alive); joined
 * into one string per column per batch they take ~8 MB, and joining copies them out of those chunks.
 */
export class ContactBatches {
  private readonly packed: PackedBatch[] = [];
  private open: OpenBatch = emptyBatch();
  private count = 0;

  static of(contacts: Iterable<ImportedContact>): ContactBatches {
    const batches = new ContactBatches();
    for (const contact of contacts) batches.add(contact);
    return batches;
  }

  get length(): number {
    return this.count;
  }

  add(contact: ImportedContact): void {
    const name = contact.name ?? '';
    if ([name, contact.countryCode, contact.phoneNumber].some((value) => value.includes(SEPARATOR))) {
      throw new Error('A contact field holds a control character: check it with the shared contact rules first');
    }
    const open = this.open;
    open.names.push(name);
    open.countryCodes.push(contact.countryCode);
    open.phoneNumbers.push(contact.phoneNumber);
    this.count += 1;
    if (open.names.length === IMPORT_BATCH_SIZE) this.seal();
  }

  /** The rows in file order, one batch of at most IMPORT_BATCH_SIZE at a time. */
  *batches(): Generator<ContactColumns> {
    this.seal();
    for (const batch of this.packed) {
      const countryCodes = batch.countryCodes.split(SEPARATOR);
      const phoneNumbers = batch.phoneNumbers.split(SEPARATOR);
      yield {
        names: batch.names.split(SEPARATOR).map((name) => name || null),
        countryCodes,
        phoneNumbers,
        e164s: phoneNumbers.map((phoneNumber, i) => e164Of(countryCodes[i], phoneNumber)),
      };
    }
  }

  private seal(): void {
    const { names, countryCodes, phoneNumbers } = this.open;
    if (names.length === 0) return;
    this.packed.push({
      names: names.join(SEPARATOR),
      countryCodes: countryCodes.join(SEPARATOR),
      phoneNumbers: phoneNumbers.join(SEPARATOR),
    });
    this.open = emptyBatch();
  }
}

function emptyBatch(): OpenBatch {
  return { names: [], countryCodes: [], phoneNumbers: [] };
}

import { e164Of } from '@shared/phone';
import type { ImportedContact } from '@shared/validation/contact-import';
import type { ContactColumns } from '../contacts';

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
 * The good rows of a file, kept compactly until the upload is complete: one string per column per batch
 * rather than an object per row. Objects would cost several times the heap, and the parser's strings are
 * slices that keep its whole input chunks alive; joining copies them out of those chunks.
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
  batches(): Generator<ContactColumns> {
    return this.chunks(() => IMPORT_BATCH_SIZE);
  }

  /**
   * The rows in file order, in chunks of the size `nextSize` answers for each (the import's pace sets it
   * chunk by chunk). One packed batch is unpacked at a time, and E.164 keys are made per chunk.
   */
  *chunks(nextSize: () => number): Generator<ContactColumns> {
    this.seal();
    let open: { names: string[]; countryCodes: string[]; phoneNumbers: string[] } | undefined;
    let offset = 0;
    let packedIndex = 0;
    for (;;) {
      const chunk: ContactColumns = { names: [], countryCodes: [], phoneNumbers: [], e164s: [] };
      const size = Math.max(1, Math.floor(nextSize()));
      while (chunk.e164s.length < size) {
        if (!open || offset === open.names.length) {
          if (packedIndex === this.packed.length) break;
          const batch = this.packed[packedIndex];
          packedIndex += 1;
          open = {
            names: batch.names.split(SEPARATOR),
            countryCodes: batch.countryCodes.split(SEPARATOR),
            phoneNumbers: batch.phoneNumbers.split(SEPARATOR),
          };
          offset = 0;
        }
        const end = Math.min(open.names.length, offset + size - chunk.e164s.length);
        for (let i = offset; i < end; i += 1) {
          chunk.names.push(open.names[i] || null);
          chunk.countryCodes.push(open.countryCodes[i]);
          chunk.phoneNumbers.push(open.phoneNumbers[i]);
          chunk.e164s.push(e164Of(open.countryCodes[i], open.phoneNumbers[i]));
        }
        offset = end;
      }
      if (chunk.e164s.length === 0) return;
      yield chunk;
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

import { and, sql, type SQL } from 'drizzle-orm';
import { CONTACT_SEARCH_MIN_CHARS } from '@shared/constants';
import type { ContactExportQuery } from '@shared/validation/contact-export';
import { tagIdList } from '@shared/validation/tags';
import type { Queryable } from '../../db/database';
import { csvChunks } from '../../lib/csv-download';
import { isUuid } from '../../lib/ids';
import { carriesAnyTag, liveTagsAmong } from '../tags';
import { exportedContactsAfter, type ExportedContactRow, type ExportKey } from './contact-export-repository';
import { searchMatch, searchTerm } from './contact-search-repository';

/**
 * The Contacts export: the organization's live contacts (deleted ones are left out) matching the list's
 * search and tag filter, as a CSV the import reads back unchanged: its own columns, and the formula
 * guard on a cell is one the import takes off.
 */

/** Rows per database read while the export walks the list. */
const EXPORT_BATCH = 1000;

/** The columns the CSV import reads, by the names its template uses. */
const HEADER = ['mobile', 'name', 'country_code'];

const toCells = (row: ExportedContactRow) => [row.phoneNumber, row.name ?? '', row.countryCode];

const MATCHES_NOTHING = sql`false`;

/** The search as the Contacts screen searches (a number fragment, or a name), as conditions on contacts. */
function searchFilter(query: string): SQL {
  const term = searchTerm(query);
  if (term.by === 'number') return term.fragment.length < CONTACT_SEARCH_MIN_CHARS ? MATCHES_NOTHING : searchMatch('number', `%${term.fragment}%`);
  return searchMatch('name', `%${term.text}%`);
}

/** Contacts carrying any of the tags; ids that are not the organization's live tags match nothing, as in an audience. */
async function tagFilter(db: Queryable, organizationId: string, tags: string): Promise<SQL> {
  const live = await liveTagsAmong(db, organizationId, tagIdList(tags).filter(isUuid));
  return live.length === 0 ? MATCHES_NOTHING : carriesAnyTag(live.map((tag) => tag.id));
}

/**
 * The export's file name and its text, produced as the response is sent: the filters are resolved
 * first (so a bad one is refused before anything is written), then the rows are read EXPORT_BATCH at a
 * time, each read starting where the last one ended.
 */
export async function exportContacts(
  db: Queryable,
  organizationId: string,
  query: ContactExportQuery,
): Promise<{ fileName: string; csv: AsyncIterable<string> }> {
  const where = and(query.q ? searchFilter(query.q) : undefined, query.tags ? await tagFilter(db, organizationId, query.tags) : undefined);
  async function* batches(): AsyncGenerator<ExportedContactRow[]> {
    let after: ExportKey | null = null;
    for (;;) {
      const batch = await exportedContactsAfter(db, organizationId, where, after, EXPORT_BATCH);
      yield batch;
      if (batch.length < EXPORT_BATCH) return;
      after = batch[batch.length - 1].key;
    }
  }
  return { fileName: `contacts-${new Date().toISOString().slice(0, 10)}.csv`, csv: csvChunks(HEADER, batches(), toCells) };
}

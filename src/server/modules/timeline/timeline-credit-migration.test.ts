/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { uuidv7 } from '../../lib/ids';
import { beforeMigrationForFile } from '../../testing/migrating-database';

/**
 * Migration 0028_timeline_credit on a database made before it: the activity entries no member caused
 * are credited to WhatsApp or Parley, an import's entries to Parley, and what members did or wrote stays theirs.
 */

const MIGRATION = '0028_timeline_credit';
const file = beforeMigrationForFile(MIGRATION);

test('earlier entries take the credit of whoever wrote them', async () => {
  await file.database.migrateFrom(file.earlier);
  const [organizationId, contactId, userId] = [uuidv7(), uuidv7(), uuidv7()];
  await file.database.execute(sql`insert into organizations (id, name) values (${organizationId}, 'Before credits')`);
  await file.database.execute(sql`insert into users (id, email, name, password_hash) values (${userId}, 'nadia@example.com', 'Nadia', 'x')`);
  await file.database.execute(sql`insert into contacts (id, organization_id, country_code, phone_number, phone_e164)
    values (${contactId}, ${organizationId}, '+971', '501234567', '+971501234567')`);
  const entries: Array<[string | null, 'note' | 'system', string]> = [
    [null, 'system', 'Contact created from a WhatsApp message'],
    [null, 'system', 'Opted out of marketing messages: stopped by the customer'],
    [null, 'system', 'Opted back in to marketing messages in WhatsApp'],
    [null, 'system', 'Assigned to Bilal by auto-assignment'],
    [userId, 'system', 'Imported from leads.csv with tag "Leads"'],
    [userId, 'system', 'Updated by an import from leads.csv with tag "Leads"'],
    [userId, 'system', 'Contact deleted'],
    [userId, 'note', 'Imported from the old CRM by hand'],
  ];
  for (const [author, type, content] of entries) {
    await file.database.execute(sql`insert into contact_notes (id, organization_id, contact_id, author_user_id, type, content)
      values (${uuidv7()}, ${organizationId}, ${contactId}, ${author}, ${type}, ${content})`);
  }

  await file.database.migrateFrom(MIGRATIONS_FOLDER);

  const rows = rowsOf<{ content: string; credit: string | null }>(await file.database.execute(sql`select content, credit from contact_notes`));
  expect(Object.fromEntries(rows.map((row) => [row.content, row.credit]))).toEqual({
    'Contact created from a WhatsApp message': 'whatsapp',
    'Opted out of marketing messages: stopped by the customer': 'whatsapp',
    'Opted back in to marketing messages in WhatsApp': 'whatsapp',
    'Assigned to Bilal by auto-assignment': 'parley',
    'Imported from leads.csv with tag "Leads"': 'parley',
    'Updated by an import from leads.csv with tag "Leads"': 'parley',
    'Contact deleted': null,
    'Imported from the old CRM by hand': null,
  });
});

/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { uuidv7 } from '../../lib/ids';
import { beforeMigrationForFile } from '../../testing/migrating-database';

/**
 * Migration 0033_report_rollups on a database made before it: the messages already stored are counted
 * per quarter hour (thread notes aside), and every conversation is noted for the first fold to compute
 * its periods; messages written after it are counted by its triggers.
 */

const MIGRATION = '0033_report_rollups';
/** A quarter hour's start (seconds since 1970 a multiple of 900). */
const T0 = Date.UTC(2026, 10, 20, 9, 30, 0);
const QUARTER = T0 / 1000 / 900;

const file = beforeMigrationForFile(MIGRATION);

test('messages stored before the migration are counted per quarter hour and their conversations noted for the fold', async () => {
  await file.database.migrateFrom(file.earlier);
  const [organizationId, contactId, conversationId, quietConversationId, quietContactId] = [uuidv7(), uuidv7(), uuidv7(), uuidv7(), uuidv7()];
  await file.database.execute(sql`insert into organizations (id, name) values (${organizationId}, 'Before rollups')`);
  await file.database.execute(sql`insert into contacts (id, organization_id, country_code, phone_number, phone_e164)
    values (${contactId}, ${organizationId}, '+971', '501234567', '+971501234567'), (${quietContactId}, ${organizationId}, '+971', '501234568', '+971501234568')`);
  await file.database.execute(sql`insert into conversations (id, organization_id, contact_id, last_seq)
    values (${conversationId}, ${organizationId}, ${contactId}, 5), (${quietConversationId}, ${organizationId}, ${quietContactId}, 0)`);
  const message = (seq: number, direction: 'inbound' | 'outbound', type: 'text' | 'note', minutes: number) => file.database.execute(sql`
    insert into messages (id, organization_id, conversation_id, contact_id, seq, change_seq, direction, message_type, content, status, sent_at, created_at)
    values (${uuidv7()}, ${organizationId}, ${conversationId}, ${contactId}, ${seq}, ${seq}, ${direction}, ${type}, 'Hello', 'read',
      ${new Date(T0 + minutes * 60_000).toISOString()}, ${new Date(T0 + minutes * 60_000).toISOString()})`);
  await message(1, 'inbound', 'text', 0);
  await message(2, 'inbound', 'text', 14);
  await message(3, 'outbound', 'note', 15); // a thread note is not counted
  await message(4, 'outbound', 'text', 16); // the next quarter

  await file.database.migrateFrom(MIGRATIONS_FOLDER);
  await message(5, 'inbound', 'text', 20); // written after: counted by the triggers

  const counts = rowsOf<{ quarter: string; direction: string; n: string }>(await file.database.execute(sql`
    select quarter::text, direction, sum(messages)::text as n from report_message_counts where organization_id = ${organizationId}::uuid
    group by 1, 2 order by 1, 2`));
  expect(counts).toEqual([
    { quarter: String(QUARTER), direction: 'inbound', n: '2' },
    { quarter: String(QUARTER + 1), direction: 'inbound', n: '1' },
    { quarter: String(QUARTER + 1), direction: 'outbound', n: '1' },
  ]);
  const noted = rowsOf<{ conversation_id: string }>(await file.database.execute(sql`
    select distinct conversation_id from conversation_period_changes where organization_id = ${organizationId}::uuid order by 1`));
  expect(noted.map((row) => row.conversation_id)).toEqual([conversationId, quietConversationId].sort());
});

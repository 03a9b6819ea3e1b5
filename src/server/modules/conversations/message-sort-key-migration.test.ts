/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { uuidv7 } from '../../lib/ids';
import { beforeMigrationForFile } from '../../testing/migrating-database';

/**
 * Migration 0022_message_sort_key on a database made before it: the messages already stored take their
 * place in the customer's order (inbound by the WhatsApp timestamp, the rest by creation, ties by seq).
 */

const MIGRATION = '0022_message_sort_key';
const T0 = Date.UTC(2026, 10, 20, 9, 30, 0);

const file = beforeMigrationForFile(MIGRATION);

test("messages stored before the migration are ordered as the customer sent them, the team's by creation", async () => {
  await file.database.migrateFrom(file.earlier);
  const [organizationId, contactId, conversationId] = [uuidv7(), uuidv7(), uuidv7()];
  await file.database.execute(sql`insert into organizations (id, name) values (${organizationId}, 'Before sort keys')`);
  await file.database.execute(sql`insert into contacts (id, organization_id, country_code, phone_number, phone_e164)
    values (${contactId}, ${organizationId}, '+971', '501234567', '+971501234567')`);
  await file.database.execute(sql`insert into conversations (id, organization_id, contact_id, last_seq) values (${conversationId}, ${organizationId}, ${contactId}, 4)`);
  // In arrival order (seq): the customer's second message came first, the team's reply was sent long after it was written.
  const stored = [
    { seq: 1, direction: 'inbound', sentAt: T0 + 120_000, createdAt: T0 + 130_000 },
    { seq: 2, direction: 'inbound', sentAt: T0, createdAt: T0 + 131_000 },
    { seq: 3, direction: 'outbound', sentAt: T0 + 600_000, createdAt: T0 + 60_000 },
    { seq: 4, direction: 'inbound', sentAt: T0 + 400, createdAt: T0 + 140_000 },
  ];
  for (const message of stored) {
    await file.database.execute(sql`
      insert into messages (id, organization_id, conversation_id, contact_id, seq, change_seq, direction, message_type, content, status, sent_at, created_at)
      values (${uuidv7()}, ${organizationId}, ${conversationId}, ${contactId}, ${message.seq}, ${message.seq}, ${message.direction}, 'text',
        ${`Message ${message.seq}`}, 'read', ${new Date(message.sentAt).toISOString()}, ${new Date(message.createdAt).toISOString()})`);
  }

  await file.database.migrateFrom(MIGRATIONS_FOLDER);

  const rows = rowsOf<{ seq: number; sort_key: string }>(
    await file.database.execute(sql`select seq::int as seq, sort_key::text as sort_key from messages order by sort_key`),
  );
  // Seq 4 was sent in the same second as seq 2: arrival breaks the tie.
  expect(rows.map((row) => row.seq)).toEqual([2, 4, 3, 1]);
  expect(rows[0].sort_key).toBe(String(BigInt(T0 / 1000) * 2n ** 31n + 2n));
});

/** @jest-environment node */
import { fillPlaceholders, sql } from 'drizzle-orm';
import { MAX_SORT_KEY } from '@shared/api/conversations';
import { rowsOf } from '../../db/rows-of';
import { kitWithAdminForFile } from '../../testing/whatsapp-test-kit';
import { customerNumber, customerWrites } from './inbox-test-fixtures';
import { historyQuery } from './message-feed-repository';

const suite = kitWithAdminForFile();
const db = () => suite.kit.t.database.db;

/** `count` more messages in the conversation, a minute apart, both directions, after its first. */
async function addMessages(conversationId: string, contactId: string, count: number): Promise<void> {
  await db().execute(sql`
    insert into messages (id, organization_id, conversation_id, contact_id, seq, change_seq, direction, message_type, content, status, sent_at, created_at)
    select gen_random_uuid(), ${suite.organizationId}::uuid, ${conversationId}::uuid, ${contactId}::uuid, s, s,
      case when s % 3 = 0 then 'outbound' else 'inbound' end, 'text', 'Message ' || s, 'read',
      now() - (${count} - s) * interval '1 minute', now() - (${count} - s) * interval '1 minute'
    from generate_series(2, ${count + 1}) s`);
}

// The history runs whenever an agent opens a chat or scrolls up: however long the conversation, a page
// must be read by walking the (conversation_id, sort_key) index back from the cursor, never sorted.
it("reads a page of a long conversation's history down its sort-key index, in the statement's generic plan too", async () => {
  const busy = await customerWrites(db(), suite.organizationId, { waId: customerNumber() }, 'Hello');
  const other = await customerWrites(db(), suite.organizationId, { waId: customerNumber() }, 'Hi');
  await addMessages(busy.conversationId, busy.contactId, 20_000);
  await addMessages(other.conversationId, other.contactId, 5_000);
  await db().execute(sql`analyze messages`);

  const { sql: text, params } = historyQuery(db()).toSQL();
  const values = fillPlaceholders(params, {
    organizationId: suite.organizationId, conversationId: busy.conversationId, userId: suite.organizationId, seesAll: true,
    before: String(MAX_SORT_KEY), limit: 51, offset: 0,
  });
  const args = values.map((value) => `'${String(value)}'`).join(', ');
  // The statement as it is prepared, planned for this conversation (as its first runs are) and generically
  // (as PostgreSQL may plan it once it has run a few times).
  const plans = await db().transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare history_plan as ${text}`));
    const shown: string[] = [];
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql.raw(`explain (costs off) execute history_plan(${args})`)));
      shown.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    await tx.execute(sql.raw('deallocate history_plan'));
    return shown;
  });
  expect(plans).toHaveLength(2);
  for (const shown of plans) {
    // Below the page's Limit: the walk alone. (Above it, the page's own rows are sorted: 51 at most.)
    const page = shown.slice(shown.indexOf('Limit'));
    expect(page).toContain('Index Scan Backward using messages_conversation_sort_key on messages');
    expect(page).not.toMatch(/Sort|Seq Scan|Bitmap/);
  }
});

import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { conversations } from '../../db/schema';

/** What auto-assignment reads of conversations (conversations-repository writes them). */

export interface AwaitingConversation {
  id: string;
  contactId: string;
}

/**
 * Of these conversations, the unassigned ones that are new (no message yet) or resolved: an inbound
 * batch about to be stored makes them a new conversation or reopens them. The caller holds their locks.
 */
export async function findAwaitingAssignment(db: Queryable, organizationId: string, conversationIds: readonly string[]): Promise<AwaitingConversation[]> {
  if (conversationIds.length === 0) return [];
  const rows = rowsOf<{ id: string; contact_id: string }>(await db.execute(sql`
    select id, contact_id from ${conversations}
    where organization_id = ${organizationId}::uuid
      and id in (select jsonb_array_elements_text(${JSON.stringify([...conversationIds])}::jsonb)::uuid)
      and assigned_to_user_id is null and (last_seq = 0 or status = 'resolved')
    order by id`));
  return rows.map((row) => ({ id: row.id, contactId: row.contact_id }));
}

/** How many conversations that are not resolved each of these members holds (absent: none). */
export async function countOpenByAssignee(db: Queryable, organizationId: string, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = rowsOf<{ user_id: string; open: number | string }>(await db.execute(sql`
    select assigned_to_user_id as user_id, count(*) as open from ${conversations}
    where organization_id = ${organizationId}::uuid and status <> 'resolved'
      and assigned_to_user_id in (select jsonb_array_elements_text(${JSON.stringify([...userIds])}::jsonb)::uuid)
    group by assigned_to_user_id`));
  return new Map(rows.map((row) => [row.user_id, Number(row.open)]));
}

/**
 * Auto-assignment's turn in the organization, until the transaction ends: choosing assignees is done
 * by one transaction at a time per organization, in every process (a transaction-scoped advisory lock).
 */
export async function lockAutoAssignmentTurn(db: Queryable, organizationId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`auto-assignment:${organizationId}`}, 0))`);
}

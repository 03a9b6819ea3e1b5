import { sql } from 'drizzle-orm';
import type { MessageRow } from './messages';
import type { Queryable } from '../../../db/database';
import { rowsOf } from '../../../db/rows-of';
import { messages } from '../../../db/schema';

/** A customer's message as it arrives by webhook: `delivered`, its first change its insert. */
export interface NewInboundMessage {
  id: string;
  organizationId: string;
  conversationId: string;
  contactId: string;
  seq: number;
  wamid: string;
  messageType: MessageRow['messageType'];
  content: string;
  mediaId: string | null;
  payload: unknown;
  sentAt: Date;
}

/**
 * Inserts customers' messages in one statement, the batch as one JSON parameter (a webhook batch's
 * hundreds of rows would otherwise be thousands of parameters); a message a unique key (wamid, seq)
 * refuses is skipped. The conversations must be locked by the caller. Answers how many it inserted.
 */
export async function insertInboundMessages(db: Queryable, rows: NewInboundMessage[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into ${messages} (id, organization_id, conversation_id, contact_id, seq, change_seq, wamid, direction, message_type,
        content, status, media_id, payload, sent_at, delivered_at)
      select v.id, v."organizationId", v."conversationId", v."contactId", v.seq, v.seq, v.wamid, 'inbound', v."messageType",
        v.content, 'delivered', v."mediaId", v.payload, v."sentAt", v."sentAt"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, "organizationId" uuid, "conversationId" uuid,
        "contactId" uuid, seq bigint, wamid text, "messageType" text, content text, "mediaId" uuid, payload jsonb, "sentAt" timestamptz)
      on conflict do nothing
      returning id`),
  );
  return inserted.length;
}

import { sql, type SQL } from 'drizzle-orm';
import type { RecipientFilter, RecipientState } from '@shared/api/broadcasts';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { broadcastRecipients, buttonClicks, contacts, messages } from '../../db/schema';
import { messageDelivered, messageRead, REPLIED_AT } from '../broadcast-summary';
import { leftUnconfirmed } from './recipients-repository';

/**
 * A broadcast's recipient drill-downs: read-only queries over its recipients, their messages, the
 * replies in their conversations and the button presses (its figures come from its summary).
 *
 * In every query `r` is the recipient, `m` its broadcast message and `cl` its presses of the broadcast's
 * buttons (null when none).
 */

/** The broadcast's recipients with their message and whether they pressed a button (one row each). */
export function recipientsOf(organizationId: string, broadcastId: string): SQL {
  return sql`${broadcastRecipients} r
    left join ${messages} m on m.organization_id = r.organization_id and m.id = r.message_id
    left join (
      select contact_id, true as clicked from ${buttonClicks}
      where organization_id = ${organizationId}::uuid and broadcast_id = ${broadcastId}::uuid
      group by contact_id
    ) cl on cl.contact_id = r.contact_id
    where r.organization_id = ${organizationId}::uuid and r.broadcast_id = ${broadcastId}::uuid`;
}

const ATTEMPTED = sql.raw(`r.state in ('sending', 'sent', 'failed', 'ambiguous')`);

/** The condition a drill-down list puts on its recipients. */
function filterCondition(filter: RecipientFilter, graceMinutes: number): SQL {
  switch (filter) {
    case 'attempted':
      return ATTEMPTED;
    case 'sent':
      return sql.raw(`r.state = 'sent'`);
    case 'delivered':
      return messageDelivered('m');
    case 'read':
      return messageRead('m');
    case 'replied':
      return sql`${REPLIED_AT} is not null`;
    case 'pending':
      return sql.raw(`r.state in ('pending', 'sending')`);
    case 'failed':
      return sql.raw(`r.state = 'failed'`);
    case 'unknown':
      return sql.raw(`r.state = 'ambiguous'`);
    case 'unconfirmed':
      return leftUnconfirmed(graceMinutes);
    case 'clicked':
      return sql.raw('cl.clicked');
  }
}

export interface RecipientQuery {
  filter: RecipientFilter;
  /** A Meta error code, or null for the failures without one. */
  errorCode?: number | null;
  /** How long an unknown recipient waits for WhatsApp's report before it is shown as not confirmed. */
  graceMinutes: number;
}

function conditionsOf(query: RecipientQuery): SQL {
  const parts = [filterCondition(query.filter, query.graceMinutes)];
  if (query.errorCode === null) parts.push(sql.raw('r.error_code is null'));
  else if (query.errorCode !== undefined) parts.push(sql`r.error_code = ${query.errorCode}`);
  return sql.join(parts, sql` and `);
}

export interface RecipientRow {
  id: string;
  contactId: string;
  contactName: string | null;
  contactProfileName: string | null;
  phoneNumber: string;
  state: RecipientState;
  unconfirmed: boolean;
  messageStatus: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  repliedAt: Date | null;
}

interface RawRecipientRow {
  id: string;
  contact_id: string;
  contact_name: string | null;
  contact_profile_name: string | null;
  phone_e164: string;
  state: RecipientState;
  unconfirmed: boolean;
  message_status: string | null;
  error_code: number | null;
  error_message: string | null;
  sent_at: Date | string | null;
  delivered_at: Date | string | null;
  read_at: Date | string | null;
  replied_at: Date | string | null;
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * A slice of a drill-down, in recipient id order (ids are time-ordered and unique, so pages are
 * stable): `offset` for a page, `afterId` to walk the whole list in batches (the CSV export). The
 * contact and the reply time are looked up only for the rows of the slice.
 */
export async function recipientSlice(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
  query: RecipientQuery,
  slice: { limit: number; offset?: number; afterId?: string },
): Promise<RecipientRow[]> {
  const after = slice.afterId ? sql` and r.id > ${slice.afterId}::uuid` : sql``;
  const rows = rowsOf<RawRecipientRow>(
    await db.execute(sql`
      select p.id, p.contact_id, c.name as contact_name, c.profile_name as contact_profile_name, c.phone_e164, p.state, p.unconfirmed,
        m.status as message_status, p.error_code, p.error_message, p.sent_at, m.delivered_at, m.read_at, ${REPLIED_AT} as replied_at
      from (
        select r.id, r.organization_id, r.contact_id, r.message_id, r.state, r.error_code, r.error_message, r.sent_at,
          ${leftUnconfirmed(query.graceMinutes)} as unconfirmed
        from ${recipientsOf(organizationId, broadcastId)} and ${conditionsOf(query)}${after}
        order by r.id
        limit ${slice.limit} offset ${slice.offset ?? 0}
      ) p
      join ${contacts} c on c.organization_id = p.organization_id and c.id = p.contact_id
      left join ${messages} m on m.organization_id = p.organization_id and m.id = p.message_id
      order by p.id`),
  );
  return rows.map((row) => ({
    id: row.id,
    contactId: row.contact_id,
    contactName: row.contact_name,
    contactProfileName: row.contact_profile_name,
    phoneNumber: row.phone_e164,
    state: row.state,
    unconfirmed: row.unconfirmed === true,
    messageStatus: row.message_status,
    errorCode: row.error_code === null ? null : Number(row.error_code),
    errorMessage: row.error_message,
    sentAt: toDate(row.sent_at),
    deliveredAt: toDate(row.delivered_at),
    readAt: toDate(row.read_at),
    repliedAt: toDate(row.replied_at),
  }));
}

/** How many recipients a drill-down lists. */
export async function countRecipients(db: Queryable, organizationId: string, broadcastId: string, query: RecipientQuery): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${recipientsOf(organizationId, broadcastId)} and ${conditionsOf(query)}`),
  );
  return Number(row?.n ?? 0);
}

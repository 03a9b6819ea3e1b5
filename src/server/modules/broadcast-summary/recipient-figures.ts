import { sql, type SQL } from 'drizzle-orm';
import { broadcastRecipients, buttonClicks, messages } from '../../db/schema';

/**
 * What one broadcast recipient adds to its broadcast's figures, in SQL: the one definition the full
 * recount, the summary's upkeep and its reconcile share.
 */

/** A recipient's message counts as delivered once Meta reported it delivered or read (`m` is the messages row). */
export const messageDelivered = (m: string): SQL => sql.raw(`(${m}.status in ('delivered', 'read') or ${m}.delivered_at is not null)`);
/** A recipient's message counts as read once Meta reported it read. */
export const messageRead = (m: string): SQL => sql.raw(`(${m}.status = 'read' or ${m}.read_at is not null)`);

/**
 * When the recipient first replied: the first inbound message of the conversation after the broadcast
 * message `m` and before the next broadcast message to them (a button press is a click, not a reply, and
 * a reaction is not one either). It walks the conversation's (conversation_id, seq) index from the
 * broadcast message on. Meta dates inbound messages to the second, so a reply in the same second as
 * the send still counts.
 */
export const REPLIED_AT = sql`(
  select min(i.sent_at) from ${messages} i
  where i.conversation_id = m.conversation_id and i.organization_id = m.organization_id
    and i.seq > m.seq and i.sent_at >= date_trunc('second', m.sent_at)
    and i.direction = 'inbound' and i.message_type not in ('button', 'reaction')
    and i.seq < coalesce((
      select min(n.seq) from ${messages} n
      where n.conversation_id = m.conversation_id and n.seq > m.seq and n.broadcast_id is not null
    ), 9223372036854775807)
)`;

/** The summed figures, in the order the summary and entry tables name them. */
export const FIGURES = [
  'pending', 'attempted', 'sent', 'failed', 'unknown', 'delivered', 'read', 'replied', 'response_seconds', 'clicked', 'clicks', 'engaged',
] as const;
export type Figure = (typeof FIGURES)[number];

/**
 * What a recipient adds before anything was counted for it: a queued recipient is pending, and its
 * broadcast's summary counted that when it was queued.
 */
export const QUEUED: Record<Figure, number> = {
  pending: 1, attempted: 0, sent: 0, failed: 0, unknown: 0, delivered: 0, read: 0, replied: 0, response_seconds: 0, clicked: 0, clicks: 0, engaged: 0,
};

/**
 * The recipients matching `where` (over `r`), each with every figure it adds now and, when it failed,
 * its failure's code and reason: columns recipient_id, organization_id, broadcast_id, the FIGURES,
 * error_code, error_message, and presses (its presses per button text, a JSON object).
 */
export function recipientFigures(where: SQL): SQL {
  return sql`
    select r.id as recipient_id, r.organization_id, r.broadcast_id,
      (r.state in ('pending', 'sending'))::int as pending,
      (r.state in ('sending', 'sent', 'failed', 'ambiguous'))::int as attempted,
      (r.state = 'sent')::int as sent,
      (r.state = 'failed')::int as failed,
      (r.state = 'ambiguous')::int as unknown,
      coalesce(${messageDelivered('m')}, false)::int as delivered,
      coalesce(${messageRead('m')}, false)::int as read,
      (x.replied_at is not null)::int as replied,
      coalesce(greatest(0, extract(epoch from x.replied_at - m.sent_at))::float8, 0) as response_seconds,
      (cl.n > 0)::int as clicked,
      cl.n as clicks,
      (cl.n > 0 or x.replied_at is not null)::int as engaged,
      case when r.state = 'failed' then r.error_code end as error_code,
      case when r.state = 'failed' then r.error_message end as error_message,
      cl.presses
    from ${broadcastRecipients} r
    left join ${messages} m on m.organization_id = r.organization_id and m.id = r.message_id
    cross join lateral (
      select coalesce(sum(p.n), 0)::int as n, coalesce(jsonb_object_agg(p.button_text, p.n), '{}'::jsonb) as presses
      from (
        select c.button_text, count(*)::int as n from ${buttonClicks} c
        where c.organization_id = r.organization_id and c.broadcast_id = r.broadcast_id and c.contact_id = r.contact_id
        group by c.button_text
      ) p
    ) cl
    left join lateral (select ${REPLIED_AT} as replied_at) x on true
    where ${where}`;
}

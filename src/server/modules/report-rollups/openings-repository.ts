import { sql, type SQL } from 'drizzle-orm';

/**
 * Response and resolution times (Drizzle only, reads only): the one definition of a period, which the
 * rollups keep and the reports and the dashboard read.
 *
 * A conversation opens with the customer's first message, and reopens with their first message after a
 * resolve: that message opens a period (an "opening"). The period's first response is the first message
 * a member sent after it (a thread note, a broadcast or an automation is not a response) before the
 * period's resolve; its resolution is the first resolve at or after it.
 *
 * In each conversation read, the periods opened in a range can only begin at the conversation's start,
 * at its latest resolve before the range or at a resolve within it (conversation_events by conversation):
 * from each such boundary one walk of the history index (conversation_id, sort_key) finds the first
 * customer message after it, so no history is read whole.
 */

/** A range of instants: [start, end). */
export interface Instants {
  start: SQL;
  end: SQL;
}

/** Where a figure is read from: the rollups, or recounted from the histories (what the rollups replaced; the bench compares them). */
export type FigureSource = 'kept' | 'recounted';

/** The history index's key at an instant: sort_key begins with the message's whole second, times 2^31. */
export const sortKeyAt = (instant: SQL) => sql`(floor(extract(epoch from ${instant} - to_timestamp(0)))::bigint * 2147483648)`;
/** The sort keys of one whole second. */
export const SECOND_OF_SORT_KEYS = sql`2147483648`;

/** Every instant: a conversation's periods, all of them. */
export const ALL_TIME: Instants = { start: sql`'-infinity'::timestamptz`, end: sql`'infinity'::timestamptz` };

/**
 * One row per period opened in the range in `conversations` (a query of conversations' id and
 * organization_id): organization_id, conversation_id, opening_sort_key, opened_at, first_response_at,
 * responder_id, resolved_at, resolver_id (the assignee holding the conversation at its resolve).
 */
export function openingsOf(conversations: SQL, range: Instants): SQL {
  const boundaryKey = sql`coalesce(${sortKeyAt(sql`b.at`)}, 0)`;
  return sql`(
    with active as (${conversations}), boundaries as (
      select a.id as conversation_id, a.organization_id, b.at from active a
      cross join lateral (
        select null::timestamptz as at
        union all
        select max(e.occurred_at) from conversation_events e
          where e.conversation_id = a.id and e.kind = 'resolved' and e.occurred_at < ${range.start}
        union all
        select e.occurred_at from conversation_events e
          where e.conversation_id = a.id and e.kind = 'resolved' and e.occurred_at >= ${range.start} and e.occurred_at < ${range.end}
      ) b
    ), openings as (
      select distinct o.organization_id, o.conversation_id, o.sort_key, o.sent_at as opened_at from (
        select b.organization_id, b.conversation_id, m.sort_key, m.sent_at from boundaries b
        cross join lateral (
          select m.sort_key, m.sent_at from messages m
          where m.conversation_id = b.conversation_id and m.direction = 'inbound'
            and m.sort_key >= ${boundaryKey} and m.sent_at > coalesce(b.at, '-infinity'::timestamptz)
          order by m.sort_key limit 1
        ) m
      ) o
      where o.sent_at >= ${range.start} and o.sent_at < ${range.end}
    )
    select o.organization_id, o.conversation_id, o.sort_key as opening_sort_key, o.opened_at, fr.sent_at as first_response_at, fr.sender_user_id as responder_id,
      rs.occurred_at as resolved_at, rs.user_id as resolver_id
    from openings o
    left join lateral (
      select e.occurred_at, e.user_id from conversation_events e
      where e.conversation_id = o.conversation_id and e.kind = 'resolved' and e.occurred_at >= o.opened_at
      order by e.occurred_at limit 1
    ) rs on true
    left join lateral (
      select r.sent_at, r.sender_user_id from messages r
      where r.conversation_id = o.conversation_id and r.sort_key > o.sort_key
        and r.sort_key < coalesce(${sortKeyAt(sql`rs.occurred_at`)} + 2147483648 * 2, 9223372036854775807)
        and r.direction = 'outbound' and r.message_type <> 'note' and r.sender_user_id is not null and r.broadcast_id is null
        and (rs.occurred_at is null or r.created_at <= rs.occurred_at)
      order by r.sort_key limit 1
    ) fr on true
  )`;
}

// least(from, to) is `from` when `to` is null (least skips nulls), so a missing end stays null, and an end
// stamped before its start (clocks of two systems) counts as 0. In double precision, which the percentiles
// take anyway: sorting numerics would cost several times more.
const minutesBetween = (from: string, to: string) => sql.raw(`extract(epoch from ${to} - least(${from}, ${to}))::float8 / 60`);
/** Minutes from the opening to the first response, and to the resolve. */
export const FIRST_RESPONSE_MINUTES = minutesBetween('p.opened_at', 'p.first_response_at');
export const RESOLUTION_MINUTES = minutesBetween('p.opened_at', 'p.resolved_at');

/** A figure the driver may answer as text (numeric, bigint), null kept. */
export const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

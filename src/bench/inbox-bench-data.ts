import { sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../server/db/database';
import { rowsOf } from '../server/db/rows-of';
import { benchContact } from './contacts-bench-data';

/**
 * Bench data for the inbox, written set-based in SQL (INSERT ... SELECT generate_series) in one
 * transaction per organization: members, contacts (some tagged), one conversation per contact and its
 * messages, consistent the way the app writes them:
 * - a conversation's messages have seq and change_seq 1..n (no message changed after its insert), and
 *   its last_seq is n, last_message_id / last_message_at its message n;
 * - the customer's messages up to the agents' last reply are read, later ones are `delivered` and
 *   counted in unread_count (as the webhook ingestion and the demo seed leave them);
 * - the customer-service window ends 24 h after the customer's last message;
 * - assignees are members of the organization (about 30% unassigned); statuses 40% open, 20% in
 *   progress, 40% resolved; only open conversations have unread messages.
 * Ids are version-7 UUIDs built from each row's time, with the organization's `tag`, the row kind and
 * its indexes in the random bits, so rows of different organizations never collide.
 */

export interface BenchOrganization {
  organizationId: string;
  /** 1..15, distinct per organization. */
  tag: number;
  /** The organization's system roles by name (Admin, Team Lead, Agent, ...). */
  roleIds: Record<string, string>;
  /** A member already there (the one who signed up), counted among `members`; null to make them all. */
  founderUserId: string | null;
}

export interface InboxShape {
  /** Members the conversations are assigned to, the founder included. */
  members: number;
  /** One per contact. */
  conversations: number;
  /** Messages per conversation on average (exactly, for an even count of conversations); sizes spread up to ±90 around it, never below 10. */
  messagesPerConversation: number;
}

export interface SeededConversation {
  id: string;
  lastSeq: number;
}

/** Minutes between a conversation's messages. */
const MESSAGE_GAP_MINUTES = 3;
/** Last activity spreads over this many minutes before now (30 days). */
const ACTIVITY_SPREAD_MINUTES = 43_200;
const TAG_NAMES = ['VIP', 'Wholesale', 'Follow up', 'Complaint', 'Newsletter'];
const TAG_COLORS = ['#d32f2f', '#1976d2', '#388e3c', '#f57c00', '#7b1fa2'];
const KIND = { contact: 1, conversation: 2, message: 3, user: 4, membership: 5, tag: 6 } as const;

const msOf = (at: SQL) => sql`floor(extract(epoch from ${at}) * 1000)::bigint`;

/** A version-7 UUID: 48 bits of `at` in ms, then the organization tag, the kind and two indexes (24 and 28 bits). */
function benchId(at: SQL, tag: number, kind: number, i: SQL, s: SQL = sql`0`): SQL {
  const low = sql`((${tag}::bigint << 56) | (${kind}::bigint << 52) | ((${i})::bigint << 28) | (${s})::bigint)`;
  return sql`(lpad(to_hex(${msOf(at)}), 12, '0') || '70008' || lpad(to_hex(${low}), 15, '0'))::uuid`;
}

const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;

/** Seeds one organization; answers its conversations with their counters. */
export async function seedInbox(db: Database, org: BenchOrganization, shape: InboxShape): Promise<SeededConversation[]> {
  await db.transaction(async (tx) => {
    const memberIds = await seedMembers(tx, org, shape.members);
    await seedContactsAndPlan(tx, org, shape, memberIds);
    await seedConversations(tx, org);
    await seedMessages(tx, org, memberIds[0]);
  });
  const rows = rowsOf<{ id: string; last_seq: string | number }>(
    await db.execute(sql`select id, last_seq from conversations where organization_id = ${org.organizationId}::uuid
      order by coalesce(last_message_at, created_at) desc, id desc`),
  );
  return rows.map((row) => ({ id: row.id, lastSeq: Number(row.last_seq) }));
}

/**
 * The organization's members, the founder first. Of the members made here the first is an Admin when
 * there is no founder, the first three (the Admin aside) are Team Leads, the others Agents.
 */
async function seedMembers(tx: Queryable, org: BenchOrganization, members: number): Promise<string[]> {
  const made = org.founderUserId ? members - 1 : members;
  const { tag } = org;
  const role = sql`case when g = 1 and ${org.founderUserId === null} then ${org.roleIds.Admin}::uuid
    when g <= 3 then ${org.roleIds['Team Lead']}::uuid else ${org.roleIds.Agent}::uuid end`;
  await tx.execute(sql`
    insert into users (id, email, name, password_hash)
    select ${benchId(sql`now()`, tag, KIND.user, sql`g`)}, 'inbox-bench-' || ${tag} || '-' || g || '-' || ${process.pid} || '@example.com',
      'Agent ' || ${tag} || '.' || g, 'not-a-password-hash'
    from generate_series(1, ${made}::int) g`);
  await tx.execute(sql`
    insert into memberships (id, organization_id, user_id, role_id)
    select ${benchId(sql`now()`, tag, KIND.membership, sql`g`)}, ${org.organizationId}::uuid, ${benchId(sql`now()`, tag, KIND.user, sql`g`)}, ${role}
    from generate_series(1, ${made}::int) g`);
  const others = rowsOf<{ user_id: string }>(
    await tx.execute(sql`select user_id from memberships where organization_id = ${org.organizationId}::uuid
      ${org.founderUserId ? sql`and user_id <> ${org.founderUserId}::uuid` : sql``} order by user_id`),
  ).map((row) => row.user_id);
  return org.founderUserId ? [org.founderUserId, ...others] : others;
}

/**
 * The plan (a temporary table for the transaction): per conversation i its size n, unread tail k, last
 * activity, status and assignee; then the contacts and their tags.
 */
async function seedContactsAndPlan(tx: Queryable, org: BenchOrganization, shape: InboxShape, memberIds: string[]): Promise<void> {
  const { tag } = org;
  // Up to four unread messages after the agents' last reply need room before them.
  if (shape.messagesPerConversation < 10) throw new Error('the inbox bench data needs at least 10 messages per conversation');
  const spread = Math.min(91, shape.messagesPerConversation - 9);
  // CREATE TABLE AS takes no parameters: the table first, then an INSERT ... SELECT.
  await tx.execute(sql`
    create temporary table bench_plan (
      i int, n int, k int, status text, assignee uuid, end_at timestamptz, start_at timestamptz, created_at timestamptz,
      contact_id uuid, conversation_id uuid
    ) on commit drop`);
  await tx.execute(sql`
    insert into bench_plan
    select i, n, k, status, assignee, end_at, start_at, start_at - interval '1 minute' as created_at,
      ${benchId(sql`start_at - interval '1 minute'`, tag, KIND.contact, sql`i`)} as contact_id,
      ${benchId(sql`start_at - interval '1 minute'`, tag, KIND.conversation, sql`i`)} as conversation_id
    from (
      select *, end_at - (n - 1) * ${MESSAGE_GAP_MINUTES}::int * interval '1 minute' as start_at
      from (
        select i,
          -- Pairs of conversations deviate by +d and -d: the average is exact.
          ${shape.messagesPerConversation}::int + (case when i % 2 = 0 then 1 else -1 end) * (((i / 2) * 7919) % ${spread}::int) as n,
          case when i % 10 < 2 then 1 + (i / 10) % 4 else 0 end as k,
          case when i % 10 < 4 then 'open' when i % 10 < 6 then 'in_progress' else 'resolved' end as status,
          case when (i / 10) % 10 < 3 then null else (${textArray(memberIds)}::uuid[])[1 + ((i / 10) * 7 + i) % ${memberIds.length}::int] end as assignee,
          date_trunc('second', now()) - ((i::bigint * 7919) % ${ACTIVITY_SPREAD_MINUTES}) * interval '1 minute' - (i % 60) * interval '1 second' as end_at
        from generate_series(0, ${shape.conversations - 1}::int) i
      ) sized
    ) timed`);

  const people = Array.from({ length: shape.conversations }, (_, i) => benchContact(i));
  await tx.execute(sql`
    insert into contacts (id, organization_id, name, country_code, phone_number, phone_e164, created_at, updated_at)
    select p.contact_id, ${org.organizationId}::uuid, c.name, c.country_code, c.phone_number, c.e164, p.created_at, p.created_at
    from unnest(${textArray(people.map((c) => c.name ?? ''))}::text[], ${textArray(people.map((c) => c.countryCode))}::text[],
      ${textArray(people.map((c) => c.phoneNumber))}::text[], ${textArray(people.map((c) => c.e164))}::text[])
      with ordinality as c(name, country_code, phone_number, e164, ord)
    join bench_plan p on p.i = c.ord - 1`);

  await tx.execute(sql`
    insert into tags (id, organization_id, name, color, type)
    select ${benchId(sql`now()`, tag, KIND.tag, sql`t`)}, ${org.organizationId}::uuid, (${textArray(TAG_NAMES)}::text[])[t + 1],
      (${textArray(TAG_COLORS)}::text[])[t + 1], 'manual'
    from generate_series(0, ${TAG_NAMES.length - 1}::int) t`);
  // A third of the contacts carry one tag, one in seven another.
  await tx.execute(sql`
    insert into contact_tags (organization_id, contact_id, tag_id)
    select ${org.organizationId}::uuid, p.contact_id, ${benchId(sql`now()`, tag, KIND.tag, sql`t.t`)}
    from bench_plan p cross join lateral (
      select p.i % 5 as t where p.i % 3 = 0 union select (p.i + 2) % 5 where p.i % 7 = 0
    ) t`);
}

async function seedConversations(tx: Queryable, org: BenchOrganization): Promise<void> {
  await tx.execute(sql`
    insert into conversations (id, organization_id, contact_id, status, assigned_to_user_id, unread_count, last_seq,
      last_message_id, last_message_at, is_free_entry_point, created_at, updated_at)
    select conversation_id, ${org.organizationId}::uuid, contact_id, status, assignee, k, n,
      ${benchId(sql`end_at`, org.tag, KIND.message, sql`i`, sql`n`)}, end_at, false, created_at, end_at
    from bench_plan`);
}

/**
 * Conversation i's messages 1..n, 3 minutes apart, message n at its last activity. The last k are the
 * customer's, unread (`delivered`); message n - k is the agents' last reply; before it, three in five
 * are the customer's (read), the rest the agents' (read by the customer, one in 97 failed). The
 * agents' last reply is `sent`, `delivered` or `read`.
 */
async function seedMessages(tx: Queryable, org: BenchOrganization, founderId: string): Promise<void> {
  const { tag } = org;
  await tx.execute(sql`
    insert into messages (id, organization_id, conversation_id, contact_id, seq, change_seq, wamid, direction, message_type, content,
      status, error_code, error_message, sender_user_id, sent_at, delivered_at, read_at, created_at)
    select ${benchId(sql`m.at`, tag, KIND.message, sql`p.i`, sql`s`)}, ${org.organizationId}::uuid, p.conversation_id, p.contact_id, s, s,
      case when m.status = 'failed' then null else 'wamid.bench-' || ${tag} || '-' || p.i || '-' || s end,
      m.direction, 'text',
      case when m.direction = 'inbound' then 'Hello, I have a question about order #' || (p.i * 1000 + s) || ', is it on its way?'
        else 'Thanks for writing! Your order #' || (p.i * 1000 + s) || ' ships today; tracking follows.' end,
      m.status,
      case when m.status = 'failed' then 131047 end,
      case when m.status = 'failed' then 'Re-engagement message' end,
      case when m.direction = 'outbound' then coalesce(p.assignee, ${founderId}::uuid) end,
      m.at,
      case when m.status in ('delivered', 'read') then m.at + interval '5 seconds' end,
      case when m.status = 'read' then m.at + interval '2 minutes' end,
      m.at
    from bench_plan p
    cross join lateral generate_series(1, p.n) s
    cross join lateral (
      select at, direction,
        case
          when direction = 'inbound' then case when s > p.n - p.k then 'delivered' else 'read' end
          when s = p.n - p.k then (array['sent', 'delivered', 'read'])[1 + p.i % 3]
          when (s * 13 + p.i) % 97 = 0 then 'failed'
          else 'read'
        end as status
      from (select p.start_at + (s - 1) * ${MESSAGE_GAP_MINUTES}::int * interval '1 minute' as at,
        case when s > p.n - p.k then 'inbound' when s = p.n - p.k then 'outbound'
          when (s * 7 + p.i) % 5 < 3 then 'inbound' else 'outbound' end as direction) d
    ) m`);
  await tx.execute(sql`
    update conversations c set window_expires_at = w.at + interval '24 hours'
    from (
      select conversation_id, max(sent_at) as at from messages
      where organization_id = ${org.organizationId}::uuid and direction = 'inbound' group by conversation_id
    ) w
    where c.organization_id = ${org.organizationId}::uuid and c.id = w.conversation_id`);
}

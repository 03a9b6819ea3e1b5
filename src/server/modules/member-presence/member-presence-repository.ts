import { and, eq, sql } from 'drizzle-orm';
import type { Availability } from '@shared/api/availability';
import type { Permission } from '@shared/permissions/catalogue';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { memberPresence } from '../../db/schema';

/** The member presence repository owns member_presence. */

/** The member's stored switch, or null when they never touched it nor opened a stream. */
export async function findAvailability(db: Queryable, organizationId: string, userId: string): Promise<Availability | null> {
  const [row] = await db
    .select({ availability: memberPresence.availability })
    .from(memberPresence)
    .where(and(eq(memberPresence.organizationId, organizationId), eq(memberPresence.userId, userId)));
  return row?.availability ?? null;
}

export async function saveAvailability(db: Queryable, organizationId: string, userId: string, availability: Availability): Promise<Availability> {
  const [row] = await db
    .insert(memberPresence)
    .values({ organizationId, userId, availability })
    .onConflictDoUpdate({ target: [memberPresence.organizationId, memberPresence.userId], set: { availability, updatedAt: new Date() } })
    .returning({ availability: memberPresence.availability });
  return row.availability;
}

export interface Sighting {
  organizationId: string;
  userId: string;
}

/**
 * Notes that the members' live streams are open now, in one statement. A sighting younger than
 * `skipWithinSeconds` is left as it is, so a stream's heartbeats (and several tabs' streams) rarely write.
 */
export async function touchStreamsSeen(db: Queryable, sightings: readonly Sighting[], skipWithinSeconds: number): Promise<void> {
  // One row per member: ON CONFLICT may not touch the same row twice in one statement.
  await db.execute(sql`
    insert into ${memberPresence} (organization_id, user_id, last_stream_seen_at)
    select distinct s.organization_id, s.user_id, now()
    from unnest(${sql.param(sightings.map((s) => s.organizationId))}::uuid[], ${sql.param(sightings.map((s) => s.userId))}::uuid[]) as s(organization_id, user_id)
    on conflict (organization_id, user_id) do update set last_stream_seen_at = now()
    where ${memberPresence}.last_stream_seen_at is null
      or ${memberPresence}.last_stream_seen_at < now() - make_interval(secs => ${skipWithinSeconds})`);
}

export interface Responder {
  userId: string;
  name: string;
}

/**
 * The organization's members whose role holds `permission`, who are switched Available and whose
 * stream was seen within `seenWithinSeconds` (by the database's clock, which every process shares):
 * the one auto-assigned least recently first (never before ever), then by user id.
 */
export async function listAvailableHolders(
  db: Queryable,
  organizationId: string,
  permission: Permission,
  seenWithinSeconds: number,
): Promise<Responder[]> {
  const rows = rowsOf<{ user_id: string; name: string }>(await db.execute(sql`
    select p.user_id, u.name
    from ${memberPresence} p
    join memberships m on m.organization_id = p.organization_id and m.user_id = p.user_id
    join users u on u.id = m.user_id
    where p.organization_id = ${organizationId}::uuid
      and p.availability = 'available'
      and p.last_stream_seen_at >= now() - make_interval(secs => ${seenWithinSeconds})
      and exists (
        select 1 from role_permissions rp
        where rp.organization_id = m.organization_id and rp.role_id = m.role_id and rp.permission = ${permission}
      )
    order by p.last_auto_assigned_at asc nulls first, p.user_id`));
  return rows.map((row) => ({ userId: row.user_id, name: row.name }));
}

/**
 * Moves the member to the back of the round-robin. clock_timestamp(), not now(): several assignments
 * in one transaction must still be told apart.
 */
export async function markAutoAssigned(db: Queryable, organizationId: string, userId: string): Promise<void> {
  await db
    .update(memberPresence)
    .set({ lastAutoAssignedAt: sql`clock_timestamp()` })
    .where(and(eq(memberPresence.organizationId, organizationId), eq(memberPresence.userId, userId)));
}

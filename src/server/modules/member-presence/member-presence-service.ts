import { STREAM_SEEN_WITHIN_MS, type Availability, type AvailabilityResponse } from '@shared/api/availability';
import type { Database, Queryable } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { batchedStatements } from '../../lib/batched-statements';
import { findAvailability, listAvailableHolders, markAutoAssigned, saveAvailability, touchStreamsSeen, type Responder, type Sighting } from './member-presence-repository';

/**
 * Whether members are there to take conversations: each member's own Available / Away switch (the
 * session names the member, so nobody reads or changes another's) and the last sighting of their live
 * stream, written to the database so every process sees every other's streams.
 */

/** A stream's sighting is rewritten at most this often: well inside the 5 minutes that make a member Away. */
const SIGHTING_EVERY_SECONDS = 60;

export type { Responder } from './member-presence-repository';

export async function readAvailability(db: Queryable, organizationId: string, userId: string): Promise<AvailabilityResponse> {
  return { availability: (await findAvailability(db, organizationId, userId)) ?? 'available' };
}

export async function changeAvailability(db: Queryable, organizationId: string, userId: string, availability: Availability): Promise<AvailabilityResponse> {
  return { availability: await saveAvailability(db, organizationId, userId, availability) };
}

// Streams that open or beat together (a team reconnecting after a deploy) are noted by one statement.
const sightings = perDatabase((db) =>
  batchedStatements(async (seen: readonly Sighting[]) => {
    await touchStreamsSeen(db, seen, SIGHTING_EVERY_SECONDS);
    return seen.map(() => undefined);
  }),
);

/** The member's live stream is open (it just opened, or sent a heartbeat). */
export function recordStreamSeen(db: Database, organizationId: string, userId: string): Promise<void> {
  return sightings(db)({ organizationId, userId });
}

/**
 * Who may take a conversation from auto-assignment: members holding chats:respond, switched Available
 * and with a stream seen within 5 minutes, in round-robin order (least recently auto-assigned first).
 */
export function availableResponders(db: Queryable, organizationId: string): Promise<Responder[]> {
  return listAvailableHolders(db, organizationId, 'chats:respond', STREAM_SEEN_WITHIN_MS / 1000);
}

/** The member was just given a conversation: the round-robin moves past them. */
export function recordAutoAssigned(db: Queryable, organizationId: string, userId: string): Promise<void> {
  return markAutoAssigned(db, organizationId, userId);
}

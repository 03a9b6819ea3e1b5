import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/database';
import { rowsOf } from '../server/db/rows-of';
import { signUp, type SignedInMember } from './contacts-import-http';
import { seedInbox, type InboxShape } from './inbox-bench-data';

/**
 * The abuse bench's organizations: the victim, and one attacker per load (so one load's refusals, and the
 * rate limit they run into, do not carry over into the next), signed up over HTTP, their inboxes then
 * written in SQL.
 */

export interface Parties {
  victim: SignedInMember;
  attackers: SignedInMember[];
}

/** What one attacker's loads name: the victim's inbox and contact, and the attacker's own. */
export interface SeededParties {
  victimConversations: number;
  /** A contact of the victim's organization, which the attacker names in uploads (must be refused 404). */
  victimContactId: string;
  /** A contact and a conversation of the attacker's own. */
  attackerContactId: string;
  attackerConversationId: string;
}

/** The accounts, each with its own organization, signed up as a person does (POST /api/auth/signup). */
export async function signUpParties(origin: string, attackers: number): Promise<Parties> {
  const victim = await signUp(origin, 'victim');
  const signedUp: SignedInMember[] = [];
  for (let i = 1; i <= attackers; i += 1) signedUp.push(await signUp(origin, `attacker${i}`));
  return { victim, attackers: signedUp };
}

async function rolesOf(db: Database, organizationId: string): Promise<Record<string, string>> {
  const rows = rowsOf<{ id: string; name: string }>(await db.execute(sql`select id, name from roles where organization_id = ${organizationId}::uuid`));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** The one who signed up: the organization's only member so far. */
async function founderOf(db: Database, organizationId: string): Promise<string> {
  const [founder] = rowsOf<{ user_id: string }>(await db.execute(sql`select user_id from memberships where organization_id = ${organizationId}::uuid limit 1`));
  if (!founder) throw new Error(`organization ${organizationId} has no member`);
  return founder.user_id;
}

async function anyContactOf(db: Database, organizationId: string): Promise<string> {
  const [contact] = rowsOf<{ id: string }>(await db.execute(sql`select id from contacts where organization_id = ${organizationId}::uuid order by id limit 1`));
  if (!contact) throw new Error(`organization ${organizationId} has no contact`);
  return contact.id;
}

async function seedOne(db: Database, member: SignedInMember, tag: number, shape: InboxShape) {
  const { organizationId } = member;
  return seedInbox(db, { organizationId, tag, roleIds: await rolesOf(db, organizationId), founderUserId: await founderOf(db, organizationId) }, shape);
}

/**
 * The victim's inbox (`victim` shape) and a small one for each attacker (a conversation to poll and a
 * contact to name in its uploads), written in SQL the way the inbox bench seeds; one answer per attacker.
 */
export async function seedParties(db: Database, parties: Parties, victim: InboxShape, attacker: InboxShape): Promise<SeededParties[]> {
  const victimConversations = await seedOne(db, parties.victim, 1, victim);
  const victimContactId = await anyContactOf(db, parties.victim.organizationId);
  const seeded: SeededParties[] = [];
  for (const [i, member] of parties.attackers.entries()) {
    const attackerConversations = await seedOne(db, member, 2 + i, attacker);
    if (attackerConversations.length === 0) throw new Error(`attacker ${i + 1} has no conversation`);
    seeded.push({
      victimConversations: victimConversations.length,
      victimContactId,
      attackerContactId: await anyContactOf(db, member.organizationId),
      attackerConversationId: attackerConversations[0].id,
    });
  }
  return seeded;
}

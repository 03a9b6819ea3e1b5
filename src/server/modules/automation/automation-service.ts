import type { AgentsResponse } from '@shared/api/conversations';
import type { Database } from '../../db/database';
import { listMemberPeople } from '../members/members-repository';

/** Button automation and assignment: who work can be given to. */

/** Every member of the organization may be assigned conversations (and, later, a broadcast button's replies), by name. */
export async function listAgents(db: Database, organizationId: string): Promise<AgentsResponse> {
  const people = await listMemberPeople(db, organizationId);
  return { agents: people.map((person) => ({ id: person.userId, name: person.name, email: person.email })) };
}

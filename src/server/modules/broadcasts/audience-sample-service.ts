import type { AudienceSampleResponse } from '@shared/api/broadcasts';
import type { Queryable } from '../../db/database';
import { checkedAudience } from './broadcasts-service';
import { audienceContactAt, countAudience } from './recipients-repository';

/**
 * One real recipient of an audience, for the New Broadcast preview of personal parameters: the contact
 * at `position` (oldest first) and how many there are. Tags and contacts are checked as a broadcast's.
 */
export async function audienceSample(
  db: Queryable,
  organizationId: string,
  input: { tagIds?: string[]; contactIds?: string[]; position: number },
): Promise<AudienceSampleResponse> {
  const audience = await checkedAudience(db, organizationId, input);
  const [count, contact] = await Promise.all([
    countAudience(db, organizationId, audience),
    audienceContactAt(db, organizationId, audience, input.position),
  ]);
  return { count, position: input.position, contact };
}

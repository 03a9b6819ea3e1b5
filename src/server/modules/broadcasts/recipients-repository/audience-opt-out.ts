import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { rowsOf } from '../../../db/rows-of';
import { audienceContacts, type Audience } from './audience-and-listing';

/** How many of the audience's contacts are opted out of marketing (one count, however large the audience). */
export async function countOptedOutInAudience(db: Queryable, organizationId: string, audience: Audience): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from (${audienceContacts(organizationId, audience)}) audience
      join contacts c on c.organization_id = ${organizationId}::uuid and c.id = audience.contact_id
      where c.opted_out_at is not null`),
  );
  return Number(row?.n ?? 0);
}

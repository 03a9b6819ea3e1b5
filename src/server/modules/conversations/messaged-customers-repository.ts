import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { messages } from '../../db/schema';

/**
 * How many distinct customers the organization sent a template (business-initiated) since `since`,
 * failed sends left out: what Meta counts against the number's messaging limit in a moving 24 hours.
 */
export async function countCustomersMessagedSince(db: Queryable, organizationId: string, since: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(distinct ${messages.contactId})::int as n from ${messages}
      where ${messages.organizationId} = ${organizationId}::uuid and ${messages.direction} = 'outbound'
        and ${messages.messageType} = 'template' and ${messages.status} <> 'failed' and ${messages.sentAt} >= ${since.toISOString()}::timestamptz`),
  );
  return Number(row?.n ?? 0);
}

import { sql } from 'drizzle-orm';
import type { ParameterContact } from '@shared/api/template-parameters';
import type { Queryable } from '../../../db/database';
import { rowsOf } from '../../../db/rows-of';
import { contacts } from '../../../db/schema';
import { audienceContacts, type Audience } from './audience-and-listing';

/**
 * The audience's contact at `position` (0-based, oldest contact first), as personal parameters read it:
 * what the New Broadcast preview renders for a real recipient. Null past the end.
 */
export async function audienceContactAt(db: Queryable, organizationId: string, audience: Audience, position: number): Promise<ParameterContact | null> {
  const [row] = rowsOf<{ name: string | null; profile_name: string | null; phone_e164: string }>(
    await db.execute(sql`
      select c.name, c.profile_name, c.phone_e164 from ${contacts} c
      where c.organization_id = ${organizationId}::uuid and c.id in (select contact_id from (${audienceContacts(organizationId, audience)}) audience)
      order by c.id
      offset ${position} limit 1`),
  );
  return row ? { name: row.name, profileName: row.profile_name, phoneNumber: row.phone_e164 } : null;
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/** Throws unless the database answers a trivial query. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

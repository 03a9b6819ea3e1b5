import { sql, type SQL } from 'drizzle-orm';
import { MARKETING_STOPPED_ERROR } from '@shared/opt-out/opt-out';
import { broadcasts } from '../../../db/schema';
import { isMarketingTemplate } from '../../templates';

/** Opted-out contacts are held back from MARKETING broadcasts: at the audience count and again when each is claimed. */

export const OPTED_OUT_CODE = MARKETING_STOPPED_ERROR;
export const OPTED_OUT_REASON = 'Opted out of marketing messages';

/** Whether the broadcast `broadcastId` (an SQL expression) sends a MARKETING template. */
export function isMarketingBroadcast(broadcastId: SQL): SQL {
  return sql`exists (select 1 from ${broadcasts} ob where ob.id = ${broadcastId} and ${isMarketingTemplate(sql`ob.template_id`)})`;
}

/** A contact (the row `c`) that a marketing broadcast leaves out. */
export const contactOptedOut = (c: string): SQL => sql.raw(`(${c}.opted_out_at is not null)`);

import { sql, type SQL } from 'drizzle-orm';
import { messageTemplates } from '../../db/schema';

/**
 * Whether the template `templateId` (an SQL expression naming a template id) is a MARKETING one, as a
 * correlated condition, so other modules' set-based queries can hold marketing back from opted-out
 * contacts without reading templates row by row.
 */
export function isMarketingTemplate(templateId: SQL): SQL {
  return sql`exists (select 1 from ${messageTemplates} mt where mt.id = ${templateId} and upper(mt.category) = 'MARKETING')`;
}

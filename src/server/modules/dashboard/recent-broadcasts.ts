import type { RecentBroadcast } from '@shared/api/analytics';
import type { BroadcastStatus } from '@shared/api/broadcasts';
import type { Database } from '../../db/database';
import { listBroadcasts } from '../broadcasts';

const SHOWN = 3;
/** Drafts, schedules and cancelled ones have sent nothing, so they have no rates to show. */
const NOT_SENDING: readonly BroadcastStatus[] = ['draft', 'scheduled', 'cancelled'];
/** How many of the newest broadcasts are read to find the last three that sent (a few drafts may sit among them). */
const LOOKED_AT = 20;

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The organization's last three broadcasts that started sending, with delivery and read rates. */
export async function recentBroadcasts(db: Database, organizationId: string): Promise<RecentBroadcast[]> {
  const { data } = await listBroadcasts(db, organizationId, { page: 1, limit: LOOKED_AT });
  return data
    .filter((broadcast) => !NOT_SENDING.includes(broadcast.status))
    .slice(0, SHOWN)
    .map(({ id, name, sentCount, deliveredCount, readCount }) => ({
      id, name, sentCount, deliveryRate: rate(deliveredCount, sentCount), readRate: rate(readCount, deliveredCount),
    }));
}

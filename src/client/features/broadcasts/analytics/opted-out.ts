import type { BroadcastAnalytics } from '@shared/api/broadcasts';
import { MARKETING_STOPPED_ERROR } from '@shared/opt-out/opt-out';

/**
 * Recipients not sent because they stopped marketing messages: the ones Parley held back and the ones
 * Meta refused with the same code, 131050, both listed under that failure reason.
 */
export function optedOutCount(analytics: BroadcastAnalytics): number {
  return analytics.failureReasons
    .filter((reason) => reason.errorCode === MARKETING_STOPPED_ERROR)
    .reduce((sum, reason) => sum + reason.count, 0);
}

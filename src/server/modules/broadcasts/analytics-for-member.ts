import type { BroadcastAnalytics } from '@shared/api/broadcasts';
import { hasPermission } from '@shared/permissions/check';
import type { Permission } from '@shared/permissions/catalogue';

/**
 * A broadcast's analytics as one member may read them: button performance and the assignments its
 * buttons made are advanced analytics, left out for a member without analytics:view_advanced.
 */
export function analyticsForMember(analytics: BroadcastAnalytics, permissions: readonly Permission[]): BroadcastAnalytics {
  if (hasPermission(permissions, 'analytics:view_advanced')) return analytics;
  const { buttonPerformance: _buttons, assignmentDistribution: _assignments, ...basic } = analytics;
  return basic;
}

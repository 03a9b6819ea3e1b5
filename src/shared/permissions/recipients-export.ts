import type { Permission } from './catalogue';

/**
 * A broadcast's recipients CSV names who received it (a recipient drill-down) and exports its analytics,
 * so it takes both permissions: the route requires them together and the screens offer it only to a
 * member holding both.
 */
export const RECIPIENTS_EXPORT_PERMISSIONS = ['analytics:view_advanced', 'analytics:export'] as const satisfies readonly [Permission, Permission];

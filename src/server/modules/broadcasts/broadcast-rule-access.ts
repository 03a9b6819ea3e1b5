import { RULES_NEED_AUTOMATION_CREATE } from '@shared/api/broadcast-detail';
import type { Permission } from '@shared/permissions/catalogue';
import { forbidden } from '../../lib/domain-error';

/**
 * Button rules are automation: a create or edit request that sets any also needs automation:create,
 * whatever the broadcast permission that let it in.
 */
export function checkRuleAccess(permissions: readonly Permission[], rules: readonly unknown[] | undefined): void {
  if (rules && rules.length > 0 && !permissions.includes('automation:create')) throw forbidden(RULES_NEED_AUTOMATION_CREATE);
}

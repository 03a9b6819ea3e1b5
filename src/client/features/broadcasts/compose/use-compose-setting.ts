import { useMemo } from 'react';
import { useGetTemplatesQuery } from '@client/api/templates-endpoints';
import { useSession } from '@client/session/use-session';
import { MAX_PAGE_SIZE } from '@shared/constants';
import { DEFAULT_TIME_ZONE } from '@shared/organization-settings/time-zones';
import { useGetScheduleZoneQuery } from '../broadcast-drafts-api';

/** The approved templates are read in one page, the largest the API serves. */
const TEMPLATE_LIST_LIMIT = MAX_PAGE_SIZE;

/** What the broadcast form needs around it: the approved templates, the organization's zone, and what the member may do. */
export function useComposeSetting() {
  const templates = useGetTemplatesQuery({ status: 'APPROVED', page: 1, limit: TEMPLATE_LIST_LIMIT });
  const approved = useMemo(() => (templates.data?.data ?? []).filter((template) => template.status === 'APPROVED'), [templates.data]);
  const { can } = useSession();
  const zone = useGetScheduleZoneQuery();
  return {
    templates: approved,
    templatesLoading: templates.isLoading,
    templatesFailed: templates.isError,
    timeZone: zone.data?.timeZone ?? DEFAULT_TIME_ZONE,
    canSend: can('broadcasts:send'),
    canSetRules: can('automation:create'),
  };
}

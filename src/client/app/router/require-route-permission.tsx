import { Outlet, useMatches } from 'react-router-dom';
import { useSession } from '@client/session/use-session';
import { NoAccess } from './no-access';
import { isRouteHandle } from './route-handle';

/**
 * The one permission guard of the signed-in screens: the matched routes' handles say which
 * permission they need; without it the user sees the "no access" page instead of the screen (and
 * the screen's calls, which the server would refuse, are never made).
 */
export function RequireRoutePermission() {
  const { can } = useSession();
  const handles = useMatches().map((match) => match.handle).filter(isRouteHandle);
  const denied = handles.find((handle) => handle.requires !== undefined && !can(handle.requires));
  if (denied) return <NoAccess screenTitle={denied.title} />;
  return <Outlet />;
}

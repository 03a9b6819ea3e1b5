import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '@client/components/full-page-spinner';
import { useSession } from '@client/session/use-session';
import { paths } from '../paths';

/** Signed-in routes: a spinner while the session check runs, /login when signed out. */
export function RequireSignedIn() {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (!user) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/** Signed-out routes (/login): signed-in users go to the dashboard. */
export function RequireSignedOut() {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (user) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

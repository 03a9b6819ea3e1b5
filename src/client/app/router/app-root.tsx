import { Outlet } from 'react-router-dom';
import { ConfigErrorModal } from '../config-error/config-error-modal';
import { SlowDownNotice } from '../slow-down/slow-down-notice';
import { DocumentTitle } from './document-title';
import { NavigationProgress } from './navigation-progress';

/** The root route's element: what every page has besides its screen. */
export function AppRoot() {
  return (
    <>
      <DocumentTitle />
      <NavigationProgress />
      <Outlet />
      <ConfigErrorModal />
      <SlowDownNotice />
    </>
  );
}

import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { closedEventStream, type ClientServices } from '@client/api/client-services';
import { AppProvider } from '@client/app/provider';
import { AppRoot } from '@client/app/router/app-root';
import { routes } from '@client/app/router/routes';
import { makeStore, type AppStore, type RootState } from '@client/app/store';
import { setSessionUser } from '@client/session/session-api';
import { fakeAlerts } from './fake-alerts';
import type { SessionUser } from '@shared/api/auth';

export interface RenderOptions {
  /** The URL the test starts at. Default '/'. */
  route?: string;
  /**
   * The route pattern `ui` is mounted at, for screens that read params
   * (e.g. '/conversations/:contactId'). Default: every path.
   */
  path?: string;
  /**
   * The signed-in user, written into the session cache (no request). `null` means signed out.
   * Omitted: the session check goes to msw (default handler: 401, signed out).
   */
  user?: SessionUser | null;
  preloadedState?: Partial<RootState>;
  /** Replaces the page reload of an unexpected 401 (default: a jest.fn()). */
  reloadPage?: () => void;
  /** Replaces the live event stream (default: one that never opens, so screens poll as without it). */
  openEventStream?: ClientServices['openEventStream'];
  /** Web Locks and BroadcastChannel stand-ins, shared by the "tabs" a test renders (default: none, each tab streams alone). */
  tabSharing?: ClientServices['tabSharing'];
  /** The sound and notifications (default: silent spies, the tab in view). */
  alerts?: ClientServices['alerts'];
}

export interface RenderWithProvidersResult extends RenderResult {
  store: AppStore;
  /** The memory router: `router.state.location` tells where the app navigated. */
  router: ReturnType<typeof createMemoryRouter>;
  /** A userEvent instance: `await user.click(...)`, `await user.type(...)`. */
  user: UserEvent;
}

function renderRoutes(routeObjects: RouteObject[], options: RenderOptions): RenderWithProvidersResult {
  const store = makeStore(options.preloadedState, {
    reloadPage: options.reloadPage ?? jest.fn(),
    openEventStream: options.openEventStream ?? (() => closedEventStream),
    tabSharing: options.tabSharing ?? null,
    alerts: options.alerts ?? fakeAlerts(),
  });
  if (options.user !== undefined) store.dispatch(setSessionUser(options.user));
  const router = createMemoryRouter(routeObjects, { initialEntries: [options.route ?? '/'] });
  const result = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { store, router, user: userEvent.setup(), ...result };
}

/**
 * Renders one component (a screen, a dialog…) with everything the app gives it: store, theme,
 * toasts, a router, the configuration-error modal. Returns { store, router, user, ...RTL queries }.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderWithProvidersResult {
  const path = options.path ?? '*';
  const children: RouteObject[] = [{ path, element: ui }];
  // Somewhere to land when the component navigates away from its own route.
  if (path !== '*') children.push({ path: '*', element: null });
  return renderRoutes([{ element: <AppRoot />, children }], options);
}

/** Renders the whole app (route table, guards, shell, lazy screens) at `route`. */
export function renderApp(options: RenderOptions = {}): RenderWithProvidersResult {
  return renderRoutes(routes, options);
}

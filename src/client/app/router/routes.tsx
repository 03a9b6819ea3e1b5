import type { RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '@client/components/full-page-spinner';
import { AppShell } from '../layout/app-shell';
import { AppRoot } from './app-root';
import { RequireSignedIn, RequireSignedOut } from './guards';
import { InviteRedirect } from './invite-redirect';
import { lazyScreen } from './lazy-screen';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';
import { signedInScreens } from './signed-in-screens';

/**
 * The route table: /login and /forgot-password for the signed-out, /invite/{token}, /reset-password/{token},
 * /confirm-email/{token}, the signed-in screens inside the shell (signed-in-screens.ts), and a 404 page for
 * anything else.
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    hydrateFallbackElement: <FullPageSpinner />,
    errorElement: <RouteError />,
    children: [
      {
        element: <RequireSignedOut />,
        children: [
          {
            path: 'login',
            handle: { title: 'Login' } satisfies RouteHandle,
            lazy: lazyScreen(() => import('@client/features/auth/login-screen')),
          },
          {
            path: 'forgot-password',
            handle: { title: 'Forgot Password' } satisfies RouteHandle,
            lazy: lazyScreen(() => import('@client/features/auth/forgot-password-screen')),
          },
        ],
      },
      { path: 'invite/:inviteToken', element: <InviteRedirect /> },
      // Open signed in or not: a reset link may be opened in a browser someone else is signed in to.
      {
        path: 'reset-password/:resetToken',
        handle: { title: 'Set a New Password' } satisfies RouteHandle,
        lazy: lazyScreen(() => import('@client/features/auth/reset-password-screen')),
      },
      // Open signed in or not, like a reset link: it proves the new mailbox, whoever's browser opens it.
      {
        path: 'confirm-email/:emailToken',
        handle: { title: 'Confirm Email Address' } satisfies RouteHandle,
        lazy: lazyScreen(() => import('@client/features/auth/confirm-email-screen')),
      },
      {
        element: <RequireSignedIn />,
        children: [
          {
            element: <AppShell />,
            // A failing screen keeps the shell around it, so the user can still navigate away.
            children: [{ errorElement: <RouteError />, children: signedInScreens }],
          },
        ],
      },
      { path: '*', lazy: lazyScreen(() => import('@client/features/not-found/not-found-screen')) },
    ],
  },
];

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '@client/components/full-page-spinner';
import { AppShell } from '../layout/app-shell';
import { AppRoot } from './app-root';
import { RequireSignedIn, RequireSignedOut } from './guards';
import { InviteRedirect } from './invite-redirect';
import type { RouteHandle } from './route-handle';
import { RouteError } from './route-error';

/** A lazily loaded screen: its code is a chunk of its own, fetched on first visit. */
function screen(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

function titled(title: string): RouteHandle {
  return { title };
}

/** The signed-in screens (SPEC.md 2), inside the shell. */
const signedInScreens: RouteObject[] = [
  { index: true, handle: titled('Dashboard'), lazy: screen(() => import('@client/features/dashboard/dashboard-screen')) },
  { path: 'contacts', handle: titled('Contacts'), lazy: screen(() => import('@client/features/contacts/contacts-screen')) },
  {
    path: 'contacts/import',
    handle: titled('Import Contacts'),
    lazy: screen(() => import('@client/features/contact-import/import-contacts-screen')),
  },
  {
    path: 'conversations',
    handle: titled('Conversations'),
    lazy: screen(() => import('@client/features/conversations/conversations-screen')),
    // The same screen with a conversation open; a child route keeps it mounted when the id changes.
    children: [{ path: ':contactId', element: null }],
  },
  { path: 'templates', handle: titled('Templates'), lazy: screen(() => import('@client/features/templates/templates-screen')) },
  { path: 'tags', handle: titled('Tags'), lazy: screen(() => import('@client/features/tags/tags-screen')) },
  { path: 'broadcast', handle: titled('Broadcasts'), lazy: screen(() => import('@client/features/broadcasts/broadcasts-screen')) },
  {
    path: 'broadcast/new',
    handle: titled('New Broadcast'),
    lazy: screen(() => import('@client/features/broadcasts/new-broadcast-screen')),
  },
  {
    path: 'broadcast/:id/analytics',
    handle: titled('Broadcast Analytics'),
    lazy: screen(() => import('@client/features/broadcasts/broadcast-analytics-screen')),
  },
  { path: 'settings', handle: titled('Settings'), lazy: screen(() => import('@client/features/settings/settings-screen')) },
];

/** The route table of SPEC.md 2. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    hydrateFallbackElement: <FullPageSpinner />,
    errorElement: <RouteError />,
    children: [
      {
        element: <RequireSignedOut />,
        children: [{ path: 'login', handle: titled('Login'), lazy: screen(() => import('@client/features/auth/login-screen')) }],
      },
      { path: 'invite/:inviteToken', element: <InviteRedirect /> },
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
      { path: '*', lazy: screen(() => import('@client/features/not-found/not-found-screen')) },
    ],
  },
];

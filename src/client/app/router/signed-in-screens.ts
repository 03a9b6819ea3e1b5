import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from './lazy-screen';
import type { RouteHandle } from './route-handle';

/**
 * The signed-in screens, inside the shell. Each route declares its title, the permission it needs and
 * its sidebar entry once, here: the sidebar lists the entries in this order, and the shell's guard
 * shows a "no access" page instead of a screen whose permission the user lacks.
 */
export const signedInScreens: RouteObject[] = [
  {
    index: true,
    handle: { title: 'Dashboard', sidebar: { label: 'Dashboard', icon: SpaceDashboardOutlinedIcon } } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/dashboard/dashboard-screen')),
  },
  {
    path: 'contacts',
    handle: {
      title: 'Contacts',
      requires: 'contacts:view',
      sidebar: { label: 'Contacts', icon: PeopleAltOutlinedIcon },
    } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/contacts/contacts-screen')),
  },
  {
    path: 'contacts/import',
    handle: { title: 'Import Contacts', requires: 'contacts:view' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/contact-import/import-contacts-screen')),
  },
  {
    path: 'tags',
    handle: { title: 'Tags', requires: 'contacts:view', sidebar: { label: 'Tags', icon: LocalOfferOutlinedIcon } } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/tags/tags-screen')),
  },
  {
    path: 'templates',
    handle: {
      title: 'Templates',
      requires: 'templates:view',
      sidebar: { label: 'Templates', icon: DescriptionOutlinedIcon },
    } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/templates/templates-screen')),
  },
  {
    path: 'broadcast',
    handle: {
      title: 'Broadcasts',
      requires: 'broadcasts:view',
      sidebar: { label: 'Broadcasts', icon: CampaignOutlinedIcon },
    } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/broadcasts/broadcasts-screen')),
  },
  {
    path: 'broadcast/new',
    handle: { title: 'New Broadcast', requires: 'broadcasts:create' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/broadcasts/new-broadcast-screen')),
  },
  {
    path: 'broadcast/:id/edit',
    handle: { title: 'Edit Broadcast', requires: 'broadcasts:edit' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/broadcasts/edit-broadcast-screen')),
  },
  {
    path: 'broadcast/:id/analytics',
    handle: { title: 'Broadcast Analytics', requires: 'analytics:view' } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/broadcasts/broadcast-analytics-screen')),
  },
  {
    path: 'conversations',
    handle: {
      title: 'Conversations',
      requires: 'chats:view',
      sidebar: { label: 'Conversations', icon: ForumOutlinedIcon },
    } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/conversations/conversations-screen')),
    // The same screen with a conversation open; a child route keeps it mounted when the id changes.
    children: [{ path: ':contactId', element: null }],
  },
  {
    path: 'reports',
    handle: {
      title: 'Reports',
      requires: 'analytics:view',
      sidebar: { label: 'Reports', icon: InsightsOutlinedIcon },
    } satisfies RouteHandle,
    lazy: lazyScreen(() => import('@client/features/reports/reports-screen')),
  },
  {
    path: 'settings',
    handle: { title: 'Settings', sidebar: { label: 'Settings', icon: SettingsOutlinedIcon } } satisfies RouteHandle,
    // The app layer composes the Settings tabs, which come from several features.
    lazy: lazyScreen(() => import('@client/app/settings/settings-page')),
  },
];

import { lazy } from 'react';
import ProfileTab from '@client/features/settings/profile-tab';
import { SettingsScreen, type SettingsTabDefinition } from '@client/features/settings/settings-screen';

// The app layer composes the Settings tabs, since each comes from its own feature. The gated panels
// are chunks of their own: most users never open them.
const SETTINGS_TABS: readonly SettingsTabDefinition[] = [
  { key: 'profile', label: 'Profile', Panel: ProfileTab },
  {
    key: 'whatsapp',
    label: 'Messaging API',
    requires: 'settings:view',
    Panel: lazy(() => import('@client/features/whatsapp-settings/messaging-api-tab')),
  },
  {
    key: 'organization',
    label: 'Organization',
    requires: 'settings:view',
    Panel: lazy(() => import('@client/features/organization-settings/organization-tab')),
  },
  {
    key: 'members',
    label: 'Team Members',
    requires: 'members:view',
    Panel: lazy(() => import('@client/features/members/team-members-tab')),
  },
  {
    key: 'roles',
    label: 'Roles & Permissions',
    requires: 'roles:view',
    Panel: lazy(() => import('@client/features/roles/roles-tab')),
  },
  {
    key: 'canned-responses',
    label: 'Canned Responses',
    // Whoever can send inserts them in the composer, so may see them; managing them is a permission of its own.
    requires: ['messages:send', 'chats:respond', 'canned_responses:manage'],
    Panel: lazy(() => import('@client/features/canned-responses/canned-responses-tab')),
  },
];

/** The /settings screen: Profile, Messaging API, Organization, Team Members, Roles & Permissions, Canned Responses. */
export default function SettingsPage() {
  return <SettingsScreen tabs={SETTINGS_TABS} />;
}

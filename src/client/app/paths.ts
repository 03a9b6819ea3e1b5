/**
 * Where screens live. Build links with these instead of writing paths by
 * hand, so a moved screen is one change.
 */

/** The keys of /settings?tab=…; the settings screen maps each to its tab. */
const SETTINGS_TABS = ['profile', 'whatsapp', 'organization', 'members', 'roles', 'canned-responses'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function isSettingsTab(value: string | null | undefined): value is SettingsTab {
  return (SETTINGS_TABS as readonly (string | null | undefined)[]).includes(value);
}

export const CONVERSATION_STATUS_FILTERS = ['all', 'open', 'in_progress', 'resolved'] as const;
export type ConversationStatusFilter = (typeof CONVERSATION_STATUS_FILTERS)[number];

export const paths = {
  home: '/',
  login: '/login',
  signup: '/login?signup=true',
  /** The login screen in invite mode. */
  acceptInvite: (inviteToken: string) => `/login?invite=${encodeURIComponent(inviteToken)}`,
  forgotPassword: '/forgot-password',
  contacts: '/contacts',
  importContacts: '/contacts/import',
  conversations: (status?: ConversationStatusFilter) => (status ? `/conversations?status=${status}` : '/conversations'),
  conversation: (contactId: string) => `/conversations/${encodeURIComponent(contactId)}`,
  templates: '/templates',
  tags: '/tags',
  broadcasts: '/broadcast',
  newBroadcast: (contactId?: string) =>
    contactId ? `/broadcast/new?contactId=${encodeURIComponent(contactId)}` : '/broadcast/new',
  broadcastAnalytics: (broadcastId: string) => `/broadcast/${encodeURIComponent(broadcastId)}/analytics`,
  editBroadcast: (broadcastId: string) => `/broadcast/${encodeURIComponent(broadcastId)}/edit`,
  reports: '/reports',
  settings: (tab?: SettingsTab) => (tab ? `/settings?tab=${tab}` : '/settings'),
} as const;

/** The invitation link shown to users: {origin}/invite/{inviteToken}. */
export function invitationLink(inviteToken: string, origin: string = window.location.origin): string {
  return `${origin}/invite/${encodeURIComponent(inviteToken)}`;
}

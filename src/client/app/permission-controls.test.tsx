import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ByRoleMatcher } from '@testing-library/react';
import type { ContactPage } from '@shared/api/contacts';
import type { RoleDto } from '@shared/api/roles';
import type { TagPage } from '@shared/api/tags';
import { ALL_PERMISSIONS, type Permission } from '@shared/permissions/catalogue';
import { contactFixture, sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderApp } from '@client/testing/test-utils';
import { analytics, broadcast, uuid } from '@client/features/broadcasts/testing/broadcast-fixtures';
import { aishaAndOmar, mockInbox } from '@client/features/conversations/testing/inbox-api';
import { renderInbox } from '@client/features/conversations/testing/render-inbox';

/**
 * Every permission of the catalogue shows something on screen, and only to its holders: for each one, a
 * member whose role holds every other permission (and not those a control also accepts in its place)
 * does not see its controls, while a member holding them all does. CONTROLS maps each permission to
 * its controls; a permission missing from it fails the first test.
 */

/** Where a control lives: each screen is rendered with the answers it needs. */
type Place = 'shell' | 'contacts' | 'tags' | 'templates' | 'broadcasts' | 'analytics' | 'members' | 'roles' | 'canned' | 'inbox';

interface Control {
  place: Place;
  role: ByRoleMatcher;
  name: string | RegExp;
  /** Other permissions that show the same control, which the member must lack too. */
  orWith?: Permission[];
}

const nav = (name: string): Control => ({ place: 'shell', role: 'link', name });
const tab = (name: string, orWith?: Permission[]): Control => ({ place: 'shell', role: 'tab', name, orWith });

const CONTROLS: Record<Permission, Control[]> = {
  'chats:view': [nav('Conversations')],
  'chats:view_all': [{ place: 'inbox', role: 'group', name: 'Assignment' }],
  'chats:respond': [
    { place: 'shell', role: 'switch', name: 'Available' },
    { place: 'inbox', role: 'textbox', name: 'Message', orWith: ['messages:send'] },
  ],
  'chats:assign': [{ place: 'inbox', role: 'button', name: 'Assign' }],
  'chats:manage': [{ place: 'inbox', role: 'button', name: /^Mark as/, orWith: ['chats:respond'] }],
  'messages:view': [{ place: 'inbox', role: 'region', name: 'Messages with Aisha Khan' }],
  'messages:send': [{ place: 'inbox', role: 'textbox', name: 'Message', orWith: ['chats:respond'] }],
  'canned_responses:manage': [{ place: 'canned', role: 'button', name: 'Add Canned Response' }],
  'contacts:view': [nav('Contacts'), nav('Tags')],
  'contacts:create': [{ place: 'contacts', role: 'button', name: 'Add Contact' }],
  'contacts:edit': [{ place: 'contacts', role: 'button', name: 'Edit Aisha Khan' }],
  'contacts:delete': [{ place: 'contacts', role: 'button', name: 'Delete Aisha Khan' }],
  'contacts:import': [{ place: 'contacts', role: 'link', name: 'Import CSV' }],
  'contacts:export': [{ place: 'contacts', role: 'link', name: 'Export CSV' }],
  'contacts:tag': [{ place: 'tags', role: 'button', name: 'Create Tag' }],
  'templates:view': [nav('Templates')],
  'templates:sync': [{ place: 'templates', role: 'button', name: 'Sync Templates' }],
  'broadcasts:view': [nav('Broadcasts')],
  'broadcasts:create': [{ place: 'broadcasts', role: 'link', name: 'New Broadcast' }],
  'broadcasts:edit': [{ place: 'broadcasts', role: 'link', name: 'Edit Spring draft' }],
  'broadcasts:delete': [{ place: 'broadcasts', role: 'button', name: 'Delete Spring draft' }],
  'broadcasts:send': [{ place: 'broadcasts', role: 'button', name: 'Send Spring draft now' }],
  'automation:view': [{ place: 'analytics', role: 'table', name: 'Button rules' }],
  'automation:create': [{ place: 'analytics', role: 'button', name: /^Add rule/ }],
  'automation:edit': [{ place: 'analytics', role: 'button', name: 'Edit the rule of “Track my order”' }],
  'automation:delete': [{ place: 'analytics', role: 'button', name: 'Delete the rule of “Track my order”' }],
  'analytics:view': [{ place: 'broadcasts', role: 'link', name: 'Analytics of Spring draft' }],
  'analytics:view_advanced': [
    { place: 'analytics', role: 'heading', name: 'Button performance' },
    { place: 'analytics', role: 'button', name: /^View/ },
    // The recipients CSV lists recipients: analytics:export alone does not show it.
    { place: 'analytics', role: 'link', name: 'Export CSV' },
  ],
  'analytics:export': [{ place: 'analytics', role: 'link', name: 'Export CSV' }],
  'members:view': [tab('Team Members')],
  'members:invite': [{ place: 'members', role: 'button', name: 'Invite Member' }],
  'members:edit_roles': [{ place: 'members', role: 'button', name: 'Change role of Omar Khalil' }],
  'members:remove': [{ place: 'members', role: 'button', name: 'Remove Omar Khalil' }],
  'roles:view': [tab('Roles & Permissions')],
  'roles:create': [{ place: 'roles', role: 'button', name: 'Create Role' }],
  'roles:edit': [{ place: 'roles', role: 'button', name: 'Edit Support' }],
  'roles:delete': [{ place: 'roles', role: 'button', name: 'Delete Support' }],
  'settings:view': [tab('Messaging API'), tab('Organization')],
};

const broadcastId = uuid(1);
const spring = broadcast({ id: broadcastId, name: 'Spring draft', status: 'draft', totalCount: 0, sentCount: 0, completedAt: null });
const contacts: ContactPage = { data: [contactFixture({ id: 'c-1' })], pagination: { page: 1, limit: 50, total: 1, totalPages: 1, hasNext: false } };
const tags: TagPage = { data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasNext: false } };
const supportRole: RoleDto = {
  id: 'r-support', name: 'Support', description: 'Answers chats', isSystemRole: false, memberCount: 0, permissions: [{ id: 'chats:view' }],
};
const emptyPage = { data: [], pagination: { page: 1, limit: 25, total: 0, totalPages: 0, hasNext: false } };

/** Renders the place for a member holding `permissions`, with the answers its screen asks for. */
function renderPlace(place: Place, permissions: readonly Permission[]) {
  const user = sessionUser({ permissions });
  server.use(
    http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [] })),
    http.get(apiUrl('/contacts'), () => HttpResponse.json(contacts)),
    http.get(apiUrl('/tags'), () => HttpResponse.json(tags)),
    http.get(apiUrl('/templates/local'), () => HttpResponse.json({ ...emptyPage, lastTemplateSync: null })),
    http.get(apiUrl('/broadcast'), () => HttpResponse.json({ data: [spring], pagination: { page: 1, limit: 10, total: 1, totalPages: 1, hasNext: false } })),
    http.get(apiUrl(`/broadcast/${broadcastId}/analytics`), () => HttpResponse.json(analytics())),
    // The broadcast's quick-reply buttons: one has a rule, the other is free for Add rule.
    http.get(apiUrl(`/broadcast/${broadcastId}`), () =>
      HttpResponse.json({ ...spring, buttons: [{ id: '0', text: 'Track my order' }, { id: '1', text: 'Talk to an agent' }] })),
    http.get(apiUrl('/automation/rules'), () =>
      HttpResponse.json({ rules: [{ id: uuid(9), broadcastId, triggerId: '0', triggerText: 'Track my order', actionType: 'do_nothing', targetUserId: null, targetTagId: null }] })),
    http.get(apiUrl('/members'), () => HttpResponse.json({
      members: [{ id: 'm-2', userId: 'u-2', name: 'Omar Khalil', email: 'omar@example.com', role: { id: 'r-support', name: 'Support' }, joinedAt: '2026-02-10T10:00:00.000Z' }],
      total: 1,
    })),
    http.get(apiUrl('/members/invitations'), () => HttpResponse.json({ invitations: [], total: 0, emailConfigured: false })),
    http.get(apiUrl('/members/assignable-roles'), () => HttpResponse.json({ roles: [] })),
    http.get(apiUrl('/roles'), () => HttpResponse.json({ roles: [supportRole] })),
    http.get(apiUrl('/canned-responses'), () => HttpResponse.json(emptyPage)),
  );
  if (place === 'inbox') {
    const { aisha, messages } = aishaAndOmar();
    mockInbox({ conversations: [aisha], messages });
    return renderInbox('/conversations/contact-v-1', permissions);
  }
  const routes: Record<Exclude<Place, 'inbox'>, string> = {
    shell: '/settings?tab=profile',
    contacts: '/contacts',
    tags: '/tags',
    templates: '/templates',
    broadcasts: '/broadcast',
    analytics: `/broadcast/${broadcastId}/analytics`,
    members: '/settings?tab=members',
    roles: '/settings?tab=roles',
    canned: '/settings?tab=canned-responses',
  };
  return renderApp({ route: routes[place], user });
}

/** Lazy screens on a busy machine: each place is given this long to load. */
const LOAD = { timeout: 10_000 };

/** What each place shows once loaded, so an absent control is absent, not late. */
const LOADED: Record<Place, () => Promise<unknown>> = {
  shell: () => screen.findByRole('tab', { name: 'Profile' }, LOAD),
  contacts: () => screen.findByText('Aisha Khan', {}, LOAD),
  tags: () => screen.findByRole('heading', { name: 'Tags' }, LOAD),
  templates: () => screen.findByRole('heading', { name: 'Templates' }, LOAD),
  broadcasts: () => screen.findByText('Spring draft', {}, LOAD),
  analytics: () => screen.findByRole('list', { name: 'Figures' }, LOAD),
  members: () => screen.findByText('omar@example.com', {}, LOAD),
  roles: () => screen.findByText('Answers chats', {}, LOAD),
  canned: () => screen.findByRole('tab', { name: 'Canned Responses', selected: true }, LOAD),
  inbox: () => screen.findAllByText('Aisha Khan', {}, LOAD),
};

/** The API requests the page has open, and when that last changed (msw tells every start and end). */
const network = { open: 0, changedAt: 0 };
const opened = () => {
  network.open += 1;
  network.changedAt = Date.now();
};
const ended = () => {
  network.open -= 1;
  network.changedAt = Date.now();
};
beforeAll(() => {
  server.events.on('request:start', opened);
  server.events.on('request:end', ended);
});
afterAll(() => {
  server.events.removeListener('request:start', opened);
  server.events.removeListener('request:end', ended);
});

/** No request open, and none started or ended for this long: the screen has drawn every answer. */
const QUIET_MS = 200;

/** Resolves once the page's requests are all answered and have stayed so for QUIET_MS. */
async function networkSettled(): Promise<void> {
  await waitFor(() => {
    if (network.open > 0 || Date.now() - network.changedAt < QUIET_MS) throw new Error('requests still open');
  }, LOAD);
}

/**
 * Whether the control shows once its place has loaded. A control that is there appears as soon as its
 * answer does (some wait for one of their own, e.g. Available); one that is not is judged once every
 * request the place made has been answered and drawn.
 */
async function shown(control: Control, permissions: readonly Permission[]): Promise<boolean> {
  renderPlace(control.place, permissions);
  await LOADED[control.place]();
  if (screen.queryAllByRole(control.role, { name: control.name }).length > 0) return true;
  await networkSettled();
  return screen.queryAllByRole(control.role, { name: control.name }).length > 0;
}

test('the table names a control for every permission of the catalogue', () => {
  expect(Object.keys(CONTROLS).sort()).toEqual([...ALL_PERMISSIONS].sort());
  expect(ALL_PERMISSIONS.filter((permission) => CONTROLS[permission].length === 0)).toEqual([]);
});

describe.each(ALL_PERMISSIONS)('%s', (permission) => {
  it.each(CONTROLS[permission].map((control) => [`${control.role} "${String(control.name)}" (${control.place})`, control] as const))(
    'shows %s to a member holding it, and not to one holding every other permission',
    async (_label, control) => {
      expect(await shown(control, ALL_PERMISSIONS)).toBe(true);
      cleanup();
      const lacking = [permission, ...(control.orWith ?? [])];
      expect(await shown(control, ALL_PERMISSIONS.filter((held) => !lacking.includes(held)))).toBe(false);
    },
    // The whole app, rendered twice.
    90_000,
  );
});

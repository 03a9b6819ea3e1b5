/**
 * The permission catalogue. A permission's id is its name (`resource:action`), so role payloads,
 * sessions and Redux DevTools all read the same stable string.
 */

export interface PermissionDefinition {
  id: string;
  name: string;
  description: string;
  category: PermissionCategory;
}

export const PERMISSION_CATEGORIES = [
  'Chats', 'Messages', 'Contacts', 'Templates', 'Broadcasts', 'Automation', 'Analytics', 'Members',
  'Roles', 'Settings',
] as const;
export type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number];

const define = (name: string, category: PermissionCategory, description: string): PermissionDefinition => ({
  id: name, name, category, description,
});

export const PERMISSIONS = [
  define('chats:view', 'Chats', 'Open the inbox and read conversations assigned to you or unassigned'),
  define('chats:view_all', 'Chats', 'See every conversation, filter by All/Mine/Unassigned and see assignment counts'),
  define('chats:respond', 'Chats', 'Reply in conversations, take an unassigned one for yourself, and resolve or reopen those assigned to you'),
  define('chats:assign', 'Chats', 'Assign any conversation to anyone, and unassign it'),
  define('chats:manage', 'Chats', "Change any conversation's status (in progress, resolved, reopened)"),
  define('messages:view', 'Messages', 'Read message history and media'),
  define('messages:send', 'Messages', 'Send messages and media'),
  define('canned_responses:manage', 'Messages', 'Create, edit and delete canned responses (every member who can send inserts them by typing / in a message)'),
  define('contacts:view', 'Contacts', 'See contacts and tags'),
  define('contacts:create', 'Contacts', 'Add contacts'),
  define('contacts:edit', 'Contacts', 'Edit contacts and their notes'),
  define('contacts:delete', 'Contacts', 'Delete and restore contacts'),
  define('contacts:import', 'Contacts', 'Import contacts from CSV files'),
  define('contacts:export', 'Contacts', 'Export contacts'),
  define('contacts:tag', 'Contacts', 'Create, edit, delete and assign tags'),
  define('templates:view', 'Templates', 'See message templates'),
  define('templates:sync', 'Templates', 'Sync message templates from WhatsApp'),
  define('broadcasts:view', 'Broadcasts', 'See broadcasts and their progress'),
  define('broadcasts:create', 'Broadcasts', 'Create broadcasts'),
  define('broadcasts:edit', 'Broadcasts', 'Edit broadcasts'),
  define('broadcasts:delete', 'Broadcasts', 'Delete broadcasts'),
  define('broadcasts:send', 'Broadcasts', 'Send broadcasts'),
  define('automation:view', 'Automation', 'See button automation rules'),
  define('automation:create', 'Automation', 'Create button automation rules'),
  define('automation:edit', 'Automation', 'Edit button automation rules'),
  define('automation:delete', 'Automation', 'Delete button automation rules'),
  define('analytics:view', 'Analytics', 'See the dashboard and broadcast analytics'),
  define('analytics:view_advanced', 'Analytics', 'See advanced analytics such as agent distribution'),
  define('analytics:export', 'Analytics', 'Export analytics'),
  define('members:view', 'Members', 'See team members and pending invitations'),
  define('members:invite', 'Members', 'Invite new members and copy invitation links'),
  define('members:edit_roles', 'Members', "Change members' roles"),
  define('members:remove', 'Members', 'Remove members from the organization'),
  define('roles:view', 'Roles', 'See roles and permissions'),
  define('roles:create', 'Roles', 'Create custom roles'),
  define('roles:edit', 'Roles', 'Edit custom roles'),
  define('roles:delete', 'Roles', 'Delete custom roles'),
  define('settings:view', 'Settings', 'See and change the WhatsApp Business API configuration and the organization settings'),
] as const satisfies readonly PermissionDefinition[];

export type Permission = (typeof PERMISSIONS)[number]['name'];

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSIONS.map((p) => p.name);

const known = new Set<string>(ALL_PERMISSIONS);
export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/** Permissions grouped by category, in catalogue order. */
export function permissionsByCategory(): Record<PermissionCategory, PermissionDefinition[]> {
  const groups = Object.fromEntries(PERMISSION_CATEGORIES.map((c) => [c, [] as PermissionDefinition[]]));
  for (const permission of PERMISSIONS) groups[permission.category].push(permission);
  return groups as Record<PermissionCategory, PermissionDefinition[]>;
}

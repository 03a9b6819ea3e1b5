import { ALL_PERMISSIONS, type Permission } from './catalogue';
import { ROLE_TEMPLATES } from './role-templates';

/** The roles every new organization starts with. System roles cannot be edited or deleted. */
export interface SystemRoleDefinition {
  name: string;
  description: string;
  permissions: readonly Permission[];
}

export const ADMIN_ROLE_NAME = 'Admin';

const templatePermissions = (id: string): readonly Permission[] =>
  ROLE_TEMPLATES.find((t) => t.id === id)?.permissions ?? [];

const ROLE_MANAGEMENT: readonly Permission[] = ['roles:create', 'roles:edit', 'roles:delete'];

export const SYSTEM_ROLES: readonly SystemRoleDefinition[] = [
  { name: ADMIN_ROLE_NAME, description: 'Full access to everything in the organization', permissions: ALL_PERMISSIONS },
  {
    name: 'Manager',
    description: 'Runs the team and the messaging channel; cannot change role definitions',
    permissions: ALL_PERMISSIONS.filter((p) => !ROLE_MANAGEMENT.includes(p)),
  },
  {
    name: 'Team Lead',
    description: 'Leads agents: every conversation, assignments, contacts and analytics',
    // The Team Supervisor template's 20, and sending what it composes (migration 0024 gave it to existing Team Leads).
    permissions: [...templatePermissions('team-supervisor'), 'broadcasts:send'],
  },
  {
    name: 'Agent',
    description: 'Answers customer conversations',
    permissions: templatePermissions('chat-agent'),
  },
];

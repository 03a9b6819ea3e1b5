import type { Permission } from './catalogue';

/** A role template to start a new role from; the five templates' permission counts (7, 13, 20, 7, 21) are fixed. */
export interface RoleTemplate {
  id: string;
  name: string;
  description: string;
  permissions: readonly Permission[];
}

const CHAT_AGENT: readonly Permission[] = [
  'chats:view', 'chats:respond', 'messages:view', 'messages:send', 'contacts:view', 'contacts:create',
  'templates:view',
];

const SENIOR_AGENT: readonly Permission[] = [
  ...CHAT_AGENT, 'chats:view_all', 'chats:assign', 'contacts:edit', 'contacts:tag', 'broadcasts:view',
  'analytics:view',
];

const TEAM_SUPERVISOR: readonly Permission[] = [
  ...SENIOR_AGENT, 'chats:manage', 'contacts:delete', 'contacts:import', 'members:view', 'automation:view',
  'analytics:view_advanced', 'broadcasts:create',
];

export const ROLE_TEMPLATES: readonly RoleTemplate[] = [
  {
    id: 'chat-agent',
    name: 'Chat Agent',
    description: 'Answers customer conversations and adds new contacts',
    permissions: CHAT_AGENT,
  },
  {
    id: 'senior-agent',
    name: 'Senior Agent',
    description: 'Handles every conversation, assigns work and keeps contacts and tags tidy',
    permissions: SENIOR_AGENT,
  },
  {
    id: 'team-supervisor',
    name: 'Team Supervisor',
    description: 'Leads the support team: conversation status, imports, members and advanced analytics',
    permissions: TEAM_SUPERVISOR,
  },
  {
    id: 'quality-analyst',
    name: 'Quality Analyst',
    description: 'Reviews conversations and analytics without replying',
    permissions: [
      'chats:view', 'chats:view_all', 'messages:view', 'contacts:view', 'broadcasts:view', 'analytics:view',
      'analytics:view_advanced',
    ],
  },
  {
    id: 'marketing-manager',
    name: 'Marketing Manager',
    description: 'Runs broadcasts and automation, manages the audience and reads campaign analytics',
    permissions: [
      'contacts:view', 'contacts:create', 'contacts:edit', 'contacts:import', 'contacts:export', 'contacts:tag',
      'templates:view', 'templates:sync',
      'broadcasts:view', 'broadcasts:create', 'broadcasts:edit', 'broadcasts:delete', 'broadcasts:send',
      'automation:view', 'automation:create', 'automation:edit', 'automation:delete',
      'analytics:view', 'analytics:view_advanced', 'analytics:export',
      'chats:view',
    ],
  },
];

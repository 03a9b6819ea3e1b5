import type { SessionUser } from '@shared/api/auth';
import type { Contact } from '@shared/api/contacts';
import { ALL_PERMISSIONS, type Permission } from '@shared/permissions/catalogue';

/**
 * A signed-in user for tests: every permission unless `permissions` says otherwise.
 * `sessionUser({ permissions: ['contacts:view'] })`.
 */
export function sessionUser(overrides: { name?: string; email?: string; permissions?: readonly Permission[]; roleName?: string } = {}): SessionUser {
  return {
    userId: '00000000-0000-7000-8000-000000000001',
    name: overrides.name ?? 'Amira Haddad',
    email: overrides.email ?? 'amira@example.com',
    organization: {
      organizationId: '00000000-0000-7000-8000-0000000000aa',
      organizationName: 'Oasis Spices',
      role: { id: '00000000-0000-7000-8000-0000000000bb', name: overrides.roleName ?? 'Admin', description: null },
      permissions: [...(overrides.permissions ?? ALL_PERMISSIONS)],
    },
  };
}

/** A contact as the API answers it: a UAE number, no tags, no notes, never deleted, unless overridden. */
export function contactFixture(overrides: Partial<Contact> & { id: string }): Contact {
  return {
    name: 'Aisha Khan',
    profileName: null,
    countryCode: '+971',
    phoneNumber: '501234567',
    tags: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    deletedAt: null,
    optedOutAt: null,
    optOutSource: null,
    _count: { notes: 0 },
    ...overrides,
  };
}

import { isActivePath, NAV_ITEMS } from './nav-items';

describe('sidebar items', () => {
  it('come from the route table: label, path and permission, in the sidebar order', () => {
    expect(NAV_ITEMS.map(({ label, path, requires }) => ({ label, path, requires }))).toEqual([
      { label: 'Dashboard', path: '/', requires: undefined },
      { label: 'Contacts', path: '/contacts', requires: 'contacts:view' },
      { label: 'Tags', path: '/tags', requires: 'contacts:view' },
      { label: 'Templates', path: '/templates', requires: 'templates:view' },
      { label: 'Broadcasts', path: '/broadcast', requires: 'broadcasts:view' },
      { label: 'Conversations', path: '/conversations', requires: 'chats:view' },
      { label: 'Reports', path: '/reports', requires: 'analytics:view' },
      { label: 'Settings', path: '/settings', requires: undefined },
    ]);
    expect(NAV_ITEMS.every((item) => typeof item.icon === 'object' || typeof item.icon === 'function')).toBe(true);
  });

  it.each([
    ['/', '/', true],
    ['/', '/contacts', false],
    ['/contacts', '/contacts', true],
    ['/contacts', '/contacts/import', true],
    ['/contacts', '/contactsx', false],
    ['/broadcast', '/broadcast/b-1/analytics', true],
    ['/conversations', '/conversations/c-1', true],
  ])('isActivePath(%s, %s) is %s', (itemPath, pathname, active) => {
    expect(isActivePath(itemPath, pathname)).toBe(active);
  });
});

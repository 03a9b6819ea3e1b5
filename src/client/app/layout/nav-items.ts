import type { RouteObject } from 'react-router-dom';
import type { Permission } from '@shared/permissions/catalogue';
import { paths } from '../paths';
import { isRouteHandle, type SidebarEntry } from '../router/route-handle';
import { signedInScreens } from '../router/signed-in-screens';

export interface NavItem extends SidebarEntry {
  path: string;
  /** Shown only to holders of this permission; absent means always shown. */
  requires?: Permission;
}

function navItemOf(route: RouteObject): NavItem[] {
  const handle: unknown = route.handle;
  if (!isRouteHandle(handle) || !handle.sidebar) return [];
  const path = route.index ? paths.home : `/${route.path ?? ''}`;
  return [{ ...handle.sidebar, path, ...(handle.requires && { requires: handle.requires }) }];
}

/** The sidebar, in order: the signed-in routes that declare a sidebar entry, with their permission. */
export const NAV_ITEMS: readonly NavItem[] = signedInScreens.flatMap(navItemOf);

/** Whether a sidebar item is the current section (/contacts/import belongs to Contacts). */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === paths.home) return pathname === paths.home;
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

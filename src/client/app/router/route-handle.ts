import type SvgIcon from '@mui/material/SvgIcon';
import { PRODUCT_NAME } from '@shared/constants';
import type { Permission } from '@shared/permissions/catalogue';

/** How a route appears in the sidebar. */
export interface SidebarEntry {
  label: string;
  icon: typeof SvgIcon;
}

/** What a route of the table declares besides its screen: its title, who may see it, its menu entry. */
export interface RouteHandle {
  /** The screen title; the page title becomes "{title} | Parley". */
  title: string;
  /**
   * Only holders of this permission see the screen (the shell shows a "no access" page to others)
   * and its sidebar entry. Absent: every signed-in user.
   */
  requires?: Permission;
  /** Present when the route has an item in the sidebar. */
  sidebar?: SidebarEntry;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value && typeof value.title === 'string';
}

/** "{Screen} | Parley", or the bare product name for unknown routes. */
export function pageTitle(screenTitle: string | undefined): string {
  return screenTitle ? `${screenTitle} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

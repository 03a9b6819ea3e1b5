import { PRODUCT_NAME } from '@shared/constants';

/** What a route of the table declares besides its screen. */
export interface RouteHandle {
  /** The screen title; the page title becomes "{title} | Parley". */
  title: string;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value && typeof value.title === 'string';
}

/** "{Screen} | Parley", or the bare product name for unknown routes (SPEC.md 2). */
export function pageTitle(screenTitle: string | undefined): string {
  return screenTitle ? `${screenTitle} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

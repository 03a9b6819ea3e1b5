import type { Permission } from './catalogue';

/** True when the holder has every one of the required permissions. */
export function hasPermission(held: readonly string[] | undefined, required: Permission): boolean {
  return held?.includes(required) ?? false;
}

import type { ComponentType } from 'react';

/** A lazily loaded screen: its code is a chunk of its own, fetched on first visit. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

import { VirtuosoMockContext } from 'react-virtuoso';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { fixedMediaQuery } from '@client/testing/polyfills';
import { renderWithProviders, type RenderOptions } from '@client/testing/test-utils';
import ConversationsScreen from '../conversations-screen';

/** The screens the inbox lays out for: a phone (one pane) or a desktop with room for three panes. */
export type Screen = 'phone' | 'desktop';

/** jsdom matches no media query; this answers the inbox's two as the chosen screen would. */
function pretendScreen(screen: Screen): void {
  jest.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fixedMediaQuery(query, screen === 'phone' ? query.includes('48em') : query.includes('min-width: 1400px')),
  );
}

/**
 * The Conversations screen at `route` for a signed-in user (every permission unless given), on a wide
 * desktop unless `screen` says otherwise. Virtuoso measures nothing in jsdom: its mock context gives it
 * a viewport and row heights, so rows render.
 */
export function renderInbox(
  route = '/conversations',
  permissions?: readonly Permission[],
  screen: Screen = 'desktop',
  options: Pick<RenderOptions, 'openEventStream' | 'tabSharing' | 'alerts'> = {},
) {
  pretendScreen(screen);
  return renderWithProviders(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 90 }}>
      <ConversationsScreen />
    </VirtuosoMockContext.Provider>,
    { route, path: '/conversations/:contactId?', user: permissions ? sessionUser({ permissions }) : sessionUser(), ...options },
  );
}

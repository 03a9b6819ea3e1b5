import { combineSlices, configureStore, type DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import { api } from '@client/api/base-api';
import { browserServices, type ClientServices } from '@client/api/client-services';
import { attentionSlice } from './attention/attention-slice';
import { configErrorSlice } from './config-error/config-error-slice';
import { slowDownSlice } from './slow-down/slow-down-slice';
import { liveSlice } from '@client/features/conversations/live/live-slice';
import type { readableState } from './devtools-state';

// Server data lives in the one API slice; UI-only slices (the configuration-error modal, the rate limit's wait, the title's unread count, the inbox's live stream) join here.
const rootReducer = combineSlices(api, configErrorSlice, slowDownSlice, attentionSlice, liveSlice);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Redux DevTools: configureStore's default (attached, in production too). In development they show each
 * conversation's messages as one ordered list rather than the segments the store keeps; that view
 * (devtools-state.ts) is loaded apart, so production bundles leave it out, and until it has loaded the
 * state shows as it is.
 */
function devTools(): DevToolsEnhancerOptions | true {
  if (process.env.NODE_ENV !== 'production') {
    let readable: typeof readableState | undefined;
    void import('./devtools-state').then((view) => (readable = view.readableState));
    return { stateSanitizer: (state) => (readable ? readable(state) : state) };
  }
  return true;
}

/**
 * A fresh store: one per browser tab, one per test. `services` replaces browser side effects
 * (tests pass a spy for `reloadPage`).
 */
export function makeStore(preloadedState?: Partial<RootState>, services: Partial<ClientServices> = {}) {
  const extraArgument: ClientServices = { ...browserServices, ...services };
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument } }).concat(api.middleware),
    devTools: devTools(),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

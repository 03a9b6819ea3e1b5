import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '@client/api/base-api';
import { browserServices, type ClientServices } from '@client/api/client-services';
import { configErrorSlice } from './config-error/config-error-slice';

// Server data lives in the one API slice; UI-only slices (the configuration-error modal) join here.
const rootReducer = combineSlices(api, configErrorSlice);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A fresh store: one per browser tab, one per test. `services` replaces browser side effects
 * (tests pass a spy for `reloadPage`). Redux DevTools attach automatically.
 */
export function makeStore(preloadedState?: Partial<RootState>, services: Partial<ClientServices> = {}) {
  const extraArgument: ClientServices = { ...browserServices, ...services };
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

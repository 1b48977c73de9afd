// The one Redux store of the app, created by the shell (ARCHITECTURE §3). Remotes add
// their slices with `rootReducer.inject(slice)` and declare them by augmenting
// LazyLoadedSlices.
import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../api/base-api';
import { i18n } from '../i18n/instance';
import { startSessionPersistence } from './persistence';
import { applyPriceColours } from '../session/price-colours';
import { languageChanged, selectPriceColours, sessionSlice } from './session-slice';
import { uiSlice } from './ui-slice';

/** Slices injected later by remotes: `declare module` this interface to type them. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(sessionSlice, uiSlice, api).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

// Query args may carry an onError callback; RTK Query keeps args in state as originalArgs.
const NON_SERIALIZABLE_PATHS = [/^api\.(queries|mutations)\..*\.originalArgs/];

export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  startSessionPersistence(listener);
  // i18next shows the store's language. A change the user makes has its texts fetched first
  // (useChangeLanguage), so the switch is immediate and renders with the store's.
  listener.startListening({ actionCreator: languageChanged, effect: ({ payload }) => void i18n.changeLanguage(payload) });
  // The page's up/down colours follow the store: a choice, or a new language while none is made.
  listener.startListening({
    predicate: (_action, current, previous) => selectPriceColours(current as RootState) !== selectPriceColours(previous as RootState),
    effect: (_action, { getState }) => applyPriceColours(selectPriceColours(getState() as RootState)),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ serializableCheck: { ignoredPaths: NON_SERIALIZABLE_PATHS } })
        .prepend(listener.middleware)
        .concat(api.middleware),
  });
  applyPriceColours(selectPriceColours(store.getState()));
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

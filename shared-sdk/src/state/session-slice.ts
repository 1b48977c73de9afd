// The session in Redux (spec §3, §4). Reducers stay pure; persistence to localStorage
// runs in the listener middleware (persistence.ts).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Lang } from '../i18n/languages';
import { effectivePriceColours, type PriceColours } from '../session/price-colours';
import { isVip, readStoredLang, readStoredPriceColours, readStoredSession, type UserInfo } from '../session/storage';

export interface SessionState {
  token: string | null;
  account: string | null;
  userInfo: UserInfo | null;
  lang: Lang;
  /** The customer's up/down colours; null until they choose (then the language's convention applies). */
  priceColours: PriceColours | null;
}

/** The stored session, language and price colours, read when the store is created. */
export function storedSessionState(): SessionState {
  return { ...readStoredSession(), lang: readStoredLang(), priceColours: readStoredPriceColours() };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: storedSessionState,
  reducers: {
    loggedIn(state, action: PayloadAction<{ token: string; account: string }>) {
      state.token = action.payload.token;
      state.account = action.payload.account;
    },
    userInfoLoaded(state, action: PayloadAction<UserInfo>) {
      state.userInfo = action.payload;
    },
    /** The user logged out: login and cached user info go. */
    loggedOut(state) {
      state.token = null;
      state.account = null;
      state.userInfo = null;
    },
    /** The server ended the session (unauthorised answer): token and account go. */
    sessionExpired(state) {
      state.token = null;
      state.account = null;
    },
    languageChanged(state, action: PayloadAction<Lang>) {
      state.lang = action.payload;
    },
    priceColoursChanged(state, action: PayloadAction<PriceColours>) {
      state.priceColours = action.payload;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectAccount: (state) => state.account,
    selectUserInfo: (state) => state.userInfo,
    selectLang: (state) => state.lang,
    /** The colours every screen shows: the customer's choice, else their language's convention. */
    selectPriceColours: (state) => effectivePriceColours(state.priceColours, state.lang),
    selectIsLoggedIn: (state) => state.token !== null && state.account !== null,
    selectIsVip: (state) => isVip(state.userInfo),
  },
});

export const { loggedIn, userInfoLoaded, loggedOut, sessionExpired, languageChanged, priceColoursChanged } = sessionSlice.actions;
export const { selectToken, selectAccount, selectUserInfo, selectLang, selectPriceColours, selectIsLoggedIn, selectIsVip } = sessionSlice.selectors;

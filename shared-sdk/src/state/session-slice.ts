// The session in Redux (spec §3, §4). Reducers stay pure; persistence to localStorage
// runs in the listener middleware (persistence.ts).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Lang } from '../i18n/languages';
import { isVip, readStoredLang, readStoredSession, type UserInfo } from '../session/storage';

export interface SessionState {
  token: string | null;
  account: string | null;
  userInfo: UserInfo | null;
  lang: Lang;
}

/** The stored session and language, read when the store is created. */
export function storedSessionState(): SessionState {
  return { ...readStoredSession(), lang: readStoredLang() };
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
  },
  selectors: {
    selectToken: (state) => state.token,
    selectAccount: (state) => state.account,
    selectUserInfo: (state) => state.userInfo,
    selectLang: (state) => state.lang,
    selectIsLoggedIn: (state) => state.token !== null && state.account !== null,
    selectIsVip: (state) => isVip(state.userInfo),
  },
});

export const { loggedIn, userInfoLoaded, loggedOut, sessionExpired, languageChanged } = sessionSlice.actions;
export const { selectToken, selectAccount, selectUserInfo, selectLang, selectIsLoggedIn, selectIsVip } = sessionSlice.selectors;

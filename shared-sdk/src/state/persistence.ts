// Keeps localStorage in step with the session slice, outside the reducers.
import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { unauthorizedRedirectDone } from '../protocol/unauthorized';
import { clearLogin, clearUserInfo, storeLang, storeLogin, storePriceColours, storeUserInfo } from '../session/storage';
import { languageChanged, loggedIn, loggedOut, priceColoursChanged, sessionExpired, userInfoLoaded } from './session-slice';

export function startSessionPersistence(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    actionCreator: loggedIn,
    effect: ({ payload }) => {
      storeLogin(payload.token, payload.account);
      // A new session: a later session end may redirect again.
      unauthorizedRedirectDone();
    },
  });
  listener.startListening({ actionCreator: userInfoLoaded, effect: ({ payload }) => storeUserInfo(payload) });
  listener.startListening({
    actionCreator: loggedOut,
    effect: () => {
      clearLogin();
      clearUserInfo();
    },
  });
  listener.startListening({ actionCreator: sessionExpired, effect: () => clearLogin() });
  listener.startListening({ actionCreator: languageChanged, effect: ({ payload }) => storeLang(payload) });
  listener.startListening({ actionCreator: priceColoursChanged, effect: ({ payload }) => storePriceColours(payload) });
}

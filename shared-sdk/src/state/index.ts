export { useAppDispatch, useAppSelector, useAppStore, usePageTitle } from './hooks';
export { startSessionPersistence } from './persistence';
export {
  languageChanged,
  loggedIn,
  loggedOut,
  priceColoursChanged,
  selectAccount,
  selectIsLoggedIn,
  selectIsVip,
  selectLang,
  selectPriceColours,
  selectToken,
  selectUserInfo,
  sessionExpired,
  sessionSlice,
  storedSessionState,
  userInfoLoaded,
  type SessionState,
} from './session-slice';
export { makeStore, rootReducer, type AppDispatch, type AppStore, type LazyLoadedSlices, type RootState } from './store';
export {
  initialUiState,
  selectBottomMenuVisible,
  selectCurrentGood,
  selectHeaderTitle,
  selectHeaderVisible,
  selectTargetPath,
  setBottomMenuVisible,
  setCurrentGood,
  setHeader,
  setTargetPath,
  uiSlice,
  type CurrentGood,
  type UiState,
} from './ui-slice';

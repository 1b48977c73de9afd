export {
  clearLogin,
  clearUserInfo,
  isLoggedIn,
  isVip,
  readStoredLang,
  readStoredSession,
  storeLang,
  storeLogin,
  storeUserInfo,
  type StoredSession,
  type UserInfo,
} from './storage';

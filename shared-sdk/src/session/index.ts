export {
  clearLogin,
  clearUserInfo,
  isLoggedIn,
  isVip,
  readStoredLang,
  readStoredPriceColours,
  readStoredSession,
  storeLang,
  storePriceColours,
  storeLogin,
  storeUserInfo,
  type StoredSession,
  type UserInfo,
} from './storage';
export { DEFAULT_PRICE_COLOURS, PRICE_COLOURS, applyPriceColours, effectivePriceColours, isPriceColours, type PriceColours } from './price-colours';

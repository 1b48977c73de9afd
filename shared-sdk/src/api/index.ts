export { API_TAG_TYPES, api, kabutoBaseQuery, type ApiTagType, type KabutoQueryArgs, type KabutoQueryError } from './base-api';
export {
  containsSymbol,
  useIsOnWatchlistQuery,
  useLazyIsOnWatchlistQuery,
  watchlistApi,
  type WatchlistLookupArgs,
} from './watchlist';
export { configValue, siteConfigApi, useGetSiteConfigQuery, type SiteConfigEntry } from './site-config';

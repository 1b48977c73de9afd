// Watchlist lookup (spec §7): user service, segment Optionallist, offset 0 and the
// caller's type; true when the given symbol is among the returned entries.
import { api } from './base-api';

export interface WatchlistLookupArgs {
  symbol: string;
  type?: string;
}

/**
 * True when any value of the collection (an array, or an object map as the spec's listing
 * is) has this symbol. Symbols are compared as text, so 7203 and '7203' match.
 */
export function containsSymbol(collection: unknown, symbol: string): boolean {
  if (typeof collection !== 'object' || collection === null) return false;
  const entries: unknown[] = Array.isArray(collection) ? collection : Object.values(collection);
  return entries.some(
    (entry) =>
      typeof entry === 'object' &&
      entry !== null &&
      'symbol' in entry &&
      entry.symbol !== undefined &&
      entry.symbol !== null &&
      String(entry.symbol) === symbol,
  );
}

export const watchlistApi = api.injectEndpoints({
  endpoints: (builder) => ({
    isOnWatchlist: builder.query<boolean, WatchlistLookupArgs>({
      // Failure handling of this lookup is not in the spec: no toast; a failed lookup reads as "not on the list".
      query: ({ type }) => ({ group: 'user', action: 'Optionallist', params: { offset: 0, type }, silent: true }),
      transformResponse: (data: unknown, _meta, { symbol }) => containsSymbol(data, symbol),
      providesTags: ['Watchlist'],
    }),
  }),
});

export const { useIsOnWatchlistQuery, useLazyIsOnWatchlistQuery } = watchlistApi;

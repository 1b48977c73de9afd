// Market calls (docs/api/market.md), injected by this remote into the one base api of
// @kabuto/shared-sdk: the market team ships a call by releasing mf-market alone, since the
// SDK is a federation singleton provided by the shell (ARCHITECTURE §3). Quotes, depth and
// watchlist rows stay live: once a cache entry has its first answer, onCacheEntryAdded
// subscribes the entry's codes on the shared /ws connection (the SDK's WebSocket client)
// and writes every push into the cached data, until the entry is removed. Prices are
// integer tenths of a yen, as on the wire.
import { api, streamMarketUpdates, type Lang } from '@kabuto/shared-sdk';
import type {
  Depth,
  InstrumentKind,
  KLineInterval,
  KLines,
  ListRow,
  MarketQuote,
  NewsDetail,
  NewsPage,
  PendingRow,
  PriceAdjustment,
  Quote,
  Ranking,
  RankingType,
  SearchHistoryAnswer,
  SearchHistoryItem,
  SearchResult,
  StocksPage,
  WatchlistAnswer,
  WatchlistItem,
  WatchlistOrder,
} from '@kabuto/shared-sdk/schemas';

// The answers' types are the shared wire schemas' (shared-sdk/src/schemas/market.ts), the
// same ones the server's views are typed with: the two sides cannot drift.
export type {
  DepthLevel,
  Depth,
  InstrumentKind,
  InstrumentNames,
  KLineBar,
  KLineInterval,
  KLines,
  ListRow,
  MarketPhase,
  MarketQuote,
  NewsDetail,
  NewsItem,
  NewsPage,
  PendingRow,
  PriceAdjustment,
  Quote,
  Ranking,
  RankingType,
  SearchHistoryItem,
  SearchResult,
  SpecialQuoteState,
  StocksPage,
  Tenths,
  WatchlistItem,
} from '@kabuto/shared-sdk/schemas';
export { KLINE_INTERVALS, PRICE_ADJUSTMENTS } from '@kabuto/shared-sdk/constants';

export interface StocksArgs {
  kind?: InstrumentKind | 'all';
  offset?: number;
  limit?: number;
  /** false: no live stream for this chunk (one connection follows at most 50 codes). Default true. */
  live?: boolean;
}

export interface NewsArgs {
  lang: Lang;
  code?: string;
  limit?: number;
}

/** News page size of the infinite list. */
export const NEWS_PAGE_SIZE = 20;

/** A row with a live quote (ListRow or a watchlist item's quote) takes the pushed fields; names and sector stay. */
export function mergeQuote<T extends Quote>(row: T, pushed: Quote): T {
  return { ...row, ...pushed, name: row.name };
}

/**
 * One connection may follow at most 50 codes per channel (docs/api/market.md §6), shared
 * by every list on screen: a long watchlist streams its first 30 rows (the rest show the
 * prices of their last fetch), leaving room for the other lists of the page.
 */
export const WATCHLIST_LIVE_CODES = 30;
/**
 * Streamed entries leave the cache (and their codes the connection) soon after their last
 * screen unmounts, so moving between boards never piles up past the connection's limit.
 */
export const STREAMED_KEEP_SECONDS = 5;

/** Codes of the rows that have live statistics; pending rows are left out (nothing to push yet). */
export function liveCodes(rows: readonly (ListRow | PendingRow | MarketQuote)[]): string[] {
  return rows.filter((row) => !('ready' in row) || row.ready).map((row) => row.code);
}

/**
 * The codes a list entry streams, read from its first answer; null when the entry went
 * away before that answer (nothing to stream into). A list's codes are fixed at its first
 * answer: a refetch that brings new rows streams them once the entry is created again.
 */
export async function codesOfFirstAnswer<T>(cacheDataLoaded: Promise<{ data: T }>, codesOf: (data: T) => string[]): Promise<string[] | null> {
  try {
    const { data } = await cacheDataLoaded;
    return codesOf(data);
  } catch {
    return null;
  }
}

export const marketApi = api.enhanceEndpoints({ addTagTypes: ['SearchHistory'] }).injectEndpoints({
  endpoints: (builder) => ({
    getStocks: builder.query<StocksPage, StocksArgs>({
      query: ({ kind = 'stock', offset = 0, limit = 50 }) => ({ group: 'market', action: 'stocks', params: { kind, offset, limit }, silent: true }),
      keepUnusedDataFor: STREAMED_KEEP_SECONDS,
      async onCacheEntryAdded({ live = true }, lifecycle) {
        if (!live) return;
        const codes = await codesOfFirstAnswer(lifecycle.cacheDataLoaded, (data) => liveCodes(data.items));
        if (!codes?.length) return;
        await streamMarketUpdates<StocksPage, Quote>(lifecycle, {
          channel: 'quote',
          codes,
          apply: (draft, { data: quote }) => {
            const index = draft.items.findIndex((row) => row.code === quote.code);
            const row = draft.items[index];
            if (row && row.ready) draft.items[index] = mergeQuote(row, quote);
          },
        });
      },
    }),

    getRankings: builder.query<Ranking, { type: RankingType; limit?: number }>({
      query: ({ type, limit = 20 }) => ({ group: 'market', action: 'rankings', params: { type, limit }, silent: true }),
      providesTags: ['Quotes'],
      keepUnusedDataFor: STREAMED_KEEP_SECONDS,
      // Rows keep their place between refetches (a live re-sort would make rows jump under a finger).
      async onCacheEntryAdded(_args, lifecycle) {
        const codes = await codesOfFirstAnswer(lifecycle.cacheDataLoaded, (data) => liveCodes(data.items));
        if (!codes?.length) return;
        await streamMarketUpdates<Ranking, Quote>(lifecycle, {
          channel: 'quote',
          codes,
          apply: (draft, { data: quote }) => {
            const index = draft.items.findIndex((row) => row.code === quote.code);
            const row = draft.items[index];
            if (row) draft.items[index] = mergeQuote(row, quote);
          },
        });
      },
    }),

    getQuote: builder.query<MarketQuote, { code: string }>({
      query: ({ code }) => ({ group: 'market', action: 'quote', params: { code }, silent: true }),
      keepUnusedDataFor: STREAMED_KEEP_SECONDS,
      onCacheEntryAdded: ({ code }, lifecycle) =>
        streamMarketUpdates<MarketQuote, Quote>(lifecycle, {
          channel: 'quote',
          codes: [code],
          apply: (draft, { data: quote }) => {
            Object.assign(draft, mergeQuote(draft, quote));
          },
        }),
    }),

    getDepth: builder.query<Depth, { code: string }>({
      query: ({ code }) => ({ group: 'market', action: 'depth', params: { code }, silent: true }),
      keepUnusedDataFor: STREAMED_KEEP_SECONDS,
      onCacheEntryAdded: ({ code }, lifecycle) =>
        streamMarketUpdates<Depth, Depth>(lifecycle, {
          channel: 'depth',
          codes: [code],
          apply: (draft, { data: depth }) => {
            Object.assign(draft, depth);
          },
        }),
    }),

    getKLines: builder.query<KLines, { code: string; interval: KLineInterval; adjust: PriceAdjustment; limit?: number }>({
      query: ({ code, interval, adjust, limit }) => ({ group: 'market', action: 'klines', params: { code, interval, adjust, limit }, silent: true }),
      // Intraday bars grow as the session trades: a re-opened chart asks again after a minute.
      keepUnusedDataFor: 60,
    }),

    searchStocks: builder.query<SearchResult, { q: string; limit?: number }>({
      query: ({ q, limit }) => ({ group: 'market', action: 'search', params: { q, limit }, silent: true }),
      keepUnusedDataFor: 30,
      // A signed-in search is saved to the history on the server: show it when the user comes back.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(marketApi.util.invalidateTags(['SearchHistory']));
        } catch {
          // The failure is on the query's own state; nothing was saved.
        }
      },
    }),

    getSearchHistory: builder.query<SearchHistoryItem[], void>({
      query: () => ({ group: 'market', action: 'searchHistory', silent: true }),
      transformResponse: (data: SearchHistoryAnswer) => data.items,
      providesTags: ['SearchHistory'],
    }),

    clearSearchHistory: builder.mutation<{ cleared: number }, void>({
      query: () => ({ group: 'market', action: 'searchHistoryClear' }),
      invalidatesTags: ['SearchHistory'],
    }),

    getWatchlist: builder.query<WatchlistItem[], void>({
      query: () => ({ group: 'market', action: 'watchlist', silent: true }),
      transformResponse: (data: WatchlistAnswer) => data.items,
      providesTags: ['Watchlist'],
      keepUnusedDataFor: STREAMED_KEEP_SECONDS,
      async onCacheEntryAdded(_args, lifecycle) {
        const codes = await codesOfFirstAnswer(lifecycle.cacheDataLoaded, (items) => items.slice(0, WATCHLIST_LIVE_CODES).map((item) => item.code));
        if (!codes?.length) return;
        await streamMarketUpdates<WatchlistItem[], Quote>(lifecycle, {
          channel: 'quote',
          codes,
          apply: (draft, { data: quote }) => {
            const item = draft.find((entry) => entry.code === quote.code);
            if (item) item.quote = mergeQuote(item.quote, quote);
          },
        });
      },
    }),

    addToWatchlist: builder.mutation<{ code: string; on: true }, { code: string }>({
      query: ({ code }) => ({ group: 'market', action: 'watchlistAdd', params: { code } }),
      invalidatesTags: ['Watchlist'],
    }),

    removeFromWatchlist: builder.mutation<{ code: string; on: false }, { code: string }>({
      query: ({ code }) => ({ group: 'market', action: 'watchlistRemove', params: { code } }),
      invalidatesTags: ['Watchlist'],
    }),

    reorderWatchlist: builder.mutation<WatchlistOrder, { codes: string[] }>({
      query: ({ codes }) => ({ group: 'market', action: 'watchlistReorder', params: { codes: codes.join(',') } }),
      // The list moves at once; a refused reorder puts it back.
      async onQueryStarted({ codes }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          marketApi.util.updateQueryData('getWatchlist', undefined, (draft) => {
            draft.sort((a, b) => codes.indexOf(a.code) - codes.indexOf(b.code));
            draft.forEach((item, position) => {
              item.position = position;
            });
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),

    getNews: builder.infiniteQuery<NewsPage, NewsArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, allPages) => {
          const loaded = allPages.reduce((sum, page) => sum + page.items.length, 0);
          return lastPage.items.length > 0 && loaded < lastPage.total ? loaded : undefined;
        },
      },
      query: ({ queryArg: { lang, code, limit = NEWS_PAGE_SIZE }, pageParam }) => ({
        group: 'market',
        action: 'news',
        params: { lang, code, limit, offset: pageParam },
        silent: true,
      }),
      providesTags: ['News'],
    }),

    getNewsDetail: builder.query<NewsDetail, { id: number; lang: Lang }>({
      query: ({ id, lang }) => ({ group: 'market', action: 'newsDetail', params: { id, lang }, silent: true }),
    }),
  }),
});

export const {
  useGetStocksQuery,
  useGetRankingsQuery,
  useGetQuoteQuery,
  useGetDepthQuery,
  useGetKLinesQuery,
  useSearchStocksQuery,
  useGetSearchHistoryQuery,
  useClearSearchHistoryMutation,
  useGetWatchlistQuery,
  useAddToWatchlistMutation,
  useRemoveFromWatchlistMutation,
  useReorderWatchlistMutation,
  useGetNewsInfiniteQuery,
  useGetNewsDetailQuery,
} = marketApi;

// The simulated Nikkei 225 and TOPIX (docs/api/market.md §3 `market/indices`, §6.1 `index`
// channel): computed by the server from the simulated constituents; live on /ws.
import { INDEX_CODES, api, streamMarketUpdates, type IndexQuote } from '@kabuto/shared-sdk';
import { STREAMED_KEEP_SECONDS } from './market';

export interface IndicesAnswer {
  items: IndexQuote[];
}

export const indicesApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getIndices: builder.query<IndicesAnswer, void>({
      query: () => ({ group: 'market', action: 'indices', silent: true }),
      keepUnusedDataFor: STREAMED_KEEP_SECONDS,
      onCacheEntryAdded: (_arg, lifecycle) =>
        streamMarketUpdates<IndicesAnswer, IndexQuote>(lifecycle, {
          channel: 'index',
          codes: [...INDEX_CODES],
          apply: (draft, { data: quote }) => {
            const index = draft.items.findIndex((item) => item.code === quote.code);
            if (index >= 0) draft.items[index] = quote;
          },
        }),
    }),
  }),
});

export const { useGetIndicesQuery } = indicesApi;

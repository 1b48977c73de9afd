// The market calls of the day-trading page (docs/trading.md "Sessions and venues"): the
// opening-auction board, and the simulated PTS night session's state and board. Polled while
// the page is open: the pre-open book and the PTS book move between refetches.
import { api } from '@kabuto/shared-sdk';
import type { AuctionBoard, PtsBoard, PtsSessionInfo } from '@kabuto/shared-sdk/schemas';

export const dayTradingApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getAuctionBoard: builder.query<AuctionBoard, { limit?: number }>({
      query: ({ limit = 12 }) => ({ group: 'market', action: 'auctionBoard', params: { limit }, silent: true }),
    }),
    getPtsSession: builder.query<PtsSessionInfo, void>({
      query: () => ({ group: 'market', action: 'ptsSession', silent: true }),
    }),
    getPtsBoard: builder.query<PtsBoard, { code: string }>({
      query: ({ code }) => ({ group: 'market', action: 'ptsBoard', params: { code }, silent: true }),
    }),
  }),
});

export const { useGetAuctionBoardQuery, useGetPtsSessionQuery, useGetPtsBoardQuery } = dayTradingApi;

/** How often the page refetches the building book (ms). */
export const BOOK_POLL_MS = 5_000;

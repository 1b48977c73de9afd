// The block-trade calls of docs/api/block-trades.md as RTK Query endpoints, injected into the one
// base api of @kabuto/shared-sdk (model: api/trading.ts). The buy sheet shows its refusal itself,
// so the calls are silent and the component reads `error.message` (already translated) and
// `error.msg` (the catalogue key) to name the rule with the amounts.
import type { KabutoQueryArgs } from '@kabuto/shared-sdk';
import { api } from '@kabuto/shared-sdk';
import type { BlockOfferPage, BlockPurchase, BlockPurchasePage } from '@kabuto/shared-sdk/schemas';

export interface BlockBuyArgs {
  offerId: number;
  shares: number;
  fundPassword: string;
  idempotencyKey: string;
}

const block = (action: string, params?: Record<string, string | number>): KabutoQueryArgs => ({ group: 'block', action, params, silent: true });

/** A block buy changes the offers (available), my buys, positions, the wallet and the fund records. */
const MOVED = ['Orders', 'Positions', 'Wallet', 'Funds', 'Transactions'] as const;

export const blockTradesApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getBlockOffers: builder.query<BlockOfferPage, { page?: number; size?: number }>({
      query: (form) => block('list', { ...form }),
      providesTags: ['Positions', 'Orders'],
    }),
    getMyBlockBuys: builder.query<BlockPurchasePage, { page?: number; size?: number }>({
      query: (form) => block('mine', { ...form }),
      providesTags: ['Positions', 'Orders'],
    }),
    buyBlock: builder.mutation<BlockPurchase, BlockBuyArgs>({
      query: (form) => block('buy', { ...form }),
      invalidatesTags: [...MOVED],
    }),
  }),
});

export const { useGetBlockOffersQuery, useGetMyBlockBuysQuery, useBuyBlockMutation } = blockTradesApi;

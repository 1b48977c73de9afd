// The investment trust calls of docs/strategies.md "Investment trust" as RTK Query endpoints,
// injected into the one base api of @kabuto/shared-sdk (model: api/rewards.ts). The page shows
// refusals itself, so the calls are silent and it reads the translated error.
import type { KabutoQueryArgs } from '@kabuto/shared-sdk';
import { api } from '@kabuto/shared-sdk';
import type { TrustDetail, TrustMine, TrustView } from '@kabuto/shared-sdk/schemas';

const trust = (action: string, params?: Record<string, string | number>): KabutoQueryArgs => ({
  group: 'strategy',
  action: `trust/${action}`,
  params,
  silent: true,
});

export interface TrustOrderForm {
  id: number;
  fundPassword: string;
  idempotencyKey: string;
}

const trustApi = api.enhanceEndpoints({ addTagTypes: ['Trust'] }).injectEndpoints({
  endpoints: (builder) => ({
    getTrusts: builder.query<{ list: TrustView[]; simulated: true }, void>({
      query: () => trust('list'),
      providesTags: ['Trust'],
    }),
    getTrust: builder.query<TrustDetail, number>({
      query: (id) => trust('detail', { id }),
      providesTags: ['Trust'],
    }),
    getMyTrust: builder.query<TrustMine, number>({
      query: (id) => trust('mine', { id }),
      providesTags: ['Trust'],
    }),
    /** The amount leaves cash for the trust's escrow at once: the wallet and the records change. */
    subscribeTrust: builder.mutation<TrustMine, TrustOrderForm & { amount: string }>({
      query: (form) => trust('subscribe', { ...form }),
      invalidatesTags: ['Trust', 'Wallet', 'Funds', 'Transactions'],
    }),
    redeemTrust: builder.mutation<TrustMine, TrustOrderForm & { units: string }>({
      query: (form) => trust('redeem', { ...form }),
      invalidatesTags: ['Trust'],
    }),
    /** A cancelled subscription's yen leaves the escrow for cash: the wallet and the records change. */
    cancelTrustRequest: builder.mutation<TrustMine, { id: number; idempotencyKey: string }>({
      query: (form) => trust('cancel', { ...form }),
      invalidatesTags: ['Trust', 'Wallet', 'Funds', 'Transactions'],
    }),
  }),
});

export const { useGetTrustsQuery, useGetTrustQuery, useGetMyTrustQuery, useSubscribeTrustMutation, useRedeemTrustMutation, useCancelTrustRequestMutation } =
  trustApi;

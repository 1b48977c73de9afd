// The rewards calls of docs/api/rewards.md (daily sign-in and coupons) as RTK Query endpoints,
// injected into the one base api of @kabuto/shared-sdk (model: api/block-trades.ts). The page
// shows refusals itself, so the calls are silent and it reads the translated error.
import type { KabutoQueryArgs } from '@kabuto/shared-sdk';
import { api } from '@kabuto/shared-sdk';
import type { CouponRedemption, CouponsAnswer, SignInResult, SignInStatus } from '@kabuto/shared-sdk/schemas';

const rewards = (action: string, params?: Record<string, string | number>): KabutoQueryArgs => ({ group: 'rewards', action, params, silent: true });

const rewardsApi = api.enhanceEndpoints({ addTagTypes: ['Rewards'] }).injectEndpoints({
  endpoints: (builder) => ({
    getSignInStatus: builder.query<SignInStatus, void>({
      query: () => rewards('signInStatus'),
      providesTags: ['Rewards'],
    }),
    getCoupons: builder.query<CouponsAnswer, void>({
      query: () => rewards('coupons'),
      providesTags: ['Rewards'],
    }),
    signIn: builder.mutation<SignInResult, void>({
      query: () => rewards('signIn'),
      invalidatesTags: ['Rewards'],
    }),
    /** A cash coupon credits cash: the wallet and the fund records change too. */
    redeemCoupon: builder.mutation<CouponRedemption, { couponId: number; idempotencyKey: string }>({
      query: (form) => rewards('redeem', { ...form }),
      invalidatesTags: ['Rewards', 'Wallet', 'Funds', 'Transactions'],
    }),
  }),
});

export const { useGetSignInStatusQuery, useGetCouponsQuery, useSignInMutation, useRedeemCouponMutation } = rewardsApi;

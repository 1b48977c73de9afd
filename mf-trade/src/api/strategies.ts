// The strategy calls of docs/strategies.md (list, detail, preview, follow, followings, pause /
// resume / stop, verify) as RTK Query endpoints injected into the one base api of
// @kabuto/shared-sdk (model: mf-funds/src/api/funds.ts). The pages show refusals and load
// failures themselves, so every call is silent and the page reads the translated error.
// Forms are checked by the shared schemas (strategies.ts) on both sides.
import type { KabutoQueryArgs } from '@kabuto/shared-sdk';
import { api } from '@kabuto/shared-sdk';
import type {
  FollowPreview,
  FollowingPage,
  FollowingStatus,
  FollowingView,
  StrategyDetailView,
  StrategyPage,
  StrategySort,
  StrategyVerifyView,
} from '@kabuto/shared-sdk/schemas';

export interface StrategyListArgs {
  sort?: StrategySort;
  riskMax?: number;
  includeRetired?: boolean;
  page?: number;
  size?: number;
}

/** strategy/follow as the form sends it (`followFormSchema` checks it on both sides). */
export interface FollowArgs {
  id: number;
  amount: string;
  deadline: string;
  stopLossPercent: number;
  fundPassword?: string;
  fundPasswordGrant?: string;
  idempotencyKey: string;
}

type StrategyParams = Record<string, string | number | boolean | undefined>;

const strategy = (action: string, params?: StrategyParams): KabutoQueryArgs => ({ group: 'strategy', action, params, silent: true });

/** Following, pausing or stopping changes the followings, the strategies' follower counts and (stop/close) positions. */
const FOLLOWED = ['Strategies', 'Followings', 'Positions', 'Orders', 'Wallet', 'Funds'] as const;

const strategiesApi = api.enhanceEndpoints({ addTagTypes: ['Strategies', 'Followings'] }).injectEndpoints({
  endpoints: (builder) => ({
    getStrategies: builder.query<StrategyPage, StrategyListArgs>({
      query: (form) => strategy('list', { ...form }),
      providesTags: ['Strategies'],
    }),
    getStrategy: builder.query<StrategyDetailView, { id: number }>({
      query: (form) => strategy('detail', { ...form }),
      providesTags: ['Strategies'],
    }),
    // A query: the same amount asks once while the form is unchanged.
    getFollowPreview: builder.query<FollowPreview, { id: number; amount: string }>({
      query: (form) => strategy('preview', { ...form }),
    }),
    follow: builder.mutation<FollowingView, FollowArgs>({
      query: (form) => strategy('follow', { ...form }),
      invalidatesTags: [...FOLLOWED],
    }),
    getFollowings: builder.query<FollowingPage, { status?: FollowingStatus; page?: number; size?: number }>({
      query: (form) => strategy('followings', { ...form }),
      // Mirrored orders fill through the user channel's order / fill events.
      providesTags: ['Followings', 'Positions', 'Orders'],
    }),
    getFollowing: builder.query<FollowingView, { id: number }>({
      query: (form) => strategy('following', { ...form }),
      providesTags: ['Followings', 'Positions', 'Orders'],
    }),
    pauseFollowing: builder.mutation<FollowingView, { id: number }>({
      query: (form) => strategy('pause', { ...form }),
      invalidatesTags: ['Followings'],
    }),
    resumeFollowing: builder.mutation<FollowingView, { id: number }>({
      query: (form) => strategy('resume', { ...form }),
      invalidatesTags: ['Followings'],
    }),
    stopFollowing: builder.mutation<FollowingView, { id: number; positions: 'close' | 'keep' }>({
      query: (form) => strategy('stop', { ...form }),
      invalidatesTags: [...FOLLOWED],
    }),
    getStrategyVerify: builder.query<StrategyVerifyView, { id: number }>({
      query: (form) => strategy('verify', { ...form }),
    }),
  }),
});

export const {
  useGetStrategiesQuery,
  useGetStrategyQuery,
  useGetFollowPreviewQuery,
  useFollowMutation,
  useGetFollowingsQuery,
  useGetFollowingQuery,
  usePauseFollowingMutation,
  useResumeFollowingMutation,
  useStopFollowingMutation,
  useGetStrategyVerifyQuery,
} = strategiesApi;

// Every trading call of docs/api/trading.md as RTK Query endpoints, injected by this remote
// into the one base api of @kabuto/shared-sdk (model: mf-funds/src/api/funds.ts). Forms
// (ticket, close, margin application, settings) show the refusal inside the form, so their
// calls are `silent` and the component reads `error.message` (already translated). Lists
// and the detail show their own load-failed state, so they are silent too.
// The per-user WS events (order / fill / position / marginCall) invalidate 'Orders' and
// 'Positions' through the SDK's startUserEvents, so every query here refetches on them.
import type { KabutoQueryArgs } from '@kabuto/shared-sdk';
import type {
  BuyingPower,
  ConditionalKind,
  ConditionalOrderView,
  ConditionalState,
  SessionCondition,
  MarginAccountInfo,
  MarginApplyForm,
  OrderEstimate,
  OrderSide,
  PositionTab,
  StatusFilter,
  TicketInfo,
  TradeOrderType,
  TradePosition,
  TradePositionDetail,
  TradePositionPage,
  TradeProduct,
  TradeSettings,
  TradingRules,
  MarginKind,
} from '@kabuto/shared-sdk/schemas';
import { api, streamMarketUpdates } from '@kabuto/shared-sdk';
import type { Quote } from '@kabuto/shared-sdk/schemas';
import { withLastPrice } from '../common/live-pnl';

/** The order as the ticket sends it to trade/estimate (`orderEstimateFormSchema` checks it on both sides). */
export interface EstimateArgs {
  code: string;
  side: OrderSide;
  product: TradeProduct;
  marginKind?: MarginKind;
  orderType: TradeOrderType;
  price?: string;
  lots: number;
  leverage: string;
}

/** trade/place: the estimate's fields, the fund password (unless skipped) and one key per submission. */
export interface PlaceArgs extends EstimateArgs {
  /** 寄付 / 引け / 不成 (docs/trading.md §11); absent: a plain day order. */
  condition?: SessionCondition;
  fundPassword?: string;
  /** A fund-password grant of this session (user/fundPasswordGrant), instead of the password. */
  fundPasswordGrant?: string;
  /** A usable fee-discount coupon (rewards/coupons) for this order's commission; absent: none. */
  couponId?: number;
  idempotencyKey: string;
}

/** trade/conditional/place (docs/trading.md §11): the order's fields plus what its kind needs. */
export interface ConditionalArgs {
  kind: ConditionalKind;
  code: string;
  side: OrderSide;
  product: TradeProduct;
  marginKind?: MarginKind;
  leverage: string;
  lots: number;
  positionId?: number;
  orderType?: TradeOrderType;
  price?: string;
  triggerPrice?: string;
  trailWidth?: string;
  childLots?: number;
  childPrice?: string;
  childTriggerPrice?: string;
  fundPassword?: string;
  idempotencyKey: string;
}

export interface CloseArgs {
  id: number;
  orderType: TradeOrderType;
  price?: string;
  /** Omitted: the whole position. */
  lots?: number;
  fundPassword?: string;
  idempotencyKey: string;
}

export interface PositionsArgs {
  tab: PositionTab;
  status?: StatusFilter;
  page?: number;
  size?: number;
}

export interface SettingsArgs {
  skipFundPassword: boolean;
  fundPassword?: string;
}

type TradeParams = Record<string, string | number | boolean | undefined>;

const trade = (action: string, params?: TradeParams, silent = true): KabutoQueryArgs => ({ group: 'trade', action, params, silent });

/** Placing, cancelling or closing changes positions, holds, the wallet and the fund records. */
const MOVED = ['Orders', 'Positions', 'Wallet', 'Funds', 'Transactions'] as const;

export const tradingApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getTradingRules: builder.query<TradingRules, void>({
      query: () => trade('config'),
    }),
    getTicket: builder.query<TicketInfo, { code: string }>({
      query: (form) => trade('ticket', { ...form }),
      // Buying power, margin status and the skip setting are on it.
      providesTags: ['Positions', 'Wallet', 'Funds'],
    }),
    // A query, not a mutation: the same order asks once and the answer is cached while the form is unchanged.
    getEstimate: builder.query<OrderEstimate, EstimateArgs>({
      query: (form) => trade('estimate', { ...form }),
      providesTags: ['Positions', 'Wallet'],
    }),
    placeOrder: builder.mutation<TradePosition, PlaceArgs>({
      query: (form) => trade('place', { ...form }),
      invalidatesTags: [...MOVED],
    }),
    cancelOrder: builder.mutation<TradePosition, { id: number }>({
      query: (form) => trade('cancel', { ...form }),
      invalidatesTags: [...MOVED],
    }),
    closePosition: builder.mutation<TradePosition, CloseArgs>({
      query: (form) => trade('close', { ...form }),
      invalidatesTags: [...MOVED],
    }),
    cancelClose: builder.mutation<TradePosition, { id: number }>({
      query: (form) => trade('cancelClose', { ...form }),
      invalidatesTags: [...MOVED],
    }),
    getPositions: builder.query<TradePositionPage, PositionsArgs>({
      query: (form) => trade('list', { ...form }),
      providesTags: ['Positions', 'Orders'],
      // Live P&L: the open rows follow the market's quote stream between refetches.
      async onCacheEntryAdded(_args, lifecycle) {
        let codes: string[] = [];
        try {
          const { data } = await lifecycle.cacheDataLoaded;
          codes = [...new Set(data.list.filter((row) => row.unrealisedPnl !== null).map((row) => row.code))];
        } catch {
          return;
        }
        if (codes.length === 0) return;
        await streamMarketUpdates<TradePositionPage, Quote>(lifecycle, {
          channel: 'quote',
          codes,
          apply: (draft, { data: quote }) => {
            if (quote.last === null) return;
            draft.list = draft.list.map((row) => (row.code === quote.code ? withLastPrice(row, quote.last as number) : row));
          },
        });
      },
    }),
    getPositionDetail: builder.query<TradePositionDetail, { id: number }>({
      query: (form) => trade('detail', { ...form }),
      providesTags: ['Positions', 'Orders'],
    }),
    getBuyingPower: builder.query<BuyingPower, void>({
      query: () => trade('buyingPower'),
      providesTags: ['Positions', 'Wallet', 'Funds'],
    }),
    getTradeSettings: builder.query<TradeSettings, void>({
      query: () => trade('getSettings'),
      providesTags: ['Positions'],
    }),
    saveTradeSettings: builder.mutation<TradeSettings, SettingsArgs>({
      query: (form) => trade('settings', { ...form }),
      invalidatesTags: ['Positions'],
    }),
    getMarginStatus: builder.query<MarginAccountInfo, void>({
      query: () => trade('marginStatus'),
      providesTags: ['Positions', 'Funds'],
    }),
    placeConditional: builder.mutation<ConditionalOrderView, ConditionalArgs>({
      query: (form) => trade('conditional/place', { ...form }),
      invalidatesTags: [...MOVED],
    }),
    cancelConditional: builder.mutation<ConditionalOrderView, { id: number }>({
      query: (form) => trade('conditional/cancel', { ...form }),
      invalidatesTags: [...MOVED],
    }),
    getConditionalOrders: builder.query<ConditionalOrderView[], { positionId?: number; state?: ConditionalState }>({
      query: (form) => trade('conditional/list', { ...form }),
      // Triggers and child fills arrive as order / fill events, which invalidate these tags.
      providesTags: ['Positions', 'Orders'],
    }),
    marginApply: builder.mutation<MarginAccountInfo, MarginApplyForm>({
      query: (form) => trade('marginApply', { ...form }),
      invalidatesTags: ['Positions', 'Funds'],
    }),
  }),
});

export const {
  useGetTradingRulesQuery,
  useGetTicketQuery,
  useGetEstimateQuery,
  usePlaceOrderMutation,
  useCancelOrderMutation,
  useClosePositionMutation,
  useCancelCloseMutation,
  useGetPositionsQuery,
  useGetPositionDetailQuery,
  useGetBuyingPowerQuery,
  useGetTradeSettingsQuery,
  useSaveTradeSettingsMutation,
  useGetMarginStatusQuery,
  useMarginApplyMutation,
  usePlaceConditionalMutation,
  useCancelConditionalMutation,
  useGetConditionalOrdersQuery,
} = tradingApi;

// The `dividend` calls of the dividend pages (docs/api/dividends.md): the calendar and one
// company, dividends received, margin dividend adjustments, splits and perks, each list with its
// one-record detail. Injected into the SDK's base api (model: funds.ts), typed by the shared
// schemas; silent, so each page shows its own load-failed state.
import { api, type KabutoQueryArgs } from '@kabuto/shared-sdk';
import type {
  AdjustmentSide,
  CorporateActionDetail,
  CorporateActionsPage,
  DividendAdjustmentDetail,
  DividendAdjustmentsPage,
  DividendCalendar,
  DividendCalendarScope,
  DividendCompany,
  DividendPaymentDetail,
  DividendPaymentState,
  DividendPaymentsPage,
  PerkDetail,
  PerksPage,
} from '@kabuto/shared-sdk/schemas';
import type { PageArgs } from './funds';

export interface ReceivedArgs extends PageArgs {
  status?: DividendPaymentState;
  code?: string;
}

export interface AdjustmentsArgs extends PageArgs {
  side?: AdjustmentSide;
}

export interface ActionsArgs extends PageArgs {
  scope?: 'mine' | 'all';
}

const dividend = (action: string, params?: Record<string, string | number | undefined>): KabutoQueryArgs => ({
  group: 'dividend',
  action,
  params,
  silent: true,
});

// The business clock moves receivables to paid and reservations to settled on the server's
// timers, so nothing here is cached across visits for long: each page asks again when opened.
export const dividendsApi = api.enhanceEndpoints({ addTagTypes: ['Dividends'] }).injectEndpoints({
  endpoints: (builder) => ({
    getDividendCalendar: builder.query<DividendCalendar, { scope: DividendCalendarScope }>({
      query: (form) => dividend('calendar', { ...form }),
      providesTags: ['Dividends'],
      keepUnusedDataFor: 0,
    }),
    getDividendCompany: builder.query<DividendCompany, { code: string }>({
      query: (form) => dividend('company', { ...form }),
      providesTags: ['Dividends'],
      keepUnusedDataFor: 0,
    }),
    getDividendsReceived: builder.query<DividendPaymentsPage, ReceivedArgs>({
      query: (form) => dividend('received', { ...form }),
      providesTags: ['Dividends'],
    }),
    getDividendPayment: builder.query<DividendPaymentDetail, { id: string }>({
      query: (form) => dividend('payment', { ...form }),
      providesTags: ['Dividends'],
      keepUnusedDataFor: 0,
    }),
    getDividendAdjustments: builder.query<DividendAdjustmentsPage, AdjustmentsArgs>({
      query: (form) => dividend('adjustments', { ...form }),
      providesTags: ['Dividends'],
    }),
    getDividendAdjustment: builder.query<DividendAdjustmentDetail, { id: string }>({
      query: (form) => dividend('adjustment', { ...form }),
      providesTags: ['Dividends'],
      keepUnusedDataFor: 0,
    }),
    getCorporateActions: builder.query<CorporateActionsPage, ActionsArgs>({
      query: (form) => dividend('actions', { ...form }),
      providesTags: ['Dividends'],
    }),
    getCorporateAction: builder.query<CorporateActionDetail, { id: string }>({
      query: (form) => dividend('action', { ...form }),
      providesTags: ['Dividends'],
      keepUnusedDataFor: 0,
    }),
    getPerks: builder.query<PerksPage, PageArgs>({
      query: (form) => dividend('perks', { ...form }),
      providesTags: ['Dividends'],
    }),
    getPerk: builder.query<PerkDetail, { id: string }>({
      query: (form) => dividend('perk', { ...form }),
      providesTags: ['Dividends'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetDividendCalendarQuery,
  useGetDividendCompanyQuery,
  useLazyGetDividendsReceivedQuery,
  useGetDividendPaymentQuery,
  useLazyGetDividendAdjustmentsQuery,
  useGetDividendAdjustmentQuery,
  useLazyGetCorporateActionsQuery,
  useGetCorporateActionQuery,
  useLazyGetPerksQuery,
  useGetPerkQuery,
} = dividendsApi;

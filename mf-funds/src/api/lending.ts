// The `lending` calls of the stock lending page (docs/api/credit.md, lending part): the summary,
// opting in with the risks accepted, the mode, opting out, and the fee records. Injected into
// the SDK's base api (model: funds.ts), typed by the shared schemas; silent, so the page shows
// each refusal itself.
import { api, type KabutoQueryArgs } from '@kabuto/shared-sdk';
import type { LendingMode, LendingModeAnswer, LendingRecordsPage, LendingSummary } from '@kabuto/shared-sdk/schemas';
import type { PageArgs } from './funds';

export interface LendingOptInArgs {
  mode: LendingMode;
  acceptRisks: 'true';
  risksVersion: string;
}

const lending = (action: string, params?: Record<string, string | number | undefined>): KabutoQueryArgs => ({ group: 'lending', action, params, silent: true });

export const lendingApi = api.enhanceEndpoints({ addTagTypes: ['Lending'] }).injectEndpoints({
  endpoints: (builder) => ({
    getLendingSummary: builder.query<LendingSummary, void>({
      query: () => lending('summary'),
      providesTags: ['Lending'],
    }),
    getLendingRecords: builder.query<LendingRecordsPage, PageArgs>({
      query: (form) => lending('records', { ...form }),
      providesTags: ['Lending'],
    }),
    lendingOptIn: builder.mutation<LendingSummary, LendingOptInArgs>({
      query: (form) => lending('optIn', { ...form }),
      invalidatesTags: ['Lending'],
    }),
    lendingSetMode: builder.mutation<LendingModeAnswer, { mode: LendingMode }>({
      query: (form) => lending('setMode', { ...form }),
      invalidatesTags: ['Lending'],
    }),
    lendingOptOut: builder.mutation<unknown, void>({
      query: () => lending('optOut'),
      invalidatesTags: ['Lending'],
    }),
  }),
});

export const { useGetLendingSummaryQuery, useLazyGetLendingRecordsQuery, useLendingOptInMutation, useLendingSetModeMutation, useLendingOptOutMutation } =
  lendingApi;

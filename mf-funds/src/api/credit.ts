// The `credit` calls of the pj and jkjl pages (docs/api/credit.md): the credit summary, a
// loan application, a repayment and the loan records. Injected into the SDK's base api
// (model: funds.ts), typed by the shared schemas. All silent: the forms show a refusal
// inside themselves with its figures, and the pages show their own load-failed states.
import { api, type KabutoQueryArgs } from '@kabuto/shared-sdk';
import type { CreditSummary, LoanRecord, LoanRecordsPage } from '@kabuto/shared-sdk/schemas';
import type { PageArgs } from './funds';

export interface CreditApplyArgs {
  amount: string;
  reason?: string;
  fundPassword: string;
  idempotencyKey: string;
}

export interface CreditRepayArgs {
  amount: string;
  fundPassword: string;
  idempotencyKey: string;
}

const credit = (action: string, params?: Record<string, string | number | undefined>): KabutoQueryArgs => ({ group: 'credit', action, params, silent: true });

/** A loan moves cash too: the wallet and the fund records change with it. */
const MOVED = ['Credit', 'Wallet', 'Funds', 'Transactions'] as const;

export const creditApi = api.enhanceEndpoints({ addTagTypes: ['Credit'] }).injectEndpoints({
  endpoints: (builder) => ({
    getCreditSummary: builder.query<CreditSummary, void>({
      query: () => credit('summary'),
      providesTags: ['Credit'],
    }),
    getLoanRecords: builder.query<LoanRecordsPage, PageArgs>({
      query: (form) => credit('records', { ...form }),
      providesTags: ['Credit'],
    }),
    creditApply: builder.mutation<LoanRecord, CreditApplyArgs>({
      query: (form) => credit('apply', { ...form }),
      invalidatesTags: [...MOVED],
    }),
    creditRepay: builder.mutation<LoanRecord, CreditRepayArgs>({
      query: (form) => credit('repay', { ...form }),
      invalidatesTags: [...MOVED],
    }),
  }),
});

export const { useGetCreditSummaryQuery, useLazyGetLoanRecordsQuery, useCreditApplyMutation, useCreditRepayMutation } = creditApi;

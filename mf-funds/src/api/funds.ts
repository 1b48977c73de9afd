// Every funds call of docs/api/funds.md as RTK Query endpoints, injected by this remote
// into the one base api of @kabuto/shared-sdk: the funds team ships a call by releasing
// mf-funds alone, since the SDK is a federation singleton provided by the shell.
// Forms (bank card, deposit, withdraw, exchange) show the refusal inside the form, so
// their calls are `silent` and the page reads `error.message` (already translated, the
// special window/min/max formats included); list pages show their own load-failed
// state, so their calls are silent too. Wallet and info calls keep the default toast.
import type { KabutoQueryArgs } from '@kabuto/shared-sdk';
import type {
  BankCard,
  BankCardForm,
  BankInfo,
  CurrencyCode,
  CurrencyInfo,
  DepositForm,
  DepositInfo,
  DepositRecord,
  DepositRecordsPage,
  ExchangeQuote,
  ExchangeQuoteForm,
  ExchangeRecord,
  Page,
  RatesAnswer,
  TradeRecord,
  TransactionsPage,
  Wallet,
  WalletFigure,
  WalletPostingsPage,
  WithdrawInfo,
  WithdrawalRecord,
  WithdrawalRecordsPage,
} from '@kabuto/shared-sdk/schemas';
import { api } from '@kabuto/shared-sdk';

export interface PageArgs {
  page?: number;
  size?: number;
}

export interface WalletPostingsArgs extends PageArgs {
  figure: WalletFigure;
  currency?: CurrencyCode;
}

export interface TransactionsArgs extends PageArgs {
  currency?: CurrencyCode;
}

export interface ExchangeArgs {
  quoteId: string;
  idempotencyKey: string;
}

/** The withdraw form as the page sends it (`withdrawFormSchema` checks it on both sides). */
export interface WithdrawArgs {
  cardId: number;
  amount: string;
  fundPassword: string;
  idempotencyKey: string;
}

export interface BankCardsAnswer {
  list: BankCard[];
  max: number;
}

type FundsParams = Record<string, string | number | undefined>;

const funds = (action: string, params?: FundsParams, silent = true): KabutoQueryArgs => ({ group: 'funds', action, params, silent });

/** Every money movement changes the wallet, the records and the info pages' figures. */
const MOVED_MONEY = ['Wallet', 'Funds', 'Transactions'] as const;

export const fundsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    // ── wallet and what is behind each figure ──────────────────────────────────
    getWallet: builder.query<Wallet, void>({
      query: () => funds('wallet', undefined, false),
      providesTags: ['Wallet'],
    }),
    getWalletPostings: builder.query<WalletPostingsPage, WalletPostingsArgs>({
      query: (form) => funds('walletPostings', { ...form }),
      providesTags: ['Wallet'],
    }),
    getTransactions: builder.query<TransactionsPage, TransactionsArgs>({
      query: (form) => funds('transactions', { ...form }),
      providesTags: ['Transactions'],
    }),
    getTradeRecords: builder.query<Page<TradeRecord>, PageArgs>({
      query: (form) => funds('records', { ...form, tab: 'trade' }),
      providesTags: ['Transactions'],
    }),
    getDepositRecords: builder.query<DepositRecordsPage, PageArgs>({
      query: (form) => funds('records', { ...form, tab: 'deposit' }),
      providesTags: ['Transactions'],
    }),
    getWithdrawalRecords: builder.query<WithdrawalRecordsPage, PageArgs>({
      query: (form) => funds('records', { ...form, tab: 'withdraw' }),
      providesTags: ['Transactions'],
    }),

    // ── currencies and rates ───────────────────────────────────────────────────
    getCurrencies: builder.query<{ list: CurrencyInfo[] }, void>({
      query: () => funds('currencies', undefined, false),
    }),
    getRates: builder.query<RatesAnswer, void>({
      query: () => funds('rates', undefined, false),
    }),

    // ── bank cards ─────────────────────────────────────────────────────────────
    searchBanks: builder.query<{ list: BankInfo[] }, { q?: string }>({
      query: (form) => funds('banks', { ...form }),
    }),
    searchBranches: builder.query<{ list: BankInfo[] }, { bankCode: string; q?: string }>({
      query: (form) => funds('branches', { ...form }),
    }),
    getBankCards: builder.query<BankCardsAnswer, void>({
      query: () => funds('bankCards', undefined, false),
      providesTags: ['BankCards'],
    }),
    bankCardAdd: builder.mutation<BankCard, BankCardForm>({
      query: (form) => funds('bankCardAdd', { ...form }),
      invalidatesTags: ['BankCards', 'Funds'],
    }),
    bankCardUpdate: builder.mutation<BankCard, BankCardForm & { id: number }>({
      query: (form) => funds('bankCardUpdate', { ...form }),
      invalidatesTags: ['BankCards', 'Funds'],
    }),
    bankCardDelete: builder.mutation<null, { id: number }>({
      query: (form) => funds('bankCardDelete', { ...form }),
      invalidatesTags: ['BankCards', 'Funds'],
    }),

    // ── deposits ───────────────────────────────────────────────────────────────
    getDepositInfo: builder.query<DepositInfo, void>({
      query: () => funds('depositInfo', undefined, false),
      providesTags: ['Funds'],
    }),
    deposit: builder.mutation<DepositRecord, DepositForm>({
      query: (form) => funds('deposit', { ...form }),
      invalidatesTags: [...MOVED_MONEY],
    }),

    // ── withdrawals ────────────────────────────────────────────────────────────
    getWithdrawInfo: builder.query<WithdrawInfo, void>({
      query: () => funds('withdrawInfo', undefined, false),
      providesTags: ['Funds', 'BankCards'],
    }),
    withdraw: builder.mutation<WithdrawalRecord, WithdrawArgs>({
      query: (form) => funds('withdraw', { ...form }),
      invalidatesTags: [...MOVED_MONEY],
    }),

    // ── currency exchange ──────────────────────────────────────────────────────
    // A quote is a mutation: each one is a new, expiring offer, never a cached answer.
    exchangeQuote: builder.mutation<ExchangeQuote, ExchangeQuoteForm>({
      query: (form) => funds('exchangeQuote', { ...form }),
    }),
    exchange: builder.mutation<ExchangeRecord, ExchangeArgs>({
      query: (form) => funds('exchange', { ...form }),
      invalidatesTags: [...MOVED_MONEY],
    }),
  }),
});

export const {
  useGetWalletQuery,
  useGetWalletPostingsQuery,
  useLazyGetWalletPostingsQuery,
  useGetTransactionsQuery,
  useLazyGetTransactionsQuery,
  useLazyGetTradeRecordsQuery,
  useLazyGetDepositRecordsQuery,
  useLazyGetWithdrawalRecordsQuery,
  useGetCurrenciesQuery,
  useGetRatesQuery,
  useSearchBanksQuery,
  useSearchBranchesQuery,
  useGetBankCardsQuery,
  useBankCardAddMutation,
  useBankCardUpdateMutation,
  useBankCardDeleteMutation,
  useGetDepositInfoQuery,
  useDepositMutation,
  useGetWithdrawInfoQuery,
  useWithdrawMutation,
  useExchangeQuoteMutation,
  useExchangeMutation,
} = fundsApi;

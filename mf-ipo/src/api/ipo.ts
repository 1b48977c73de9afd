// Every IPO call of docs/api/ipo.md as RTK Query endpoints, injected by this remote into
// the one base api of @kabuto/shared-sdk (model: mf-funds/src/api/funds.ts), typed by the
// shared schemas (shared-sdk/src/schemas/ipo.ts). Forms (apply, pay, waive) show the
// refusal inside the form and lists their own load-failed state, so every call is
// `silent` and the page reads `error.message` (already translated).
import type { KabutoQueryArgs } from '@kabuto/shared-sdk';
import type {
  BuyingPower,
  IpoApplication,
  IpoApplicationPage,
  IpoApplicationStatus,
  IpoApplyAnswer,
  IpoDrawPublication,
  IpoIssuePage,
  IpoIssueStatus,
  IpoShareRecordPage,
} from '@kabuto/shared-sdk/schemas';
import { api } from '@kabuto/shared-sdk';

// The forms as this remote sends them (ipoListFormSchema, ipoApplyFormSchema, … check them on the server).
export interface IssuesArgs {
  status?: IpoIssueStatus;
  page?: number;
  size?: number;
}

export interface MineArgs {
  status?: IpoApplicationStatus;
  page?: number;
  size?: number;
}

export interface ApplyArgs {
  code: string;
  /** Shares, whole lots. */
  quantity: number;
  fundPassword: string;
  idempotencyKey: string;
}

export interface PayArgs {
  id: number;
  fundPassword: string;
  idempotencyKey: string;
}

type IpoParams = Record<string, string | number | boolean | undefined>;

const ipo = (action: string, params?: IpoParams): KabutoQueryArgs => ({ group: 'ipo', action, params, silent: true });

/** Applying, paying and waiving move the wallet (escrow, refund, settlement) and the fund records. */
const MOVED = ['Subscriptions', 'Wallet', 'Funds', 'Transactions', 'Positions'] as const;

export const ipoApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getIpoIssues: builder.query<IpoIssuePage, IssuesArgs>({
      query: (form) => ipo('list', { ...form }),
      providesTags: ['Subscriptions'],
    }),
    getMyIpoApplications: builder.query<IpoApplicationPage, MineArgs>({
      query: (form) => ipo('mine', { ...form }),
      providesTags: ['Subscriptions', 'Wallet'],
    }),
    getIpoRecords: builder.query<IpoShareRecordPage, MineArgs>({
      query: (form) => ipo('records', { ...form }),
      providesTags: ['Subscriptions'],
    }),
    getIpoDraw: builder.query<IpoDrawPublication, { code: string }>({
      query: (form) => ipo('draw', { ...form }),
      providesTags: ['Subscriptions'],
    }),
    // The trading module's buying power (docs/api/trading.md): what an application may hold.
    getIpoBuyingPower: builder.query<BuyingPower, void>({
      query: () => ({ group: 'trade', action: 'buyingPower', silent: true }),
      providesTags: ['Wallet', 'Funds', 'Positions', 'Subscriptions'],
    }),
    applyIpo: builder.mutation<IpoApplyAnswer, ApplyArgs>({
      query: (form) => ipo('apply', { ...form }),
      invalidatesTags: [...MOVED],
    }),
    payIpo: builder.mutation<IpoApplication, PayArgs>({
      query: (form) => ipo('pay', { ...form }),
      invalidatesTags: [...MOVED],
    }),
    waiveIpo: builder.mutation<IpoApplication, { id: number }>({
      query: (form) => ipo('waive', { ...form }),
      invalidatesTags: [...MOVED],
    }),
  }),
});

export const {
  useGetIpoIssuesQuery,
  useGetMyIpoApplicationsQuery,
  useGetIpoRecordsQuery,
  useGetIpoDrawQuery,
  useGetIpoBuyingPowerQuery,
  useApplyIpoMutation,
  usePayIpoMutation,
  useWaiveIpoMutation,
} = ipoApi;

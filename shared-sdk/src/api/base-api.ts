// The one RTK Query api of the app (ARCHITECTURE §3). Remotes add their calls with
// `api.injectEndpoints`; every call goes through the protocol `request`, so all envelope
// rules (status normalising, session end, toasts) apply.
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { translateMessage } from '../messages/translate';
import type { FailureKind } from '../protocol/envelope';
import { getHost } from '../protocol/host';
import { request } from '../protocol/request';
import type { RequestParams } from '../protocol/transport';
import { sessionExpired } from '../state/session-slice';

export interface KabutoQueryArgs {
  group: string;
  action: string;
  params?: RequestParams;
  /**
   * Receives the translated failure message instead of the default toast. Functions in
   * query args are left out of the cache key; prefer `silent` and read the error instead.
   */
  onError?: (message: string) => void;
  /** No toast on failure: the component shows `error.message` itself. */
  silent?: boolean;
  /** Toast, then go back one page (spec §9 message-then-back). */
  backAfterError?: boolean;
}

export interface KabutoQueryError {
  status: 0;
  /** Translated text, ready to show. */
  message: string;
  /** Catalogue key as the server sent it ('' when aborted or redirected). */
  msg: string;
  failure: FailureKind;
  /**
   * The refusal's figures as the server sent them, when it sent any: the rule and its amounts,
   * e.g. { rule: 'buying-power', required, buyingPower } (SDK 2.11).
   */
  detail?: Readonly<Record<string, unknown>>;
}

const ignoreError = (): void => undefined;

function isFigures(data: unknown): data is Readonly<Record<string, unknown>> {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

export const kabutoBaseQuery: BaseQueryFn<KabutoQueryArgs, unknown, KabutoQueryError> = async (args, baseApi) => {
  const envelope = await request<unknown>(args.group, args.action, args.params, {
    onError: args.silent ? ignoreError : args.onError,
    backAfterError: args.backAfterError,
    signal: baseApi.signal,
  });
  if (envelope.status === 1) return { data: envelope.data };
  if (envelope.failure === 'unauthorized') baseApi.dispatch(sessionExpired());
  return {
    error: {
      status: 0,
      message: envelope.msg ? translateMessage(envelope.msg, getHost().getLang()) : '',
      msg: envelope.msg,
      failure: envelope.failure,
      ...(isFigures(envelope.data) ? { detail: envelope.data } : {}),
    },
  };
};

/** Cache tags shared by the packages; a remote may add more with api.enhanceEndpoints({ addTagTypes }). */
export const API_TAG_TYPES = [
  'SiteConfig',
  'UserInfo',
  'Watchlist',
  'Quotes',
  'News',
  'Messages',
  'Wallet',
  'Funds',
  'Transactions',
  'BankCards',
  'Identity',
  'Orders',
  'Positions',
  'Subscriptions',
  'Loans',
  'Coupons',
  'Dividends',
] as const;

export type ApiTagType = (typeof API_TAG_TYPES)[number];

export const api = createApi({
  reducerPath: 'api',
  baseQuery: kabutoBaseQuery,
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
});

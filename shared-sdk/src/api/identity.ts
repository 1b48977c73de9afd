// Every identity call of docs/api/identity.md as RTK Query endpoints on the one base
// api. Access forms (login, register, forgot password) and the settings forms show
// the refusal inside the form, so their calls are `silent` and the page reads
// `error.message` (already translated); the rest keep the default toast.
import type { Lang } from '../i18n/languages';
import type { DocType, FundPasswordGrant, StepUpPurpose } from '../schemas/identity';
import type {
  IdentityUserInfo,
  InviteCodeInfo,
  LoginResult,
  PasskeyInfo,
  RealNameStatus,
  SessionResult,
  SiteMessageDetail,
  SiteMessagePage,
  StepUpGrantResult,
  StepUpOptionsResult,
  WebAuthnOptionsJSON,
} from '../schemas/identity-api';
import { api } from './base-api';

export interface LoginArgs {
  account: string;
  password: string;
  deviceId?: string;
  /** Only for the re-verification step after an operator unfreeze. */
  code?: string;
}

export interface LoginPasskeyArgs {
  loginTicket: string;
  /** JSON text of what startAuthentication() returned. */
  credential: string;
  deviceId?: string;
}

export interface RegisterArgs {
  account: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
}

export interface ForgotResetArgs {
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
}

export interface ChangePasswordArgs {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export interface SetFundPasswordArgs {
  oldFundPassword?: string;
  fundPassword: string;
  confirmFundPassword: string;
}

export type StepUpVerifyArgs = { purpose: StepUpPurpose } & ({ credential: string } | { code: string });

export interface RealNameSubmitArgs {
  realName: string;
  idNumber: string;
  docType: DocType;
  frontKey: string;
  /** Only for documents with a back (DOC_TYPES_WITH_BACK). */
  backKey?: string;
}

export interface MessagesArgs {
  page?: number;
  pageSize?: number;
  lang?: Lang;
}

const user = (action: string, params?: Record<string, string | number | boolean | undefined>, silent = true) => ({
  group: 'user',
  action,
  params,
  silent,
});

export const identityApi = api.injectEndpoints({
  endpoints: (builder) => ({
    // ── access (no session) ──────────────────────────────────────────────────────
    register: builder.mutation<{ account: string }, RegisterArgs>({
      query: (form) => user('register', { ...form, agreeCustomer: 'true' }),
    }),
    login: builder.mutation<LoginResult, LoginArgs>({
      query: (form) => user('login', { ...form, agreePrivacy: 'true' }),
    }),
    loginPasskey: builder.mutation<SessionResult, LoginPasskeyArgs>({
      query: (form) => user('loginPasskey', { ...form }),
    }),
    forgotCode: builder.mutation<null, { account: string }>({
      query: (form) => user('forgotCode', { ...form }),
    }),
    forgotReset: builder.mutation<null, ForgotResetArgs>({
      query: (form) => user('forgotReset', { ...form }),
    }),

    // ── session ───────────────────────────────────────────────────────────────────
    logout: builder.mutation<null, void>({
      // No invalidation: the caller leaves the page and resets the whole cache instead,
      // so no query asks again with the revoked token.
      query: () => user('logout'),
    }),
    getUserInfo: builder.query<IdentityUserInfo, void>({
      query: () => user('info', undefined, false),
      providesTags: ['UserInfo'],
    }),
    changePassword: builder.mutation<null, ChangePasswordArgs>({
      query: (form) => user('changePassword', { ...form }),
    }),
    setFundPassword: builder.mutation<null, SetFundPasswordArgs>({
      query: (form) => user('setFundPassword', { ...form }),
      invalidatesTags: ['UserInfo'],
    }),
    // The fund password checked once for an order ticket: its orders send the grant instead.
    fundPasswordGrant: builder.mutation<FundPasswordGrant, { fundPassword: string }>({
      query: (form) => user('fundPasswordGrant', { ...form }),
    }),

    // ── passkeys and step-up ─────────────────────────────────────────────────────
    passkeyRegisterOptions: builder.mutation<{ options: WebAuthnOptionsJSON }, void>({
      query: () => user('passkeyRegisterOptions'),
    }),
    passkeyRegister: builder.mutation<PasskeyInfo, { credential: string; name?: string }>({
      query: (form) => user('passkeyRegister', { ...form }),
      invalidatesTags: ['Identity', 'UserInfo'],
    }),
    getPasskeys: builder.query<PasskeyInfo[], void>({
      query: () => user('passkeys', undefined, false),
      providesTags: ['Identity'],
    }),
    passkeyRename: builder.mutation<PasskeyInfo, { id: string; name: string }>({
      query: (form) => user('passkeyRename', { ...form }),
      invalidatesTags: ['Identity'],
    }),
    passkeyRemove: builder.mutation<null, { id: string }>({
      query: (form) => user('passkeyRemove', { ...form }),
      invalidatesTags: ['Identity', 'UserInfo'],
    }),
    stepUpOptions: builder.mutation<StepUpOptionsResult, { purpose: StepUpPurpose }>({
      query: (form) => user('stepUpOptions', { ...form }),
    }),
    stepUpVerify: builder.mutation<StepUpGrantResult, StepUpVerifyArgs>({
      query: (form) => user('stepUpVerify', { ...form }),
    }),

    // ── identity verification ────────────────────────────────────────────────────
    getRealNameStatus: builder.query<RealNameStatus, void>({
      query: () => user('realNameStatus', undefined, false),
      providesTags: ['Identity'],
    }),
    realNameSubmit: builder.mutation<RealNameStatus, RealNameSubmitArgs>({
      query: (form) => user('realNameSubmit', { ...form }),
      invalidatesTags: ['Identity', 'UserInfo'],
    }),

    // ── site messages ────────────────────────────────────────────────────────────
    getMessages: builder.query<SiteMessagePage, MessagesArgs>({
      query: (form) => user('messages', { ...form }, false),
      providesTags: ['Messages'],
    }),
    getMessageUnread: builder.query<{ unread: number }, void>({
      // The bell must never toast: a failed count just shows no badge.
      query: () => user('messageUnread'),
      providesTags: ['Messages'],
    }),
    getMessageDetail: builder.query<SiteMessageDetail, { id: number; lang?: Lang }>({
      query: (form) => user('messageDetail', { ...form }, false),
      // Opening a message marks it read: lists and counts must refresh.
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        try {
          await queryFulfilled;
          dispatch(api.util.invalidateTags(['Messages', 'UserInfo']));
        } catch {
          // Not read: nothing changed.
        }
      },
    }),
    messageRead: builder.mutation<{ unread: number }, { id: number } | { all: true }>({
      query: (form) => user('messageRead', 'all' in form ? { all: 1 } : { id: form.id }, false),
      invalidatesTags: ['Messages', 'UserInfo'],
    }),

    // ── agents ───────────────────────────────────────────────────────────────────
    getInviteCodes: builder.query<{ codes: InviteCodeInfo[] }, void>({
      query: () => user('inviteCodes', undefined, false),
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useLoginPasskeyMutation,
  useForgotCodeMutation,
  useForgotResetMutation,
  useLogoutMutation,
  useGetUserInfoQuery,
  useChangePasswordMutation,
  useSetFundPasswordMutation,
  useFundPasswordGrantMutation,
  usePasskeyRegisterOptionsMutation,
  usePasskeyRegisterMutation,
  useGetPasskeysQuery,
  usePasskeyRenameMutation,
  usePasskeyRemoveMutation,
  useStepUpOptionsMutation,
  useStepUpVerifyMutation,
  useGetRealNameStatusQuery,
  useRealNameSubmitMutation,
  useGetMessagesQuery,
  useGetMessageUnreadQuery,
  useGetMessageDetailQuery,
  useMessageReadMutation,
  useGetInviteCodesQuery,
} = identityApi;

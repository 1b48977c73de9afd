// The `support` calls the support chat makes (docs/api/support.md §2), typed by the shared
// schemas, plus the deposit channels (support/depositInfo) for the deposit-through-support form.
// Injected into the SDK's base api (model: ./price-alerts.ts); every call is `silent`: the chat
// shows each refusal itself, translated, where it happened (composer, rating, deposit form).
// The message list is kept by the page (pages of history, live appends), so `messages` is a
// query the page triggers itself, never cached across pages.
import { api, type KabutoQueryArgs } from '@kabuto/shared-sdk';
import type {
  DepositInfo,
  SupportAttachmentUrl,
  SupportContactResult,
  SupportConversationView,
  SupportDepositRequestForm,
  SupportDepositRequestResult,
  SupportRepayRequestForm,
  SupportRepayRequestResult,
  SupportMessagePage,
  SupportSendResult,
  SupportTopic,
} from '@kabuto/shared-sdk/schemas';

type Params = Record<string, string | number | boolean | undefined>;

const support = (action: string, params?: Params): KabutoQueryArgs => ({ group: 'support', action, params, silent: true });

export interface SupportSendArgs {
  text?: string;
  /** Upload keys (purpose support-attachment). */
  attachments: readonly string[];
  idempotencyKey: string;
}

export const supportApi = api.enhanceEndpoints({ addTagTypes: ['SupportConversation'] }).injectEndpoints({
  endpoints: (builder) => ({
    getSupportConversation: builder.query<SupportConversationView, void>({
      query: () => support('conversation'),
      providesTags: ['SupportConversation'],
    }),
    getSupportMessages: builder.query<SupportMessagePage, { beforeId?: number; limit?: number }>({
      query: ({ beforeId, limit }) => support('messages', { beforeId, limit }),
      keepUnusedDataFor: 0,
    }),
    sendSupportMessage: builder.mutation<SupportSendResult, SupportSendArgs>({
      query: ({ text, attachments, idempotencyKey }) =>
        support('send', { text: text || undefined, attachments: attachments.length > 0 ? attachments.join(',') : undefined, idempotencyKey }),
      // The answer carries the conversation as it is now (status, hours): no second call.
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          void dispatch(supportApi.util.upsertQueryData('getSupportConversation', undefined, data.conversation));
        } catch {
          // Refused: nothing changed.
        }
      },
    }),
    readSupportMessages: builder.mutation<SupportConversationView, { upToId: number }>({
      query: ({ upToId }) => support('read', { upToId }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          void dispatch(supportApi.util.upsertQueryData('getSupportConversation', undefined, data));
        } catch {
          // Not marked: the badge stays until the next read.
        }
      },
    }),
    setSupportTyping: builder.mutation<null, { typing: boolean }>({
      query: ({ typing }) => support('typing', { typing }),
    }),
    rateSupport: builder.mutation<SupportConversationView, { stars: number; comment?: string }>({
      query: ({ stars, comment }) => support('rate', { stars: String(stars), comment: comment || undefined }),
      invalidatesTags: ['SupportConversation'],
    }),
    requestSupportDeposit: builder.mutation<SupportDepositRequestResult, SupportDepositRequestForm>({
      query: (form) => support('depositRequest', { ...form }),
    }),
    /** Credit's own repayment, made in the chat (a loan-repayment message). */
    requestSupportRepayment: builder.mutation<SupportRepayRequestResult, SupportRepayRequestForm>({
      query: (form) => support('repayRequest', { ...form }),
    }),
    getSupportAttachmentUrl: builder.query<SupportAttachmentUrl, { key: string }>({
      query: ({ key }) => support('attachment', { key }),
      // The signed URL lives 15 minutes: never show one older than that.
      keepUnusedDataFor: 600,
    }),
    contactSupport: builder.mutation<SupportContactResult, { topic: SupportTopic }>({
      query: ({ topic }) => support('contact', { topic }),
      invalidatesTags: ['SupportConversation'],
    }),
    /** The deposit channels the deposit-through-support form offers (funds' own, through support, so seat accounts get them too). */
    getSupportDepositChannels: builder.query<DepositInfo, void>({
      query: () => support('depositInfo'),
    }),
  }),
});

export const {
  useGetSupportConversationQuery,
  useLazyGetSupportMessagesQuery,
  useSendSupportMessageMutation,
  useReadSupportMessagesMutation,
  useSetSupportTypingMutation,
  useRateSupportMutation,
  useRequestSupportDepositMutation,
  useRequestSupportRepaymentMutation,
  useGetSupportAttachmentUrlQuery,
  useContactSupportMutation,
  useGetSupportDepositChannelsQuery,
} = supportApi;

// Customer support chat (docs/support.md, docs/api/support.md): forms and answers of the
// `support` group (customer calls, /api/vue/support/<action>) and of the operator calls under
// /api/ops/support, shared by mf-account, the operator console and the server. Node-safe.
// Message text is plain text: clients render it as text, never as HTML.
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { SUPPORT_ATTACHMENTS_MAX, SUPPORT_COMMENT_MAX, SUPPORT_PAGE_MAX, SUPPORT_SEND_PER_MINUTE, SUPPORT_TEXT_MAX } from '../messages/catalogue/support';
import { creditRepayFormSchema, type LoanRecord } from './credit';
import { depositFormSchema, idempotencyKeySchema, type DepositRecord, type Money } from './funds';
import { UPLOAD_KEY_PATTERN } from './identity';
import { rowIdSchema } from './numbers';

export { SUPPORT_ATTACHMENTS_MAX, SUPPORT_COMMENT_MAX, SUPPORT_PAGE_MAX, SUPPORT_SEND_PER_MINUTE, SUPPORT_TEXT_MAX };

/** Messages per page when `limit` is not given. */
export const SUPPORT_PAGE_DEFAULT = 20;

/**
 * open: waiting on support; waiting: waiting on the customer (support answered and asked
 * something); resolved: closed by support. A customer's message reopens a resolved one.
 */
export const SUPPORT_STATUSES = ['open', 'waiting', 'resolved'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Who wrote a message: the customer, an operator, the system (status lines) or the out-of-hours reply. */
export const SUPPORT_AUTHOR_KINDS = ['customer', 'operator', 'system', 'auto'] as const;
export type SupportAuthorKind = (typeof SUPPORT_AUTHOR_KINDS)[number];

/**
 * text: plain text and/or attachments; auto: the out-of-hours reply (data.nextOpenAt);
 * deposit-request: a deposit made through the chat (data.deposit); loan-repayment: a loan
 * repayment made through the chat (data.repayment); restriction: the
 * customer text of a restriction (data.restrictions); status: a status change line (data.status).
 */
export const SUPPORT_MESSAGE_KINDS = ['text', 'auto', 'deposit-request', 'loan-repayment', 'restriction', 'status'] as const;
export type SupportMessageKind = (typeof SUPPORT_MESSAGE_KINDS)[number];

/** What a conversation started with support/contact is about (operators filter by it). */
export const SUPPORT_TOPICS = ['general', 'account', 'deposit', 'withdrawal', 'trading', 'restriction'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

/** Restrictions a signed-in customer can have and be told about (the others end every session). */
export const SUPPORT_RESTRICTIONS = ['trade_banned', 'withdraw_banned'] as const;
export type SupportRestriction = (typeof SUPPORT_RESTRICTIONS)[number];

const emptyIsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Message text: trimmed, at most SUPPORT_TEXT_MAX characters; empty means none. */
const textField = z.preprocess(
  emptyIsMissing,
  z
    .string({ error: MSG.supportTextTooLong })
    .transform((s) => s.trim())
    .pipe(z.string().max(SUPPORT_TEXT_MAX, { error: MSG.supportTextTooLong }))
    .optional(),
);

const uploadKeyField = z.string({ error: MSG.supportAttachmentNotFound }).trim().regex(UPLOAD_KEY_PATTERN, { error: MSG.supportAttachmentNotFound });

/** Attachment keys: an array (JSON) or comma-separated text (form-encoded); at most SUPPORT_ATTACHMENTS_MAX, no repeats. */
const attachmentsField = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'string')
      return v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
    return v;
  },
  z
    .array(uploadKeyField, { error: MSG.supportAttachmentNotFound })
    .max(SUPPORT_ATTACHMENTS_MAX, { error: MSG.supportTooManyAttachments })
    .refine((keys) => new Set(keys).size === keys.length, { error: MSG.supportAttachmentNotFound }),
);

const pageLimitField = z.preprocess(
  emptyIsMissing,
  z.coerce
    .number({ error: MSG.invalidParams })
    .int({ error: MSG.invalidParams })
    .min(1, { error: MSG.invalidParams })
    .max(SUPPORT_PAGE_MAX, { error: MSG.invalidParams })
    .optional()
    .default(SUPPORT_PAGE_DEFAULT),
);

const messageIdField = rowIdSchema(MSG.supportMessageNotFound);
const booleanField = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], { error: MSG.invalidParams });

// ---- customer forms ------------------------------------------------------------------

/** support/conversation: no fields. */
export const supportConversationFormSchema = z.object({});
/** support/messages: the page before `beforeId` (the newest page without it). */
export const supportMessagesFormSchema = z.object({
  beforeId: z.preprocess(emptyIsMissing, messageIdField.optional()),
  limit: pageLimitField,
});
/** A message holds text, images or both: an empty one is refused with the same message for customers and operators. */
function refuseEmptyMessage(form: { text?: string | undefined; attachments: readonly string[] }, ctx: z.RefinementCtx): void {
  if ((form.text === undefined || form.text === '') && form.attachments.length === 0) {
    ctx.addIssue({ code: 'custom', message: MSG.supportMessageEmpty, path: ['text'] });
  }
}
/** support/send: text and/or attachments; the same idempotencyKey answers the same message. */
export const supportSendFormSchema = z
  .object({ text: textField, attachments: attachmentsField, idempotencyKey: idempotencyKeySchema })
  .superRefine(refuseEmptyMessage);
/** support/read: every support message up to this id has been seen. */
export const supportReadFormSchema = z.object({ upToId: messageIdField });
/** support/typing: the customer started (true) or stopped (false) typing. Live only. */
export const supportTypingFormSchema = z.object({ typing: booleanField });
/** support/rate: 1–5 stars and an optional comment, once per resolution. */
export const supportRateFormSchema = z.object({
  stars: z.coerce
    .number({ error: MSG.supportRatingInvalid })
    .int({ error: MSG.supportRatingInvalid })
    .min(1, { error: MSG.supportRatingInvalid })
    .max(5, { error: MSG.supportRatingInvalid }),
  comment: z.preprocess(
    emptyIsMissing,
    z.string({ error: MSG.supportCommentTooLong }).trim().max(SUPPORT_COMMENT_MAX, { error: MSG.supportCommentTooLong }).optional(),
  ),
});
/** support/depositRequest: the funds deposit form (channel, amount, proof with purpose deposit-proof, idempotencyKey). */
export const supportDepositRequestFormSchema = depositFormSchema;
/** support/repayRequest: credit's own repayment form (amount in yen, fund password, idempotencyKey). */
export const supportRepayRequestFormSchema = creditRepayFormSchema;
/** support/attachment: a signed GET URL of one attachment of my conversation. */
export const supportAttachmentFormSchema = z.object({ key: uploadKeyField });
/** support/contact: start or continue my conversation about a topic. */
export const supportContactFormSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: MSG.supportTopicInvalid }),
});

export type SupportMessagesForm = z.input<typeof supportMessagesFormSchema>;
export type SupportSendForm = z.input<typeof supportSendFormSchema>;
export type SupportReadForm = z.input<typeof supportReadFormSchema>;
export type SupportTypingForm = z.input<typeof supportTypingFormSchema>;
export type SupportRateForm = z.input<typeof supportRateFormSchema>;
export type SupportDepositRequestForm = z.input<typeof supportDepositRequestFormSchema>;
export type SupportRepayRequestForm = z.input<typeof supportRepayRequestFormSchema>;
export type SupportAttachmentForm = z.input<typeof supportAttachmentFormSchema>;
export type SupportContactForm = z.input<typeof supportContactFormSchema>;

// ---- customer answers ------------------------------------------------------------------

/** Support hours now, on the business clock (docs/support.md §2). */
export interface SupportHours {
  open: boolean;
  /** When support next opens (ISO instant), null while open. */
  nextOpenAt: string | null;
  /** When the current opening ends (ISO instant), null while closed. */
  closesAt: string | null;
  /** The published hours: weekdays, JST, local times 'HH:MM'. */
  timeZone: 'Asia/Tokyo';
  opens: string;
  closes: string;
  /** Japanese public holidays are closed days too. */
  holidaysClosed: true;
}

/** One attachment: the upload key; support/attachment turns it into a signed URL. */
export interface SupportAttachment {
  key: string;
}

/** What a message carries besides its text, by kind. */
export type SupportMessageData =
  | { kind: 'text' }
  /** Out-of-hours reply: the client shows "support opens at …" in its language. */
  | { kind: 'auto'; nextOpenAt: string }
  /** The deposit as it is now (state follows the `deposit` live event with this id). */
  | { kind: 'deposit-request'; deposit: DepositRecord }
  /** A loan repayment made in the chat, as it was made (a repayment never changes afterwards). */
  | { kind: 'loan-repayment'; repayment: SupportLoanRepayment }
  /** The customer texts of my restrictions (never the internal note); reason null when none was given. */
  | { kind: 'restriction'; restrictions: { restriction: SupportRestriction; reason: string | null }[] }
  | { kind: 'status'; status: SupportStatus };

/** One repayment of my loan from cash (interest first, then principal), and what it left owed. */
export interface SupportLoanRepayment {
  loanId: number;
  orderNo: string;
  amount: Money;
  /** Principal + accrued interest still owed right after it (0: repaid in full). */
  outstandingAfter: Money;
}

export interface SupportMessageView {
  id: number;
  conversationId: number;
  author: SupportAuthorKind;
  kind: SupportMessageKind;
  /** Plain text (render as text), or null. */
  text: string | null;
  attachments: SupportAttachment[];
  data: SupportMessageData;
  /** ISO instant, real time. */
  createdAt: string;
}

export interface SupportConversationView {
  id: number;
  status: SupportStatus;
  topic: SupportTopic;
  /** Operator messages after my last support/read. */
  unread: number;
  /** How far support has read my messages (read receipts), or null. */
  supportReadUpToId: number | null;
  createdAt: string;
  lastActivityAt: string;
  resolvedAt: string | null;
  /** My rating of the current resolution, or null. */
  rating: { stars: number; comment: string | null } | null;
  /** Resolved and not rated yet. */
  canRate: boolean;
  hours: SupportHours;
}

/** A page of messages, oldest first within the page; `nextBeforeId` asks for the older page (null: none). */
export interface SupportMessagePage {
  list: SupportMessageView[];
  nextBeforeId: number | null;
}

export interface SupportSendResult {
  message: SupportMessageView;
  /** The out-of-hours reply this message triggered (first message of a closed period), else null. */
  autoReply: SupportMessageView | null;
  conversation: SupportConversationView;
}

export interface SupportDepositRequestResult {
  message: SupportMessageView;
  deposit: DepositRecord;
}

export interface SupportRepayRequestResult {
  message: SupportMessageView;
  /** The loan as the repayment left it. */
  loan: LoanRecord;
}

export interface SupportAttachmentUrl {
  key: string;
  url: string;
  expiresAt: string;
}

export interface SupportContactResult {
  conversation: SupportConversationView;
  /** The restriction message added (topic restriction), else null. */
  message: SupportMessageView | null;
}

/** Data of the `seatAccountSupportOnly` refusal: the client offers the support chat. */
export interface SupportHint {
  rule: 'seat-account-support-only';
  support: true;
}

// ---- live ------------------------------------------------------------------------------

/** What changed in a conversation; the same shapes reach the customer (`support` user event) and operators (the live stream). */
export type SupportEventData =
  | { type: 'message'; conversationId: number; message: SupportMessageView; unread: number }
  | { type: 'typing'; conversationId: number; author: 'customer' | 'operator'; typing: boolean }
  | { type: 'read'; conversationId: number; reader: 'customer' | 'operator'; upToId: number }
  | { type: 'status'; conversationId: number; status: SupportStatus };

/** The customer's support conversation changed (message, typing, read receipt, status). */
export interface SupportEvent {
  event: 'support';
  data: SupportEventData;
}

// ---- operator forms and answers (/api/ops/support) ----------------------------------

const opsTextField = z
  .string({ error: MSG.supportMessageEmpty })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, { error: MSG.supportMessageEmpty }).max(SUPPORT_TEXT_MAX, { error: MSG.supportTextTooLong }));

export const opsSupportListQuerySchema = z.object({
  status: z.preprocess(emptyIsMissing, z.enum(SUPPORT_STATUSES, { error: MSG.invalidParams }).optional()),
  /** Operator name. */
  assignee: z.preprocess(emptyIsMissing, z.string().trim().max(40).optional()),
  unassigned: z.preprocess(emptyIsMissing, booleanField.optional()),
  /** Customer account (10 digits) or its beginning. */
  account: z.preprocess(
    emptyIsMissing,
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, { error: MSG.invalidParams })
      .optional(),
  ),
  limit: z.preprocess(emptyIsMissing, z.coerce.number().int().min(1).max(200).optional().default(50)),
});
/**
 * A reply: text and/or images the operator uploaded for this conversation (each key's upload
 * policy came from the conversation's attachments/policy call). `idempotencyKey` (the console
 * sends one per message): a retry after a lost answer (the API restarted) finds the stored
 * message instead of writing it twice.
 */
export const opsSupportReplyFormSchema = z
  .object({ text: textField, attachments: attachmentsField, idempotencyKey: z.preprocess(emptyIsMissing, idempotencyKeySchema.optional()) })
  .superRefine(refuseEmptyMessage);
/** An upload policy for one image key of a reply (purpose support-attachment). */
export const opsSupportAttachmentPolicyFormSchema = z.object({ key: uploadKeyField });
/**
 * A private note: text and/or images, like a reply. Its images use the same attachment policy
 * (owner: the conversation's customer, which only scopes the claim); the customer never gets a
 * URL for them, because their attachment call reads non-private messages only.
 */
export const opsSupportNoteFormSchema = opsSupportReplyFormSchema;
export const opsSupportAssignFormSchema = z.object({
  /** Operator name; empty or missing: me. */
  operator: z.preprocess(emptyIsMissing, z.string().trim().max(40).optional()),
});
export const opsSupportStatusFormSchema = z.object({ status: z.enum(SUPPORT_STATUSES, { error: MSG.invalidParams }) });
export const opsSupportTypingFormSchema = z.object({ typing: booleanField });
export const opsSupportReadFormSchema = z.object({ upToId: messageIdField });
export const opsSupportCannedFormSchema = z.object({
  title: z.string({ error: MSG.supportCannedInvalid }).trim().min(1, { error: MSG.supportCannedInvalid }).max(80, { error: MSG.supportCannedInvalid }),
  text: opsTextField,
});
export const opsSupportAttachmentQuerySchema = z.object({ key: uploadKeyField });

export interface OpsSupportMessageView extends Omit<SupportMessageView, 'author'> {
  author: SupportAuthorKind;
  /** Operator name for operator messages and notes, else null. */
  operator: string | null;
  /** Private note: operators only. */
  private: boolean;
}

export interface OpsSupportConversationRow {
  id: number;
  account: string;
  role: string;
  status: SupportStatus;
  topic: SupportTopic;
  assignee: string | null;
  /** Since when the customer waits for an answer (ISO), null when nobody waits. */
  waitingSince: string | null;
  lastActivityAt: string;
  createdAt: string;
  resolvedAt: string | null;
  /** Customer messages after the operators' last read. */
  unread: number;
  /** The latest message's text (first 120 characters), for the inbox. */
  preview: string | null;
  rating: { stars: number; comment: string | null } | null;
}

export interface OpsSupportCustomerPanel {
  account: string;
  role: string;
  kyc: string;
  /** Every current restriction with the internal note and the customer text. */
  restrictions: { restriction: string; internalNote: string | null; customerText: string | null }[];
  /** Cash per currency, exact amount text. */
  balances: { currency: string; amount: string }[];
  openOrders: number;
  pendingDeposits: number;
  pendingWithdrawals: number;
}

export interface OpsSupportConversationDetail {
  conversation: OpsSupportConversationRow;
  /** Every message, oldest first, private notes included. */
  messages: OpsSupportMessageView[];
  customer: OpsSupportCustomerPanel;
  /** How far the customer has read support's messages. */
  customerReadUpToId: number | null;
}

export interface OpsSupportCannedReply {
  id: number;
  title: string;
  text: string;
  createdBy: string;
  createdAt: string;
}

/** One event of the operators' live stream (GET /api/ops/support/live, server-sent events). */
export type OpsSupportLiveEvent =
  | { type: 'message'; conversationId: number; account: string; message: OpsSupportMessageView }
  | { type: 'typing'; conversationId: number; account: string; author: 'customer' | 'operator'; typing: boolean }
  | { type: 'read'; conversationId: number; account: string; reader: 'customer' | 'operator'; upToId: number }
  | { type: 'status'; conversationId: number; account: string; status: SupportStatus }
  | { type: 'assign'; conversationId: number; account: string; assignee: string | null };

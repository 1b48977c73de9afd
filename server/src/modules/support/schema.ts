// Tables of the support module (docs/support.md). Composed in src/schema.ts.
// One conversation per customer, reused for every topic (the Chatwoot model: a resolved
// conversation reopens when the customer writes again).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns';
import { users } from '../identity/schema';
import { operators } from '../ops/schema';

/** What a message's data column holds, by kind (the views add what is read at answer time). */
export type SupportMessageDataRow =
  | { kind: 'text' }
  /** forMessageId: the customer message that started the closed period, so a retried send answers the same reply. */
  | { kind: 'auto'; nextOpenAt: string; forMessageId: number }
  | { kind: 'deposit-request'; depositId: number }
  /** Figures as the repayment left them, in yen (minor units as decimal text). */
  | { kind: 'loan-repayment'; loanId: number; orderNo: string; amountMinor: string; outstandingAfterMinor: string }
  | { kind: 'restriction'; restrictions: { restriction: 'trade_banned' | 'withdraw_banned'; reason: string | null }[] }
  | { kind: 'status'; status: 'open' | 'waiting' | 'resolved' };

/**
 * A customer's conversation with support. status: open (waiting on support) → waiting (on the
 * customer) → resolved; a customer message makes it open again. `resolution` counts how many
 * times it was resolved, so a rating belongs to one resolution.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['open', 'waiting', 'resolved'] }).notNull(),
    topic: text('topic', { enum: ['general', 'account', 'deposit', 'withdrawal', 'trading', 'restriction'] }).notNull(),
    assigneeId: integer('assignee_id').references(() => operators.id),
    createdAt: tstz('created_at').notNull(),
    lastActivityAt: tstz('last_activity_at').notNull(),
    /** Since when the customer waits for an answer; cleared by an operator reply. */
    waitingSince: tstz('waiting_since'),
    resolvedAt: tstz('resolved_at'),
    resolution: integer('resolution').notNull().default(0),
    /** The resolution the rating is for; a rating is possible once per resolution. */
    ratedResolution: integer('rated_resolution'),
    ratingStars: integer('rating_stars'),
    ratingComment: text('rating_comment'),
    ratedAt: tstz('rated_at'),
    /** Read receipts: the last message id each side has seen. */
    customerReadUpTo: integer('customer_read_up_to'),
    operatorReadUpTo: integer('operator_read_up_to'),
    /** The next opening (business clock) the out-of-hours reply was sent for: one reply per closed period. */
    autoRepliedFor: tstz('auto_replied_for'),
  },
  (t) => [
    uniqueIndex('support_conversations_user_key').on(t.userId),
    index('support_conversations_status_idx').on(t.status, t.lastActivityAt),
    index('support_conversations_assignee_idx').on(t.assigneeId),
  ],
);

/**
 * One message. Private notes (operators only) never reach the customer. A customer's send
 * carries its idempotency key: the unique index makes a retry find the stored message.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    author: text('author', { enum: ['customer', 'operator', 'system', 'auto'] }).notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    private: boolean('private').notNull().default(false),
    kind: text('kind', { enum: ['text', 'auto', 'deposit-request', 'loan-repayment', 'restriction', 'status'] }).notNull(),
    /** Plain text as sent (trimmed); never HTML. */
    body: text('body'),
    /** Upload keys claimed for this message (purpose support-attachment). */
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    data: jsonb('data').$type<SupportMessageDataRow>().notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('support_messages_idempotency_key')
      .on(t.conversationId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** Operators' canned replies. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => operators.id),
  createdAt: tstz('created_at').notNull(),
});

export type SupportConversationRow = typeof supportConversations.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type SupportCannedRow = typeof supportCannedReplies.$inferSelect;

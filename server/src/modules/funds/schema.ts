// Tables of the funds module (docs/api/funds.md). Composed in src/schema.ts
// for migrations; other modules import them through funds' index.ts. Money columns are bigint minor units.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uploads } from '../common/schema';
import { tstz, money } from '../../db/columns';
import { users } from '../identity/schema';
import type { JournalType } from '@kabuto/shared-sdk/schemas';

/**
 * A ledger account. `kind` is an open set (customer_cash, customer_frozen, broker_bank,
 * fx_clearing, fees, adjustments; other modules add theirs). `key` makes one row per
 * kind, currency and owner: 'customer_cash:JPY:u42', 'broker_bank:JPY'.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('ledger_accounts_key').on(t.key), index('ledger_accounts_user_idx').on(t.userId)],
);

/** One business event: a balanced set of postings. Never updated or deleted. */
export const ledgerJournal = pgTable(
  'ledger_journal',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    type: text('type').$type<JournalType>().notNull(),
    /** The business record that caused it: 'deposit:12', 'withdrawal:7', 'exchange:3'. */
    reference: text('reference').notNull(),
    /** The customer concerned, when there is one. */
    userId: integer('user_id').references(() => users.id),
    memo: text('memo'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('ledger_journal_user_idx').on(t.userId, t.id), index('ledger_journal_reference_idx').on(t.reference)],
);

/**
 * A signed amount on one account: the account's balance is the sum of its postings. Per
 * journal entry and currency the amounts sum to zero. Immutable (code never updates
 * them; the ledger_postings_immutable trigger refuses UPDATE and DELETE).
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    journalId: bigint('journal_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerJournal.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    /** Owner of the account (copied so a customer's postings are one index scan). */
    userId: integer('user_id').references(() => users.id),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_user_idx').on(t.userId, t.id),
    index('ledger_postings_journal_idx').on(t.journalId),
    check('ledger_postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** Cache of sum(postings.amount) per account, updated in the posting transaction. */
export const ledgerBalances = pgTable('ledger_balances', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => ledgerAccounts.id),
  balance: money('balance').notNull(),
  updatedAt: tstz('updated_at').notNull(),
});

/** One row per user, locked FOR UPDATE to serialise that user's fund operations. */
export const fundsUserLocks = pgTable('funds_user_locks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  lockedAt: tstz('locked_at').notNull(),
  /**
   * Counts the times the lock was taken. A holder that remembers figures it wrote under the lock
   * (trading's order writer: its customers' holds) may use them again only if the next lock it
   * takes is the very next version: nobody else held the lock in between.
   */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Accepted money-moving calls by idempotency key: a repeat answers `response` again. */
export const fundsIdempotency = pgTable(
  'funds_idempotency',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    action: text('action').notNull(),
    /** sha256 of the action and its money-relevant parameters. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').$type<{ msg: string; data: unknown }>().notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    holderName: text('holder_name').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    branchCode: text('branch_code').notNull(),
    branchName: text('branch_name').notNull(),
    accountType: text('account_type', { enum: ['ordinary', 'current'] }).notNull(),
    accountNumber: text('account_number').notNull(),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    index('bank_cards_user_idx').on(t.userId),
    uniqueIndex('bank_cards_live_account_key')
      .on(t.bankCode, t.branchCode, t.accountNumber)
      .where(sql`deleted_at is null`),
  ],
);

export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channelId: text('channel_id').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    proofKey: text('proof_key')
      .notNull()
      .references(() => uploads.key),
    state: text('state', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    rejectReason: text('reject_reason'),
    createdAt: tstz('created_at').notNull(),
    /** Demo mode: when the sweeper approves it. */
    autoApproveAt: tstz('auto_approve_at'),
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: text('reviewed_by'),
  },
  (t) => [index('deposits_user_idx').on(t.userId, t.id), index('deposits_state_idx').on(t.state, t.id)],
);

export interface WithdrawalCardSnapshotRow {
  bankName: string;
  branchName: string;
  accountType: 'ordinary' | 'current';
  accountNumber: string;
  holderName: string;
}

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    cardId: integer('card_id')
      .notNull()
      .references(() => bankCards.id),
    /** The card as it was when the request was made (cards can change or go). */
    card: jsonb('card').$type<WithdrawalCardSnapshotRow>().notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    state: text('state', { enum: ['pending', 'paid', 'rejected'] }).notNull(),
    rejectReason: text('reject_reason'),
    createdAt: tstz('created_at').notNull(),
    reviewBy: tstz('review_by').notNull(),
    expectedBy: tstz('expected_by').notNull(),
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: text('reviewed_by'),
  },
  (t) => [index('withdrawals_user_idx').on(t.userId, t.id), index('withdrawals_state_idx').on(t.state, t.id)],
);

/** A rate offered to one user for 30 s; executing it applies exactly this rate. */
export const fxQuotes = pgTable(
  'fx_quotes',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    fromAmount: money('from_amount').notNull(),
    toAmount: money('to_amount').notNull(),
    /** Units of `to` per unit of `from`, × 10^10. */
    rateScaled: money('rate_scaled').notNull(),
    provider: text('provider').notNull(),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('fx_quotes_user_idx').on(t.userId)],
);

export const fxExchanges = pgTable(
  'fx_exchanges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => fxQuotes.id),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    fromAmount: money('from_amount').notNull(),
    toAmount: money('to_amount').notNull(),
    rateScaled: money('rate_scaled').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('fx_exchanges_quote_key').on(t.quoteId), index('fx_exchanges_user_idx').on(t.userId)],
);

/** Operator adjustment of a customer's cash: proposed by one operator, approved by another. */
export const fundAdjustments = pgTable(
  'fund_adjustments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    /** Signed: + credits the customer, − debits. */
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['proposed', 'approved', 'rejected'] }).notNull(),
    proposedBy: integer('proposed_by').notNull(),
    proposedByName: text('proposed_by_name').notNull(),
    proposedAt: tstz('proposed_at').notNull(),
    decidedByName: text('decided_by_name'),
    decidedAt: tstz('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (t) => [index('fund_adjustments_state_idx').on(t.state, t.id)],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerPostingRow = typeof ledgerPostings.$inferSelect;
export type BankCardRow = typeof bankCards.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type FxQuoteRow = typeof fxQuotes.$inferSelect;
export type FundAdjustmentRow = typeof fundAdjustments.$inferSelect;

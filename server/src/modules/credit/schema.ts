// Credit tables: loan applications and loans (one row from application to repaid), shortfall
// notices and monthly interest statements. Money is in the ledger (loans/accounts.ts); these
// rows are the business records the postings reference.
import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tstz } from '../../db/columns';

export const creditLoans = pgTable(
  'credit_loans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** Order number shown to the customer. */
    orderNo: text('order_no').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'repaid'] }).notNull(),
    note: text('note'),
    /** Snapshot at application. */
    creditScore: integer('credit_score').notNull(),
    creditLine: bigint('credit_line', { mode: 'bigint' }).notNull(),
    borrowable: bigint('borrowable', { mode: 'bigint' }).notNull(),
    borrowed: bigint('borrowed', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    repaid: bigint('repaid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Interest charged so far (accrued, then capitalised). */
    interest: bigint('interest', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** JST date through which interest has been posted ('YYYY-MM-DD'). */
    accruedThrough: text('accrued_through'),
    appliedAt: tstz('applied_at').notNull(),
    decidedAt: tstz('decided_at'),
    decidedBy: text('decided_by'),
    rejectReason: text('reject_reason'),
    repaidAt: tstz('repaid_at'),
    forcedSaleAt: tstz('forced_sale_at'),
  },
  (t) => [
    index('credit_loans_user_idx').on(t.userId, t.id),
    index('credit_loans_status_idx').on(t.status),
    // One application or loan in progress per customer: parallel applications end in one.
    uniqueIndex('credit_loans_one_open_key')
      .on(t.userId)
      .where(sql`status in ('pending', 'approved')`),
  ],
);

export const creditShortfalls = pgTable(
  'credit_shortfalls',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    loanId: integer('loan_id').notNull(),
    ratioBp: integer('ratio_bp').notNull(),
    amountToCure: bigint('amount_to_cure', { mode: 'bigint' }).notNull(),
    /** Last business date to cure, JST. */
    deadline: text('deadline').notNull(),
    state: text('state', { enum: ['open', 'cured', 'forced'] }).notNull(),
    noticeAt: tstz('notice_at').notNull(),
    resolvedAt: tstz('resolved_at'),
  },
  (t) => [
    index('credit_shortfalls_user_idx').on(t.userId),
    uniqueIndex('credit_shortfalls_one_open_key')
      .on(t.loanId)
      .where(sql`state = 'open'`),
  ],
);

export const creditStatements = pgTable(
  'credit_statements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    loanId: integer('loan_id').notNull(),
    /** 'YYYY-MM' (JST). */
    month: text('month').notNull(),
    interest: bigint('interest', { mode: 'bigint' }).notNull(),
    /** Principal after capitalisation: the band balance of the next month. */
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    days: integer('days').notNull(),
    postedAt: tstz('posted_at').notNull(),
  },
  (t) => [uniqueIndex('credit_statements_loan_month_key').on(t.loanId, t.month), index('credit_statements_user_idx').on(t.userId)],
);

export type CreditLoanRow = typeof creditLoans.$inferSelect;
export type CreditShortfallRow = typeof creditShortfalls.$inferSelect;
export type CreditStatementRow = typeof creditStatements.$inferSelect;

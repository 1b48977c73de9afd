// Tables of stock lending (docs/credit.md "Stock lending"). Composed in src/schema.ts.
// user_id is the customer (users.id); no foreign key: a sub-folder's tables may not reach
// another module's schema (.dependency-cruiser.cjs). Quantities are shares, prices integer tenths of a yen, money bigint yen, dates JST 'YYYY-MM-DD'.
import { bigint, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, tstz } from '../../../db/columns';

/** A customer's enrolment: opted in once with the risks version accepted; optedOutAt set on opt-out. */
export const lendingEnrolments = pgTable('lending_enrolments', {
  userId: integer('user_id').primaryKey(),
  mode: text('mode', { enum: ['rights-first', 'interest-first'] }).notNull(),
  risksVersion: text('risks_version').notNull(),
  optedInAt: tstz('opted_in_at').notNull(),
  optedOutAt: tstz('opted_out_at'),
  updatedAt: tstz('updated_at').notNull(),
});

/**
 * Shares of one cash position on loan now (a position is trading's order/holding row). Written by
 * the daily step (lend, recall for a rights date) and by trading's holding-reduction listener
 * (a sale recalls the shares sold) in the transaction that writes the fill.
 */
export const lendingLoans = pgTable(
  'lending_loans',
  {
    positionId: integer('position_id').primaryKey(),
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    quantity: integer('quantity').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [index('lending_loans_user_idx').on(t.userId, t.code), index('lending_loans_code_idx').on(t.code)],
);

/**
 * Per customer and issue, what the last step decided: lent, or why not (quota-full,
 * rights-date, …). The summary shows it; the loans table holds the shares.
 */
export const lendingStates = pgTable(
  'lending_states',
  {
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    status: text('status', { enum: ['lent', 'not-lent', 'recalled', 'excluded'] }).notNull(),
    reason: text('reason', { enum: ['odd-lot', 'unsettled', 'loan-collateral', 'quota-full', 'not-enrolled', 'rights-date'] }),
    businessDate: text('business_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/** One business day's fee on one issue for one customer; journalId null when the fee was 0. */
export const lendingAccruals = pgTable(
  'lending_accruals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    businessDate: text('business_date').notNull(),
    quantity: integer('quantity').notNull(),
    closeTenths: integer('close_tenths').notNull(),
    rateBp: integer('rate_bp').notNull(),
    /** Calendar days covered (to the next business day) and the day units charged (record-day bonus included). */
    days: integer('days').notNull(),
    dayUnits: integer('day_units').notNull(),
    amount: money('amount').notNull(),
    journalId: bigint('journal_id', { mode: 'bigint' }),
    paymentId: integer('payment_id'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('lending_accruals_day_idx').on(t.userId, t.code, t.businessDate), index('lending_accruals_unpaid_idx').on(t.userId, t.paymentId)],
);

/** One month's fees paid to one customer on the payment date. */
export const lendingPayments = pgTable(
  'lending_payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** The payment date (JST) and the months it covers ('YYYY-MM' of the latest). */
    paymentDate: text('payment_date').notNull(),
    month: text('month').notNull(),
    amount: money('amount').notNull(),
    journalId: bigint('journal_id', { mode: 'bigint' }).notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('lending_payments_user_date_idx').on(t.userId, t.paymentDate)],
);

/** The business dates whose daily step is done (the step is idempotent by date). */
export const lendingSteps = pgTable('lending_steps', {
  businessDate: text('business_date').primaryKey(),
  ranAt: tstz('ran_at').notNull(),
});

/**
 * Splits applied to an issue while lending runs (written in the split's transaction, with the
 * loans multiplied): quotas scale by them, and a step caught up for a date before a split
 * counts the shares lent in that date's terms.
 */
export const lendingSplits = pgTable(
  'lending_splits',
  {
    code: text('code').notNull(),
    effectiveDate: text('effective_date').notNull(),
    ratio: integer('ratio').notNull(),
    appliedAt: tstz('applied_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.effectiveDate] })],
);

// Tables of dividends and corporate actions (docs/dividends.md). Money is in the ledger
// (config.ts DIVIDEND_ACCOUNTS); these rows are the business records the postings reference, each
// unique by its idempotency key so a step run twice writes once.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, tstz } from '../../db/columns';

/** One dividend record date of an issue: generated from the universe seed, editable by operators. */
export const caDividendEvents = pgTable(
  'ca_dividend_events',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['year-end', 'interim'] }).notNull(),
    /** The generated record date: the entry's identity even after an operator moves its dates. */
    seedKey: text('seed_key').notNull(),
    recordDate: text('record_date').notNull(),
    lastCumDate: text('last_cum_date').notNull(),
    exDate: text('ex_date').notNull(),
    paymentDate: text('payment_date').notNull(),
    /** Dividend per share, tenths of a yen. */
    dpsTenths: integer('dps_tenths').notNull(),
    dpsSource: text('dps_source', { enum: ['forecast', 'operator'] }).notNull(),
    state: text('state', { enum: ['scheduled', 'ex', 'paid'] }).notNull(),
    perk: boolean('perk').notNull().default(false),
    editedBy: text('edited_by'),
    editedAt: tstz('edited_at'),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('ca_dividend_events_seed_key').on(t.code, t.kind, t.seedKey),
    index('ca_dividend_events_ex_idx').on(t.state, t.exDate),
    index('ca_dividend_events_code_idx').on(t.code, t.recordDate),
  ],
);

/** A stock split: shares × ratio, price ÷ ratio on its effective date. */
export const caSplits = pgTable(
  'ca_splits',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    ratio: integer('ratio').notNull(),
    effectiveDate: text('effective_date').notNull(),
    origin: text('origin', { enum: ['seeded', 'operator'] }).notNull(),
    state: text('state', { enum: ['scheduled', 'done'] }).notNull(),
    priceBeforeTenths: integer('price_before_tenths'),
    priceAfterTenths: integer('price_after_tenths'),
    createdBy: text('created_by'),
    createdAt: tstz('created_at').notNull(),
    doneAt: tstz('done_at'),
  },
  (t) => [uniqueIndex('ca_splits_code_date_key').on(t.code, t.effectiveDate), index('ca_splits_state_idx').on(t.state, t.effectiveDate)],
);

/** A holder's dividend on one record date: snapshot at the ex-date, receivable, then paid. */
export const caDividendPayments = pgTable(
  'ca_dividend_payments',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => caDividendEvents.id),
    userId: integer('user_id').notNull(),
    basis: text('basis', { enum: ['holding', 'lent'] }).notNull(),
    shares: integer('shares').notNull(),
    dpsTenths: integer('dps_tenths').notNull(),
    gross: money('gross').notNull(),
    incomeTax: money('income_tax').notNull(),
    residentTax: money('resident_tax').notNull(),
    net: money('net').notNull(),
    state: text('state', { enum: ['receivable', 'paid'] }).notNull(),
    receivableJournalId: money('receivable_journal_id'),
    paymentJournalId: money('payment_journal_id'),
    bookedAt: tstz('booked_at').notNull(),
    paidAt: tstz('paid_at'),
  },
  (t) => [uniqueIndex('ca_dividend_payments_key').on(t.eventId, t.userId, t.basis), index('ca_dividend_payments_user_idx').on(t.userId, t.id)],
);

/** 配当落調整金 of one margin position on one record date: reserved at the ex-date, settled at payment. */
export const caDividendAdjustments = pgTable(
  'ca_dividend_adjustments',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => caDividendEvents.id),
    userId: integer('user_id').notNull(),
    positionId: integer('position_id').notNull(),
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    marginKind: text('margin_kind', { enum: ['standard', 'general'] }).notNull(),
    shares: integer('shares').notNull(),
    dpsTenths: integer('dps_tenths').notNull(),
    ratePpht: integer('rate_ppht').notNull(),
    gross: money('gross').notNull(),
    /** Signed: + received (long), − paid (short). */
    amount: money('amount').notNull(),
    state: text('state', { enum: ['reserved', 'settled'] }).notNull(),
    reserveJournalId: money('reserve_journal_id'),
    settleJournalId: money('settle_journal_id'),
    reservedAt: tstz('reserved_at').notNull(),
    settledAt: tstz('settled_at'),
  },
  (t) => [uniqueIndex('ca_dividend_adjustments_key').on(t.eventId, t.positionId), index('ca_dividend_adjustments_user_idx').on(t.userId, t.id)],
);

/** A perk (株主優待) an entitled holder gets on a record date: simulated, no cash value, no posting. */
export const caPerks = pgTable(
  'ca_perks',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => caDividendEvents.id),
    userId: integer('user_id').notNull(),
    shares: integer('shares').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('ca_perks_key').on(t.eventId, t.userId), index('ca_perks_user_idx').on(t.userId, t.id)],
);

export interface CancelledOrderRecord {
  orderId: number;
  side: 'buy' | 'sell';
  quantity: number;
  priceTenths: number | null;
}

/** What a split did to one customer: shares before/after and the orders it cancelled. */
export const caSplitEffects = pgTable(
  'ca_split_effects',
  {
    id: serial('id').primaryKey(),
    splitId: integer('split_id')
      .notNull()
      .references(() => caSplits.id),
    userId: integer('user_id').notNull(),
    sharesBefore: integer('shares_before').notNull(),
    sharesAfter: integer('shares_after').notNull(),
    marginSharesBefore: integer('margin_shares_before').notNull(),
    marginSharesAfter: integer('margin_shares_after').notNull(),
    cancelledOrders: jsonb('cancelled_orders')
      .$type<CancelledOrderRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('ca_split_effects_key').on(t.splitId, t.userId), index('ca_split_effects_user_idx').on(t.userId, t.id)],
);

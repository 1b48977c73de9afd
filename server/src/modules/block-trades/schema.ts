// Tables of the block-trades module (docs/block-trades.md). Composed in src/schema.ts.
// Prices are tenths of a yen (the venue's unit, whole yen here), quantities shares, money bigint yen.
// CHECK constraints make the database refuse a negative inventory or an oversold offer even if a
// code path forgot to lock: the rows are also locked FOR UPDATE by every buy.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tstz, money } from '../../db/columns';
import { users } from '../identity/schema';

/**
 * The broker's own inventory per code (its proprietary position): shares held and their cost.
 * Stocked by an audited opening balance (ops), reduced only by customers' block buys.
 */
export const blockInventory = pgTable(
  'block_inventory',
  {
    code: text('code').primaryKey(),
    shares: integer('shares').notNull(),
    /** Σ cost of the shares still held, yen (the ledger's block_inventory account holds the same). */
    cost: money('cost').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [check('block_inventory_shares_nonnegative', sql`${t.shares} >= 0`), check('block_inventory_cost_nonnegative', sql`${t.cost} >= 0`)],
);

/** One published offer: a fixed price set from the previous close by the published rule, a window and the buy rules. */
export const blockOffers = pgTable(
  'block_offers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    names: jsonb('names').$type<{ tw: string; jp: string; en: string }>().notNull(),
    /** Previous close the price was set from, and the signed basis points against it. */
    referenceClose: integer('reference_close').notNull(),
    premiumBp: integer('premium_bp').notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    sold: integer('sold').notNull().default(0),
    windowStart: tstz('window_start').notNull(),
    windowEnd: tstz('window_end').notNull(),
    minShares: integer('min_shares').notNull(),
    minAmount: money('min_amount').notNull(),
    dailyLimit: integer('daily_limit').notNull(),
    maxPerCustomer: integer('max_per_customer').notNull(),
    lockUpDays: integer('lock_up_days').notNull().default(0),
    simulated: boolean('simulated').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: tstz('created_at').notNull(),
    closedAt: tstz('closed_at'),
  },
  (t) => [
    check('block_offers_sold_within_quantity', sql`${t.sold} >= 0 AND ${t.sold} <= ${t.quantity}`),
    check('block_offers_band', sql`${t.premiumBp} BETWEEN -700 AND 700`),
    index('block_offers_code_idx').on(t.code),
  ],
);

/** One customer's block buy; the trading position it became. */
export const blockPurchases = pgTable(
  'block_purchases',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => blockOffers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shares: integer('shares').notNull(),
    price: integer('price').notNull(),
    amount: money('amount').notNull(),
    positionId: integer('position_id').notNull(),
    /** JST date of the buy (the daily limit counts per date). */
    tradeDate: text('trade_date').notNull(),
    lockUpUntil: text('lock_up_until'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('block_purchases_offer_user_idx').on(t.offerId, t.userId, t.tradeDate), index('block_purchases_user_idx').on(t.userId, t.id)],
);

export type BlockInventoryRow = typeof blockInventory.$inferSelect;
export type BlockOfferRow = typeof blockOffers.$inferSelect;
export type BlockPurchaseRow = typeof blockPurchases.$inferSelect;

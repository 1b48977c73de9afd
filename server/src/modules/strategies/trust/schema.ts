// Tables of the investment trust (docs/strategies.md "Investment trust"). Money bigint yen, units
// whole 口 (bigint), NAV yen per 10,000 units, prices tenths of a yen (the venue's unit). A
// customer's units are the sum of their filled requests; nothing else keeps them.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, tstz } from '../../../db/columns';
import { users } from '../../identity/schema';
import { strategies, strategyFollowings } from '../schema';

const units = (name: string) => bigint(name, { mode: 'bigint' });

/** A pooled fund following one strategy through its own account (`poolUserId`) and following. */
export const strategyTrusts = pgTable(
  'strategy_trusts',
  {
    id: serial('id').primaryKey(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id),
    name: text('name').notNull(),
    /** The trust's own account: its cash and positions are the pooled assets. Cannot sign in. */
    poolUserId: integer('pool_user_id')
      .notNull()
      .references(() => users.id),
    followingId: integer('following_id').references(() => strategyFollowings.id),
    feeBpPerYear: integer('fee_bp_per_year').notNull(),
    minimumYen: money('minimum_yen').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    simulated: boolean('simulated').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    check('strategy_trusts_fee_range', sql`${t.feeBpPerYear} BETWEEN 0 AND 300`),
    check('strategy_trusts_minimum_positive', sql`${t.minimumYen} > 0`),
    uniqueIndex('strategy_trusts_pool_key').on(t.poolUserId),
  ],
);

/** One published NAV: the close's holdings value, cash and fee, and what the day's requests did. */
export const strategyTrustNavs = pgTable(
  'strategy_trust_navs',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => strategyTrusts.id),
    businessDate: text('business_date').notNull(),
    holdingsValue: money('holdings_value').notNull(),
    cash: money('cash').notNull(),
    /** The trust fee accrued for this NAV (posted to the broker's revenue). */
    fee: money('fee').notNull(),
    /** holdingsValue + cash − fee, before the requests priced at it. */
    netAssets: money('net_assets').notNull(),
    unitsBefore: units('units_before').notNull(),
    /** Yen per 10,000 units (floor). */
    nav: money('nav').notNull(),
    unitsAfter: units('units_after').notNull(),
    netAssetsAfter: money('net_assets_after').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('strategy_trust_navs_day_key').on(t.trustId, t.businessDate)],
);

/** The holdings a NAV valued (published with it). */
export const strategyTrustNavHoldings = pgTable(
  'strategy_trust_nav_holdings',
  {
    id: serial('id').primaryKey(),
    navId: integer('nav_id')
      .notNull()
      .references(() => strategyTrustNavs.id),
    code: text('code').notNull(),
    shares: integer('shares').notNull(),
    priceTenths: integer('price_tenths').notNull(),
    value: money('value').notNull(),
  },
  (t) => [index('strategy_trust_nav_holdings_nav_idx').on(t.navId)],
);

/** A subscription (yen) or redemption (units), priced at the NAV of `navDate` (blind pricing). */
export const strategyTrustRequests = pgTable(
  'strategy_trust_requests',
  {
    id: serial('id').primaryKey(),
    trustId: integer('trust_id')
      .notNull()
      .references(() => strategyTrusts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['subscribe', 'redeem'] }).notNull(),
    amount: money('amount'),
    units: units('units'),
    navDate: text('nav_date').notNull(),
    status: text('status', { enum: ['pending', 'filled'] }).notNull(),
    navId: integer('nav_id').references(() => strategyTrustNavs.id),
    filledUnits: units('filled_units'),
    /** Subscribe: yen paid into the trust; redeem: yen paid out. */
    cash: money('cash'),
    /** Subscribe: yen returned (the amount less the whole units' cost). */
    refund: money('refund'),
    createdAt: tstz('created_at').notNull(),
    filledAt: tstz('filled_at'),
  },
  (t) => [
    check('strategy_trust_requests_shape', sql`(${t.kind} = 'subscribe' AND ${t.amount} > 0) OR (${t.kind} = 'redeem' AND ${t.units} > 0)`),
    index('strategy_trust_requests_pending_idx')
      .on(t.trustId, t.navDate)
      .where(sql`${t.status} = 'pending'`),
    index('strategy_trust_requests_user_idx').on(t.userId, t.trustId),
  ],
);

export type StrategyTrustRow = typeof strategyTrusts.$inferSelect;
export type StrategyTrustNavRow = typeof strategyTrustNavs.$inferSelect;
export type StrategyTrustRequestRow = typeof strategyTrustRequests.$inferSelect;

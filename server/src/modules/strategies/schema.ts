// Tables of the strategies module (docs/strategies.md). Composed in src/schema.ts. Prices are
// tenths of a yen (the venue's unit), quantities shares, money bigint yen. A following's money is
// the customer's own cash: nothing is moved when following starts; mirrored orders hold and pay
// through trading's normal placement.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, tstz } from '../../db/columns';
import { users } from '../identity/schema';

/** A leader's published strategy. Retired strategies stay listed with their records. */
export const strategies = pgTable(
  'strategies',
  {
    id: serial('id').primaryKey(),
    leaderId: integer('leader_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    riskNotes: text('risk_notes').notNull(),
    status: text('status', { enum: ['active', 'retired'] }).notNull(),
    simulated: boolean('simulated').notNull().default(true),
    publishedAt: tstz('published_at').notNull(),
    retiredAt: tstz('retired_at'),
    /** How the leader is paid, chosen at opt-in (never both); the percent is fixed then for profit-share. */
    feeModel: text('fee_model', { enum: ['broker-paid', 'profit-share'] })
      .notNull()
      .default('broker-paid'),
    profitSharePercent: integer('profit_share_percent'),
  },
  (t) => [uniqueIndex('strategies_leader_key').on(t.leaderId)],
);

/** One customer following one strategy with an amount, until a deadline. */
export const strategyFollowings = pgTable(
  'strategy_followings',
  {
    id: serial('id').primaryKey(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    stopLossPercent: integer('stop_loss_percent').notNull(),
    status: text('status', { enum: ['inProgress', 'ended'] }).notNull(),
    paused: boolean('paused').notNull().default(false),
    endReason: text('end_reason', { enum: ['customer', 'deadline', 'stopLoss', 'strategyRetired'] }),
    deadline: tstz('deadline').notNull(),
    startedAt: tstz('started_at').notNull(),
    endedAt: tstz('ended_at'),
  },
  (t) => [
    check('strategy_followings_stop_loss_range', sql`${t.stopLossPercent} BETWEEN 5 AND 95`),
    check('strategy_followings_amount_positive', sql`${t.amount} > 0`),
    // Following a strategy twice at once is refused by the database too.
    uniqueIndex('strategy_followings_active_key')
      .on(t.strategyId, t.userId)
      .where(sql`${t.status} = 'inProgress'`),
    index('strategy_followings_strategy_idx').on(t.strategyId, t.status),
    index('strategy_followings_user_idx').on(t.userId, t.id),
  ],
);

/** One leader fill as mirrored to one following: placed, skipped (0 lots) or refused (placement's message). */
export const strategyMirroredOrders = pgTable(
  'strategy_mirrored_orders',
  {
    id: serial('id').primaryKey(),
    followingId: integer('following_id')
      .notNull()
      .references(() => strategyFollowings.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    leaderPositionId: integer('leader_position_id').notNull(),
    leaderTradeId: text('leader_trade_id').notNull(),
    kind: text('kind', { enum: ['open', 'close'] }).notNull(),
    code: text('code').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    leaderQuantity: integer('leader_quantity').notNull(),
    leaderPrice: integer('leader_price').notNull(),
    /** The inputs of the size: amount and leader equity (yen) at the fill. */
    followerAmount: money('follower_amount').notNull(),
    leaderEquity: money('leader_equity').notNull(),
    quantity: integer('quantity').notNull(),
    outcome: text('outcome', { enum: ['pending', 'placed', 'skipped', 'refused'] }).notNull(),
    reason: text('reason'),
    /** The follower's own position and order (its fills are the follower's, at the venue). */
    positionId: integer('position_id'),
    orderId: integer('order_id'),
    /** Volume-weighted price of the follower's fills (tenths), written when the order has filled. */
    fillPrice: integer('fill_price'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('strategy_mirrored_orders_fill_key').on(t.followingId, t.leaderTradeId, t.kind),
    index('strategy_mirrored_orders_following_idx').on(t.followingId, t.id),
    index('strategy_mirrored_orders_order_idx')
      .on(t.orderId)
      .where(sql`${t.fillPrice} is null`),
  ],
);

/** The broker-paid leader fee of one following for one business date. */
export const strategyFeeAccruals = pgTable(
  'strategy_fee_accruals',
  {
    id: serial('id').primaryKey(),
    followingId: integer('following_id')
      .notNull()
      .references(() => strategyFollowings.id),
    leaderId: integer('leader_id')
      .notNull()
      .references(() => users.id),
    businessDate: text('business_date').notNull(),
    /** The following's value the fee was computed on, and the fee (yen, floor). */
    base: money('base').notNull(),
    amount: money('amount').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('strategy_fee_accruals_day_key').on(t.followingId, t.businessDate)],
);

/**
 * One copied position closed at market when its following ended (copy stop-loss, or the customer's
 * stop with "close"): the follower's own close order, or placement's refusal. Kept because such a
 * close is neither a mirrored order nor told apart from the customer's own closes in trading.
 */
export const strategyFollowingCloses = pgTable(
  'strategy_following_closes',
  {
    id: serial('id').primaryKey(),
    followingId: integer('following_id')
      .notNull()
      .references(() => strategyFollowings.id),
    positionId: integer('position_id').notNull(),
    reason: text('reason', { enum: ['customer', 'deadline', 'stopLoss'] }).notNull(),
    /** The follower's close order (its fills are the follower's, at the venue); null when refused. */
    orderId: integer('order_id'),
    /** Placement's refusal (catalogue key) when no order was placed. */
    refusal: text('refusal'),
    /**
     * A close already working on the position when the following ended (a mirrored close, or the
     * customer's own): the sweep closes what it leaves once it has ended (orderId is then set).
     */
    awaitingOrderId: integer('awaiting_order_id'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('strategy_following_closes_key').on(t.followingId, t.positionId),
    // The sweep's question: which still wait for a working close to end.
    index('strategy_following_closes_awaiting_idx')
      .on(t.awaitingOrderId)
      .where(sql`${t.awaitingOrderId} IS NOT NULL AND ${t.orderId} IS NULL AND ${t.refusal} IS NULL`),
  ],
);

export type StrategyRow = typeof strategies.$inferSelect;
export type StrategyFollowingRow = typeof strategyFollowings.$inferSelect;
export type StrategyMirroredOrderRow = typeof strategyMirroredOrders.$inferSelect;

// The broker's algorithmic strategies (docs/strategies.md "Algorithmic strategies").
/** One published algorithm: its broker-owned account and the strategy that account leads. */
export const strategyAlgorithms = pgTable(
  'strategy_algorithms',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rule: text('rule', { enum: ['momentum', 'meanReversion'] }).notNull(),
    code: text('code').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('strategy_algorithms_key').on(t.key), uniqueIndex('strategy_algorithms_strategy_key').on(t.strategyId)],
);

/** One algorithm's decision on one business date: at most one a day (the run is idempotent). */
export const strategyAlgorithmRuns = pgTable(
  'strategy_algorithm_runs',
  {
    id: serial('id').primaryKey(),
    algorithmId: integer('algorithm_id')
      .notNull()
      .references(() => strategyAlgorithms.id),
    businessDate: text('business_date').notNull(),
    signal: text('signal', { enum: ['buy', 'sell', 'hold', 'insufficientHistory'] }).notNull(),
    action: text('action', { enum: ['buy', 'sell', 'none'] }).notNull(),
    /** The closes' figures the signal was decided on and the parameters in force. */
    figures: jsonb('figures').$type<Record<string, number>>().notNull(),
    lots: integer('lots').notNull().default(0),
    outcome: text('outcome', { enum: ['pending', 'placed', 'refused', 'none'] }).notNull(),
    reason: text('reason'),
    positionId: integer('position_id'),
    orderId: integer('order_id'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('strategy_algorithm_runs_day_key').on(t.algorithmId, t.businessDate)],
);

export type StrategyAlgorithmRow = typeof strategyAlgorithms.$inferSelect;
export type StrategyAlgorithmRunRow = typeof strategyAlgorithmRuns.$inferSelect;
// ---------------------------------------------------------------------------------------
// The investment trust (docs/strategies.md "Investment trust"): money bigint yen, units whole 口
// (bigint), NAV yen per 10,000 units, prices tenths of a yen. A customer's units are the sum of
// their filled requests; nothing else keeps them.
// ---------------------------------------------------------------------------------------
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
    /** Yen owed to redemptions priced at earlier NAVs and not yet paid, before this NAV. */
    payable: money('payable')
      .notNull()
      .default(sql`0`),
    /** holdingsValue + cash − payable − fee, before the requests priced at it. */
    netAssets: money('net_assets').notNull(),
    unitsBefore: units('units_before').notNull(),
    /** Yen per 10,000 units (floor). */
    nav: money('nav').notNull(),
    unitsAfter: units('units_after').notNull(),
    /** payable + the redemptions priced at this NAV that its cash did not cover (paid at a later NAV step). */
    payableAfter: money('payable_after')
      .notNull()
      .default(sql`0`),
    /** holdingsValue + cash after the requests − payableAfter. */
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
    // cancelled: by its customer before its NAV date's close (the NAV step only prices pending rows).
    // priced: a redemption priced at its NAV whose cash is owed (receivable) until a NAV step pays it.
    status: text('status', { enum: ['pending', 'priced', 'filled', 'cancelled'] }).notNull(),
    navId: integer('nav_id').references(() => strategyTrustNavs.id),
    filledUnits: units('filled_units'),
    /** Subscribe: yen paid into the trust; redeem: yen paid out (priced: the yen owed). */
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

// Tables of the trading module (docs/api/trading.md). Composed in src/schema.ts.
// Prices are integer tenths of a yen (the venue's unit), quantities shares, money bigint yen.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tstz, money } from '../../db/columns';
import { users } from '../identity/schema';

/**
 * The spec's order/position (§3, §4): one customer order and the position it became.
 * status: pending → holding → closing → closed; pending → cancelled.
 */
export const tradingPositions = pgTable(
  'trading_positions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    product: text('product', { enum: ['cash', 'margin'] }).notNull(),
    marginKind: text('margin_kind', { enum: ['standard', 'general'] }),
    direction: text('direction', { enum: ['long', 'short'] }).notNull(),
    orderType: text('order_type', { enum: ['limit', 'market'] }).notNull(),
    limitPrice: integer('limit_price'),
    /** Leverage in tenths (10 = 1×, 33 = 3.3×). */
    leverageTenths: integer('leverage_tenths').notNull(),
    tab: text('tab', { enum: ['competition', 'auction'] }).notNull(),
    status: text('status', { enum: ['pending', 'holding', 'closing', 'closed', 'cancelled'] }).notNull(),
    orderedQuantity: integer('ordered_quantity').notNull(),
    /** Open fills: shares and Σ price×shares (tenths × shares). */
    openQuantity: integer('open_quantity').notNull().default(0),
    openValueTenths: money('open_value_tenths')
      .notNull()
      .default(sql`0`),
    /** Close fills: shares and Σ price×shares; the open value they took off (tenths × shares). */
    closedQuantity: integer('closed_quantity').notNull().default(0),
    closeValueTenths: money('close_value_tenths')
      .notNull()
      .default(sql`0`),
    closedCostTenths: money('closed_cost_tenths')
      .notNull()
      .default(sql`0`),
    /** Margin: initial margin held for the shares still open (yen). */
    marginHeld: money('margin_held')
      .notNull()
      .default(sql`0`),
    realisedPnl: money('realised_pnl')
      .notNull()
      .default(sql`0`),
    interestPosted: money('interest_posted')
      .notNull()
      .default(sql`0`),
    feesPosted: money('fees_posted')
      .notNull()
      .default(sql`0`),
    endReason: text('end_reason', { enum: ['expired', 'cancelled', 'liquidated', 'due'] }),
    /** JST date of the first open fill (interest counts from it). */
    openedOn: text('opened_on'),
    /** 制度信用 due date (JST); null for cash and 一般信用. */
    dueDate: text('due_date'),
    dueWarned: boolean('due_warned').notNull().default(false),
    /** Bought off-auction (block trade, trading/off-exchange): its order and fill never touched the venue. */
    offAuction: boolean('off_auction').notNull().default(false),
    /** Lock-up: first JST date (YYYY-MM-DD) the shares may be sold; null = none. */
    lockUpUntil: text('lock_up_until'),
    createdAt: tstz('created_at').notNull(),
    firstFillAt: tstz('first_fill_at'),
    closedAt: tstz('closed_at'),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    index('trading_positions_user_idx').on(t.userId, t.id),
    index('trading_positions_status_idx').on(t.status),
    // The margin hold (settlement/holds.ts) is read for every order's buying power: only the
    // positions that hold margin, not every position the customer has open (else a cash
    // customer's open positions are read one by one to add up zeros).
    index('trading_positions_margin_held_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'holding', 'closing') and ${t.marginHeld} <> 0`),
  ],
);

/** Venue orders behind a position: its open order, then close (or liquidation) orders. */
export const tradingOrders = pgTable(
  'trading_orders',
  {
    id: serial('id').primaryKey(),
    positionId: integer('position_id')
      .notNull()
      .references(() => tradingPositions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['open', 'close', 'liquidation'] }).notNull(),
    code: text('code').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    orderType: text('order_type', { enum: ['limit', 'market'] }).notNull(),
    price: integer('price'),
    quantity: integer('quantity').notNull(),
    filledQuantity: integer('filled_quantity').notNull().default(0),
    state: text('state', { enum: ['queued', 'working', 'filled', 'cancelled', 'expired', 'rejected'] }).notNull(),
    /** The client order id given to the venue: `k<order id>`. */
    clientOrderId: text('client_order_id').notNull(),
    venueOrderId: text('venue_order_id'),
    /** The venue day the order was entered on (it is valid for that day only). */
    tradingDate: text('trading_date'),
    /** Yen held for this order now (cash buy: remaining value + fees; margin open: margin + fees). */
    hold: money('hold')
      .notNull()
      .default(sql`0`),
    /** Per-share hold in tenths, so each fill releases its share exactly. */
    holdPerShareTenths: money('hold_per_share_tenths')
      .notNull()
      .default(sql`0`),
    /** 寄付 / 引け / 不成 (docs/trading.md §11); null = a plain day order. */
    sessionCondition: text('session_condition', { enum: ['at-open', 'at-close', 'funari'] }),
    /** The venue the customer picked: the simulated TSE or the simulated PTS night session (trading/venue-router.ts). */
    venue: text('venue', { enum: ['tse', 'pts'] })
      .notNull()
      .default('tse'),
    /**
     * A fee-discount coupon this order claimed at placement (the coupons module's row id; trading
     * only passes it to the order-coupon seam: extensions.ts). Null: none.
     */
    couponId: integer('coupon_id'),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    index('trading_orders_position_idx').on(t.positionId),
    index('trading_orders_state_idx').on(t.state),
    index('trading_orders_user_idx').on(t.userId, t.state),
  ],
);

/** One venue fill of a customer order; (trade, order) is unique so a fill never posts twice. */
export const tradingFills = pgTable(
  'trading_fills',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => tradingOrders.id),
    positionId: integer('position_id')
      .notNull()
      .references(() => tradingPositions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tradeId: text('trade_id').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    auction: boolean('auction').notNull(),
    at: tstz('at').notNull(),
    /** Where it traded, read off the venue trade id (PTS trade ids carry '-pts', pts/pts-venue.ts). */
    venue: text('venue', { enum: ['tse', 'pts'] })
      .notNull()
      .generatedAlwaysAs(sql`case when "trade_id" like '%-pts%' then 'pts' else 'tse' end`),
  },
  // Order first: the writer asks which of a batch's trade ids each locked order has (a venue
  // replay), and fees and views sum an order's fills. Trade id first, each order of a batch
  // probed the index once per trade id of the batch (1,900 index pages per batch).
  (t) => [uniqueIndex('trading_fills_order_trade_key').on(t.orderId, t.tradeId), index('trading_fills_position_idx').on(t.positionId)],
);

/** Sale proceeds not yet settled (T+2): a funds hold until `settlesOn` (JST business day). */
export const tradingUnsettled = pgTable(
  'trading_unsettled',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    positionId: integer('position_id')
      .notNull()
      .references(() => tradingPositions.id),
    amount: money('amount').notNull(),
    tradeDate: text('trade_date').notNull(),
    settlesOn: text('settles_on').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('trading_unsettled_user_idx').on(t.userId, t.settlesOn)],
);

/** Margin accounts: the questionnaire and agreement behind `enabled`. */
export const tradingMarginAccounts = pgTable('trading_margin_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  questionnaire: jsonb('questionnaire').$type<Record<string, string | boolean>>().notNull(),
  agreedAt: tstz('agreed_at').notNull(),
  enabledAt: tstz('enabled_at').notNull(),
});

/** Margin calls (追証): amount and deadline; met, or ended by forced liquidation. */
export const tradingMarginCalls = pgTable(
  'trading_margin_calls',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    /** Maintenance ratio at the call, basis points. */
    ratioBp: integer('ratio_bp').notNull(),
    deadline: tstz('deadline').notNull(),
    state: text('state', { enum: ['open', 'met', 'liquidated'] }).notNull(),
    createdAt: tstz('created_at').notNull(),
    resolvedAt: tstz('resolved_at'),
  },
  (t) => [index('trading_margin_calls_user_idx').on(t.userId, t.state)],
);

/** Per-session trading settings: skip the fund password for the rest of the session. */
export const tradingSessionSettings = pgTable('trading_session_settings', {
  sessionId: uuid('session_id').primaryKey(),
  skipFundPassword: boolean('skip_fund_password').notNull(),
  updatedAt: tstz('updated_at').notNull(),
});

export type TradingPositionRow = typeof tradingPositions.$inferSelect;
export type TradingOrderRow = typeof tradingOrders.$inferSelect;
export type TradingFillRow = typeof tradingFills.$inferSelect;
// Waiting conditional orders (docs/trading.md §11). One row per leg; the legs of one customer
// order share `groupId` (the first leg's id). A leg waits in this table — not in the venue —
// until its trigger fires; then its child, a normal trading order, is placed through
// trade/place's own function (or the close function) and linked by id.
// Prices are tenths of a yen, quantities shares.
export const CONDITIONAL_KINDS = ['stop', 'stop-limit', 'oco', 'ifd', 'ifdoco', 'trailing'] as const;
/**
 * waiting → triggered → filled | cancelled | expired | rejected; waiting → cancelled | expired |
 * rejected. rejected: its child order was refused under the normal rules when it fired (or it
 * would have added exposure under a trading bar); `reason` names the rule, `reasonData` the figures.
 */
export const CONDITIONAL_STATES = ['waiting', 'triggered', 'filled', 'cancelled', 'expired', 'rejected'] as const;
/**
 * none: placed as soon as it is armed (an IFD parent, an IFD child limit);
 * touch: a limit leg of an OCO, placed when a trade reaches its price;
 * stop: placed when a trade reaches the stop price from the other side;
 * trailing: a stop whose price follows the best trade since arming.
 */
export const TRIGGERS = ['none', 'touch', 'stop', 'trailing'] as const;

export const tradingConditionalOrders = pgTable(
  'trading_conditional_orders',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: CONDITIONAL_KINDS }).notNull(),
    /** single: the whole order; parent / child: the two steps of an IFD. */
    role: text('role', { enum: ['single', 'parent', 'child'] }).notNull(),
    /** The other leg of an OCO pair: when one triggers, this one is cancelled in the same transaction. */
    ocoWith: integer('oco_with'),
    code: text('code').notNull(),
    /** open: a new position (trade/place); close: closes `positionId` (trade/close). */
    action: text('action', { enum: ['open', 'close'] }).notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    product: text('product', { enum: ['cash', 'margin'] }).notNull(),
    marginKind: text('margin_kind', { enum: ['standard', 'general'] }),
    leverageTenths: integer('leverage_tenths').notNull(),
    quantity: integer('quantity').notNull(),
    trigger: text('trigger', { enum: TRIGGERS }).notNull(),
    triggerPrice: integer('trigger_price'),
    trailWidth: integer('trail_width'),
    /** Trailing: the best trade price since arming (highest for a sell, lowest for a buy). */
    trailExtreme: integer('trail_extreme'),
    /** The child order placed at the trigger. */
    orderType: text('order_type', { enum: ['limit', 'market'] }).notNull(),
    price: integer('price'),
    /** false for an IFD child until its parent has fully filled. */
    armed: boolean('armed').notNull(),
    state: text('state', { enum: CONDITIONAL_STATES }).notNull(),
    /** close legs: the position closed; open legs: the position the child opened. */
    positionId: integer('position_id'),
    childOrderId: integer('child_order_id'),
    /** The JST trading day the order is valid for (day orders expire at its close). */
    validOn: text('valid_on').notNull(),
    triggeredAt: tstz('triggered_at'),
    /** The venue trade that fired it (null when armed on the last price after a restart). */
    triggerTradeId: text('trigger_trade_id'),
    triggerTradePrice: integer('trigger_trade_price'),
    /**
     * Why it ended (or shrank): a catalogue key (a refused child, a trading bar), 'oco',
     * 'parent-unfilled', 'customer', 'position-closed', 'position-reduced'.
     */
    reason: text('reason'),
    /** The figures behind `reason` (a refusal's data: e.g. the amount required and the buying power). */
    reasonData: jsonb('reason_data').$type<Record<string, unknown>>(),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    index('trading_conditional_orders_user_idx').on(t.userId, t.groupId),
    index('trading_conditional_orders_state_idx').on(t.state),
    index('trading_conditional_orders_position_idx').on(t.positionId),
  ],
);

export type ConditionalLegRow = typeof tradingConditionalOrders.$inferSelect;

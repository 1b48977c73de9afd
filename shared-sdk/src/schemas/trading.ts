// Trading forms and answers (docs/api/trading.md), shared by mf-trade and the server.
// Prices travel as decimal yen text on the tick grid ('2790.5'); the server turns them into
// integer tenths of a yen. Quantities travel as whole lots (1 lot = 100 shares). Money comes
// back as Money (integer minor units as text), never as a float.
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { fundPasswordGrantSchema, fundPasswordSchema } from './account';
import { idempotencyKeySchema, pageFormSchema, type Money, type Page } from './funds';
import { parseStrictDecimal, positivePriceSchema, priceSchema, rowIdSchema, strictInteger } from './numbers';

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_TYPES = ['limit', 'market'] as const;
export type TradeOrderType = (typeof ORDER_TYPES)[number];
/** cash = 現物, margin = 信用. */
export const PRODUCTS = ['cash', 'margin'] as const;
export type TradeProduct = (typeof PRODUCTS)[number];
/** standard = 制度信用 (6-month limit), general = 一般信用 (no limit). */
export const MARGIN_KINDS = ['standard', 'general'] as const;
export type MarginKind = (typeof MARGIN_KINDS)[number];
export type Direction = 'long' | 'short';
/** Spec §4: pending order → holding → preparing to close (closing) → closed; pending → cancelled. */
export const POSITION_STATUSES = ['pending', 'holding', 'closing', 'closed', 'cancelled'] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];
/** The list's status filter: `holding` also lists `closing` positions. */
export const STATUS_FILTERS = ['pending', 'holding', 'closed', 'cancelled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
/** Position tabs (spec §2): continuous session, auction, order following (the customer's copied positions). */
export const POSITION_TABS = ['competition', 'auction', 'following'] as const;
export type PositionTab = (typeof POSITION_TABS)[number];

/** Session conditions (執行条件): at-open = 寄付, at-close = 引け, funari = 不成. */
export const SESSION_CONDITIONS = ['at-open', 'at-close', 'funari'] as const;
export type SessionCondition = (typeof SESSION_CONDITIONS)[number];

export const LOT_SHARES = 100;
/** The most lots one order may carry (a fat-finger guard; 1,000,000 shares). */
export const MAX_ORDER_LOTS = 10_000;

const idField = rowIdSchema(MSG.orderNotFound);
const codeField = z
  .string({ error: MSG.unknownStockCode })
  .trim()
  .regex(/^[0-9A-Z]{4}$/, { error: MSG.unknownStockCode });
/** Whole lots: a positive integer up to MAX_ORDER_LOTS ('1', 2). */
export const lotsSchema = z.union([z.number(), z.string()], { error: MSG.lotsRequired }).transform((value, ctx) => {
  const n = strictInteger(value);
  if (n === null || n <= 0 || n > MAX_ORDER_LOTS) {
    ctx.issues.push({ code: 'custom', message: MSG.lotsRequired, input: value });
    return z.NEVER;
  }
  return n;
});
/** Leverage multiple as decimal text with at most one decimal ('1', '2.5', '3.3'); the upper bound is checked by the server against config. */
export const leverageSchema = z.union([z.number(), z.string()], { error: MSG.leverageInvalid }).transform((v, ctx) => {
  const parsed = parseStrictDecimal(v, { maxDecimals: 1 });
  if (!parsed.ok || parsed.value.int.length > 2 || Number(parsed.value.int) < 1) {
    ctx.issues.push({ code: 'custom', message: MSG.leverageInvalid, input: v });
    return z.NEVER;
  }
  return `${parsed.value.int}${parsed.value.frac ? `.${parsed.value.frac}` : ''}`;
});
/** '0' / '1' / 'true' / 'false' flags of form bodies. */
const flagSchema = z
  .union([z.boolean(), z.string()], { error: MSG.invalidParams })
  .transform((v) => (typeof v === 'boolean' ? v : v.trim()))
  .refine((v) => typeof v === 'boolean' || ['0', '1', 'true', 'false'].includes(v), { error: MSG.invalidParams })
  .transform((v) => v === true || v === '1' || v === 'true');
const fundPasswordOptional = z.preprocess((v) => (v === '' ? undefined : v), fundPasswordSchema.optional());
const fundPasswordGrantOptional = z.preprocess((v) => (v === '' ? undefined : v), fundPasswordGrantSchema.optional());

const priceFields = {
  orderType: z.enum(ORDER_TYPES, { error: MSG.orderTypeInvalid }),
  /** Limit orders only: yen on the instrument's tick grid inside today's daily limit. */
  price: z.preprocess((v) => (v === '' ? undefined : v), positivePriceSchema.optional()),
};

function checkPrice(form: { orderType: TradeOrderType; price?: string | undefined }, ctx: z.RefinementCtx): void {
  if (form.orderType === 'limit' && form.price === undefined) ctx.addIssue({ code: 'custom', message: MSG.priceRequiredForLimit, path: ['price'] });
  if (form.orderType === 'market' && form.price !== undefined) ctx.addIssue({ code: 'custom', message: MSG.priceNotAllowedForMarket, path: ['price'] });
}

// ---------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------
/** Where an order goes (docs/trading.md "Sessions and venues"); both simulated. */
export const ORDER_VENUES = ['tse', 'pts'] as const;
export type OrderVenue = (typeof ORDER_VENUES)[number];

const orderBase = z.object({
  code: codeField,
  side: z.enum(ORDER_SIDES, { error: MSG.orderSideInvalid }),
  product: z.enum(PRODUCTS, { error: MSG.productInvalid }),
  marginKind: z.enum(MARGIN_KINDS, { error: MSG.productInvalid }).optional().default('standard'),
  ...priceFields,
  lots: lotsSchema,
  leverage: leverageSchema.optional().default('1'),
  /** 寄付 / 引け / 不成 (docs/trading.md §11); absent = a plain day order. */
  condition: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SESSION_CONDITIONS, { error: MSG.conditionNotAllowed }).optional()),
  /** The session the customer picks: the simulated TSE (default) or the simulated PTS night session. */
  venue: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ORDER_VENUES, { error: MSG.invalidParams }).optional()),
});

/** trade/estimate: what an order would cost, without placing it. */
export const orderEstimateFormSchema = orderBase.superRefine(checkPrice);
/** trade/place: open a position (cash buy, margin long 買建 or short 売建). */
export const placeOrderFormSchema = orderBase
  .extend({
    /** Required unless the session's skip setting is on (trade/settings) or a grant is sent. */
    fundPassword: fundPasswordOptional,
    /** A fund-password grant of this session (user/fundPasswordGrant): the ticket's orders send it instead of the password. */
    fundPasswordGrant: fundPasswordGrantOptional,
    idempotencyKey: idempotencyKeySchema,
    /** A usable fee-discount coupon of the customer (rewards/coupons) for this order's commission; absent = none. */
    couponId: z.preprocess((v) => (v === '' ? undefined : v), rowIdSchema(MSG.couponNotFound).optional()),
  })
  .superRefine(checkPrice);
/** trade/close: close a holding position (返済 / sell what is held), whole or some lots. */
export const closePositionFormSchema = z
  .object({
    id: idField,
    ...priceFields,
    /** Omitted = the whole position. */
    lots: z.preprocess((v) => (v === '' ? undefined : v), lotsSchema.optional()),
    fundPassword: fundPasswordOptional,
    fundPasswordGrant: fundPasswordGrantOptional,
    idempotencyKey: idempotencyKeySchema,
  })
  .superRefine(checkPrice);
/** trade/cancel (a pending order) and trade/cancelClose (a closing order → holding). */
export const positionIdFormSchema = z.object({ id: idField });
export const positionListFormSchema = pageFormSchema.extend({
  tab: z.enum(POSITION_TABS, { error: MSG.invalidParams }).optional().default('competition'),
  status: z.enum(STATUS_FILTERS, { error: MSG.invalidParams }).optional(),
});
export const ticketFormSchema = z.object({ code: codeField });
/** trade/settings: skip the fund password for the rest of this session (needs the password once to turn on). */
export const tradeSettingsFormSchema = z.object({ skipFundPassword: flagSchema, fundPassword: fundPasswordOptional });

export const EXPERIENCE_LEVELS = ['none', 'lt1', '1to3', 'gt3'] as const;
export const ASSET_BANDS = ['lt1m', '1to5m', '5to10m', 'gt10m'] as const;
export const INCOME_BANDS = ['lt3m', '3to5m', '5to10m', 'gt10m'] as const;
export const OBJECTIVES = ['growth', 'income', 'speculation', 'hedging'] as const;
/** trade/marginApply: suitability questionnaire (適合性) and the margin agreement (信用取引約諾書). */
export const marginApplyFormSchema = z.object({
  stockExperience: z.enum(EXPERIENCE_LEVELS, { error: MSG.invalidParams }),
  financialAssets: z.enum(ASSET_BANDS, { error: MSG.invalidParams }),
  annualIncome: z.enum(INCOME_BANDS, { error: MSG.invalidParams }),
  objective: z.enum(OBJECTIVES, { error: MSG.invalidParams }),
  /** The customer confirms they understand losses can exceed the deposit. */
  riskAcknowledged: flagSchema,
  agree: flagSchema,
});

export type PlaceOrderForm = z.input<typeof placeOrderFormSchema>;
export type OrderEstimateForm = z.input<typeof orderEstimateFormSchema>;
export type ClosePositionForm = z.input<typeof closePositionFormSchema>;
export type PositionListForm = z.input<typeof positionListFormSchema>;
export type TradeSettingsForm = z.input<typeof tradeSettingsFormSchema>;
export type MarginApplyForm = z.input<typeof marginApplyFormSchema>;

// ---------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------
/** The spec's fee lines, on every order (stamp duty is always ¥0 in Japan: `notes`). */
export interface FeeLines {
  commission: Money;
  serviceFee: Money;
  buyFee: Money;
  sellFee: Money;
  stampDuty: Money;
  total: Money;
  /** Plain-language notes per language, e.g. "no stamp duty on share trades in Japan". */
  notes: { tw: string; jp: string; en: string };
}

export interface TradeFill {
  /** The venue trade id, also on the public tape (market/trades). */
  tradeId: string;
  kind: 'open' | 'close';
  side: OrderSide;
  /** Yen text, one decimal at most. */
  price: string;
  quantity: number;
  auction: boolean;
  /** An off-auction trade (block trade): not on the venue's tape. */
  offAuction?: true;
  at: string;
  /** Where it traded: simulated TSE or simulated PTS. */
  venue?: OrderVenue;
}

/** A venue order behind a position (one open order, then close orders). */
export interface VenueOrderView {
  id: number;
  kind: 'open' | 'close' | 'liquidation';
  side: OrderSide;
  orderType: TradeOrderType;
  price: string | null;
  quantity: number;
  filledQuantity: number;
  /** queued = waiting for the next session's opening auction; working = in the venue book. */
  state: 'queued' | 'working' | 'filled' | 'cancelled' | 'expired' | 'rejected';
  venueOrderId: string | null;
  /** Simulated TSE or simulated PTS night session (absent on answers from before venues). */
  venue?: OrderVenue;
  hold: Money;
  createdAt: string;
  /** An off-auction order (block trade): never entered on the venue. */
  offAuction?: true;
}

/** The spec's order/position (§3): one customer order and the position it became. */
export interface TradePosition {
  id: number;
  /** The order number shown to the customer. */
  orderNo: string;
  code: string;
  name: { tw: string; jp: string; en: string };
  product: TradeProduct;
  marginKind: MarginKind | null;
  direction: Direction;
  orderType: TradeOrderType;
  /** The open order's limit price, or null for market. */
  limitPrice: string | null;
  /** competition (continuous session) or auction (entered for an opening/closing auction). */
  tab: 'competition' | 'auction';
  /** The venue of its open order: simulated TSE or simulated PTS night session. */
  venue?: OrderVenue;
  status: PositionStatus;
  leverage: string;
  /** Lots and shares ordered. */
  lots: number;
  orderedQuantity: number;
  /** Shares filled on the open order (= holding quantity + closed quantity). */
  filledQuantity: number;
  holdingQuantity: number;
  /** Shares of this cash holding lent out now (stock lending); 0 for margin and when nothing is lent. */
  lentQuantity: number;
  closedQuantity: number;
  /** Average open ("buy") price, yen text; null before the first fill. */
  openPrice: string | null;
  /** Average close ("sell") price; null before the first close fill. */
  closePrice: string | null;
  /** Open fills' value (total cost). */
  totalCost: Money;
  /** Holding quantity × last price (simulated). */
  marketValue: Money | null;
  lastPrice: string | null;
  /** Realised on closed shares (after fees and interest) + unrealised on held shares. */
  realisedPnl: Money;
  unrealisedPnl: Money | null;
  /** Initial margin held (margin) or money held for the pending buy (cash). */
  held: Money;
  /** Buy interest (買方金利) or lending fee (貸株料) accrued so far / posted at close. */
  interest: Money;
  fees: FeeLines;
  openedAt: string;
  /** Buy time / sell time of spec §3. */
  firstFillAt: string | null;
  closedAt: string | null;
  /** 制度信用: the 6-month due date (JST date), else null. */
  dueDate: string | null;
  /** Why it ended when it did: 'expired' (day order at the close), 'liquidated' (forced), null. */
  endReason: 'expired' | 'cancelled' | 'liquidated' | 'due' | null;
  /** Actions its status allows: cancel (pending), close (holding), cancelClose (closing). */
  actions: ('cancel' | 'close' | 'cancelClose')[];
  /** Bought off-auction (block trade). */
  offAuction?: true;
  /** Lock-up: the first JST day the shares may be sold (block trades with lock-up days). */
  lockUpUntil?: string;
  simulated: true;
  replayed?: true;
}

export interface TradePostingLine {
  journalId: string;
  type: string;
  account: string;
  amount: Money;
  at: string;
}

export interface TradePositionDetail extends TradePosition {
  orders: VenueOrderView[];
  fills: TradeFill[];
  /** The ledger postings behind this position (customer and broker sides). */
  postings: TradePostingLine[];
}

export interface TradePositionPage extends Page<TradePosition> {
  tab: PositionTab;
  /** false for the 'following' tab only when no module opens positions by following. */
  offered: boolean;
}

export interface BuyingPower {
  /** Cash on the ledger (customer_cash, JPY). */
  cash: Money;
  /** Every hold, by source (open-orders, margin, unsettled-proceeds, …). */
  holds: { source: string; amount: Money }[];
  /** Cash − every hold except unsettled proceeds: what an order may use. */
  buyingPower: Money;
  /** Cash − every hold, never below 0: what a withdrawal may take. */
  withdrawable: Money;
  unsettled: { amount: Money; settlesOn: string }[];
}

export interface TicketInfo {
  code: string;
  name: { tw: string; jp: string; en: string };
  simulated: true;
  lot: number;
  last: string | null;
  bestBid: string | null;
  bestAsk: string | null;
  upperLimit: string;
  lowerLimit: string;
  /** Tick size at the last (or base) price, and the table id (TOPIX500 vs other). */
  tick: string;
  tickTable: string;
  phase: string;
  /** Would a new order go to an auction (pre-open, closing auction, or closed → next opening auction)? */
  toAuction: boolean;
  loanEligible: boolean;
  maxLeverage: string;
  marginEnabled: boolean;
  buyingPower: Money;
  skipFundPassword: boolean;
  /** JST trading day ('YYYY-MM-DD') a day order or a conditional order placed now is valid for: it expires at that day's close. */
  dayOrderValidOn: string;
  /** The customer's cash holdings of this stock (biggest first): a cash Sell closes one of these, never a short sale. */
  cashHoldings: { id: number; shares: number }[];
}

export interface OrderEstimate {
  quantity: number;
  /** Price the estimate uses: the limit, or for market buys the daily upper limit (sells: lower). */
  estimatePrice: string;
  value: Money;
  fees: FeeLines;
  /** Margin: value / leverage. Cash: 0. */
  marginRequired: Money;
  /** What the order would hold now. */
  hold: Money;
  buyingPower: Money;
  buyingPowerAfter: Money;
}

export interface MarginRequirement {
  rule: 'verified-identity' | 'questionnaire' | 'agreement' | 'minimum-deposit';
  met: boolean;
  /** For minimum-deposit: the required amount. */
  amount?: Money;
}

export interface MarginCallView {
  id: number;
  amount: Money;
  /** ISO time: noon JST two business days after the call. */
  deadline: string;
  state: 'open' | 'met' | 'liquidated';
  ratioAtCall: string;
  createdAt: string;
}

export interface MarginAccountInfo {
  enabled: boolean;
  requirements: MarginRequirement[];
  /** Maintenance ratio in percent with two decimals, or null without margin positions. */
  maintenanceRatio: string | null;
  callLevel: string;
  hardFloor: string;
  equity: Money;
  positionValue: Money;
  calls: MarginCallView[];
}

export interface TradeSettings {
  skipFundPassword: boolean;
}

/** The published rules (trade/config); every number the server uses, with its source. */
export interface TradingRules {
  lotShares: number;
  fees: {
    kind: 'flat' | 'tiered';
    /** Tiers: order value up to `upTo` (yen, null = no upper bound) → fee (yen). */
    tiers: { upTo: string | null; fee: string }[];
    serviceFee: string;
    buyFee: string;
    sellFee: string;
    stampDuty: string;
  };
  margin: {
    initialMarginRate: string;
    minimumDeposit: string;
    maxLeverage: string;
    callLevel: string;
    hardFloor: string;
    buyInterestRate: string;
    lendingFeeRate: string;
    standardTermMonths: number;
    expiryWarningDays: number;
    callDeadline: string;
  };
  settlementDays: number;
  blockWithdrawalsWhileHolding: boolean;
  sources: { rule: string; source: string }[];
}

// ---------------------------------------------------------------------------------------
// WebSocket user events (channel 'user' of /ws after `auth`; docs/api/trading.md §6)
// ---------------------------------------------------------------------------------------
export interface TradeOrderEvent {
  event: 'order';
  data: { id: number; status: PositionStatus; filledQuantity: number; holdingQuantity: number; reason: string | null };
}
export interface TradeFillEvent {
  event: 'fill';
  data: TradeFill & { positionId: number };
}
export interface TradePositionEvent {
  event: 'position';
  data: { id: number; status: PositionStatus; realisedPnl: Money };
}
export interface MarginCallEvent {
  event: 'marginCall';
  data: MarginCallView & { action: 'called' | 'met' | 'liquidated' | 'expiry-warning' | 'due-closed' };
}
export type TradingUserEvent = TradeOrderEvent | TradeFillEvent | TradePositionEvent | MarginCallEvent;

// ---------------------------------------------------------------------------------------
// Conditional orders (docs/trading.md §11, docs/api/trading.md): stop (逆指値), stop-limit,
// OCO, IFD, IFDOCO, trailing stop. They wait on the server and place a normal order when
// their trigger fires.
// ---------------------------------------------------------------------------------------
export const CONDITIONAL_KINDS = ['stop', 'stop-limit', 'oco', 'ifd', 'ifdoco', 'trailing'] as const;
export type ConditionalKind = (typeof CONDITIONAL_KINDS)[number];
/** rejected: the leg's child order was refused when it fired (its reason names the rule, reasonData the figures). */
export const CONDITIONAL_STATES = ['waiting', 'triggered', 'filled', 'cancelled', 'expired', 'rejected'] as const;
export type ConditionalState = (typeof CONDITIONAL_STATES)[number];

const optionalPrice = z.preprocess((v) => (v === '' ? undefined : v), positivePriceSchema.optional());
const optionalLots = z.preprocess((v) => (v === '' ? undefined : v), lotsSchema.optional());
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), idField.optional());

/**
 * trade/conditional/place. Fields by kind:
 * - stop / stop-limit / trailing: `triggerPrice` (stop, stop-limit) or `trailWidth` (trailing);
 *   stop-limit also `price` (the child's limit). With `positionId` they close that position
 *   (a stop-loss on a holding); without it they open one like trade/place.
 * - oco: `price` (the limit leg) and `triggerPrice` (the stop leg); `positionId` optional as above.
 * - ifd: the parent is `orderType`/`price` (a normal opening order); the child closes what it
 *   opened: `childLots` and either `childPrice` (limit) or `childTriggerPrice` (stop).
 * - ifdoco: as ifd with both `childPrice` and `childTriggerPrice` (an OCO child).
 */
export const conditionalPlaceFormSchema = z.object({
  kind: z.enum(CONDITIONAL_KINDS, { error: MSG.conditionNotAllowed }),
  code: codeField,
  side: z.enum(ORDER_SIDES, { error: MSG.orderSideInvalid }),
  product: z.enum(PRODUCTS, { error: MSG.productInvalid }),
  marginKind: z.enum(MARGIN_KINDS, { error: MSG.productInvalid }).optional().default('standard'),
  leverage: leverageSchema.optional().default('1'),
  lots: lotsSchema,
  positionId: optionalId,
  orderType: z.enum(ORDER_TYPES, { error: MSG.orderTypeInvalid }).optional().default('market'),
  price: optionalPrice,
  triggerPrice: optionalPrice,
  trailWidth: z.preprocess((v) => (v === '' ? undefined : v), priceSchema(MSG.trailWidthInvalid).optional()),
  childLots: optionalLots,
  childPrice: optionalPrice,
  childTriggerPrice: optionalPrice,
  fundPassword: fundPasswordOptional,
  idempotencyKey: idempotencyKeySchema,
});
export const conditionalListFormSchema = z.object({
  positionId: optionalId,
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONDITIONAL_STATES, { error: MSG.invalidParams }).optional()),
});
/** trade/conditional/cancel: the whole group (every leg still waiting). */
export const conditionalIdFormSchema = z.object({ id: idField });
export type ConditionalPlaceForm = z.input<typeof conditionalPlaceFormSchema>;
export type ConditionalListForm = z.input<typeof conditionalListFormSchema>;

export interface ConditionalLegView {
  id: number;
  role: 'single' | 'parent' | 'child';
  /** none: placed when armed; touch: a limit leg of an OCO; stop; trailing. */
  trigger: 'none' | 'touch' | 'stop' | 'trailing';
  action: 'open' | 'close';
  side: OrderSide;
  quantity: number;
  orderType: TradeOrderType;
  price: string | null;
  triggerPrice: string | null;
  trailWidth: string | null;
  /** Trailing: best trade price since arming and the stop price it gives now. */
  trailExtreme: string | null;
  trailStop: string | null;
  /** false for an IFD child until its parent has fully filled. */
  armed: boolean;
  state: ConditionalState;
  positionId: number | null;
  childOrderId: number | null;
  triggeredAt: string | null;
  triggerTradeId: string | null;
  triggerTradePrice: string | null;
  /** Why it ended or shrank: a catalogue message (a refused child, a trading bar) or oco, parent-unfilled, customer, position-closed, position-reduced. */
  reason: string | null;
  /** The figures behind `reason` (e.g. required and buyingPower of a refused child), or null. */
  reasonData: Record<string, string | number | boolean | null> | null;
}

export interface ConditionalOrderView {
  id: number;
  kind: ConditionalKind;
  code: string;
  name: { tw: string; jp: string; en: string };
  product: TradeProduct;
  /** The group's state: the first leg's that is not cancelled by its OCO sibling. */
  state: ConditionalState;
  validOn: string;
  createdAt: string;
  legs: ConditionalLegView[];
  /** cancel while any leg is waiting (or triggered without a child order). */
  actions: 'cancel'[];
  simulated: true;
  replayed?: true;
}

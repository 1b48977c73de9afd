// Strategies and order following (copy trading; docs/strategies.md), shared by the server and the
// screens. Money travels as Money (yen text), percentages as whole numbers. Every strategy and every
// mirrored order is on the simulated venue.
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { fundPasswordOrGrantFields, requireFundPasswordOrGrant } from './account';
import { CURRENCIES, idempotencyKeySchema, jpyAmountSchema, pageFormSchema, parseAmountToMinor, type Money, type Page } from './funds';
import { rowIdSchema } from './numbers';

/** Copy stop-loss: default and range as eToro publishes them [CT1]. */
export const COPY_STOP_LOSS_DEFAULT_PERCENT = 40;
export const COPY_STOP_LOSS_MIN_PERCENT = 5;
export const COPY_STOP_LOSS_MAX_PERCENT = 95;
/** Longest following period: its deadline at most this many days ahead (JST dates). */
export const FOLLOW_PERIOD_MAX_DAYS = 365;
/**
 * How the leader is paid, chosen at opt-in, never both: by the broker (a share a year of the assets
 * copied [CT1][CT2]) or by a share of each follower's realised profit above the following's
 * high-water mark [CT5][CT6][CT7].
 */
export const STRATEGY_FEE_MODELS = ['broker-paid', 'profit-share'] as const;
export type StrategyFeeModel = (typeof STRATEGY_FEE_MODELS)[number];
/** Followers' results are published only from this many followers on, so no one follower is exposed. */
export const FOLLOWER_RESULTS_MINIMUM = 3;

export const FOLLOWING_STATUSES = ['inProgress', 'ended'] as const;
export type FollowingStatus = (typeof FOLLOWING_STATUSES)[number];
export const FOLLOWING_END_REASONS = ['customer', 'deadline', 'stopLoss', 'strategyRetired'] as const;
export type FollowingEndReason = (typeof FOLLOWING_END_REASONS)[number];
export const MIRROR_OUTCOMES = ['placed', 'skipped', 'refused'] as const;
export type MirrorOutcome = (typeof MIRROR_OUTCOMES)[number];

const strategyIdField = rowIdSchema(MSG.productNotFound);
const followingIdField = rowIdSchema(MSG.followingNotFound);
const text = (max: number) =>
  z.string({ error: MSG.strategyTextInvalid }).trim().min(1, { error: MSG.strategyTextInvalid }).max(max, { error: MSG.strategyTextInvalid });

/** The follow amount: whole yen above 0 (the product minimum is the server's rule, with its figure). */
export const followAmountSchema = jpyAmountSchema.transform((value) => {
  const parsed = parseAmountToMinor(value, CURRENCIES.JPY.decimals);
  return parsed.ok ? parsed.minor : 0n;
});

// ---------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------
/** strategy/optIn: publish my trading as a strategy. */
export const strategyOptInFormSchema = z.object({
  name: text(40),
  description: text(500),
  riskNotes: text(500),
  idempotencyKey: idempotencyKeySchema,
  feeModel: z.enum(STRATEGY_FEE_MODELS, { error: MSG.invalidParams }).optional().default('broker-paid'),
});
/** strategy/list sort keys: return and followers descending, drawdown and risk ascending (best first). */
export const STRATEGY_SORTS = ['return', 'drawdown', 'risk', 'followers'] as const;
export type StrategySort = (typeof STRATEGY_SORTS)[number];
/** strategy/list: every strategy, retired ones included unless asked otherwise; sorted and filtered by the server. */
export const strategyListFormSchema = pageFormSchema.extend({
  sort: z.enum(STRATEGY_SORTS, { error: MSG.invalidParams }).optional(),
  riskMax: z.coerce
    .number({ error: MSG.invalidParams })
    .int({ error: MSG.invalidParams })
    .min(1, { error: MSG.invalidParams })
    .max(10, { error: MSG.invalidParams })
    .optional(),
  // Retired strategies stay listed by default (no survivorship bias); form values may arrive as text.
  includeRetired: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: MSG.invalidParams })
    .optional()
    .default(true)
    .transform((v) => v === true || v === 'true'),
});
/** strategy/detail, strategy/preview. */
export const strategyIdFormSchema = z.object({ id: strategyIdField });
export const followPreviewFormSchema = z.object({ id: strategyIdField, amount: followAmountSchema });
/** strategy/follow. */
export const followFormSchema = z
  .object({
    id: strategyIdField,
    amount: followAmountSchema,
    /** Last day of the following (JST 'YYYY-MM-DD'); it ends at the close of that day. */
    deadline: z.string({ error: MSG.followPeriodInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.followPeriodInvalid }),
    stopLossPercent: z.coerce
      .number({ error: MSG.copyStopLossInvalid })
      .int({ error: MSG.copyStopLossInvalid })
      .min(COPY_STOP_LOSS_MIN_PERCENT, { error: MSG.copyStopLossInvalid })
      .max(COPY_STOP_LOSS_MAX_PERCENT, { error: MSG.copyStopLossInvalid })
      .optional()
      .default(COPY_STOP_LOSS_DEFAULT_PERCENT),
    ...fundPasswordOrGrantFields,
    idempotencyKey: idempotencyKeySchema,
  })
  .superRefine(requireFundPasswordOrGrant);
/** strategy/following (detail), strategy/pause, strategy/resume. */
export const followingIdFormSchema = z.object({ id: followingIdField });
/** strategy/followings: mine, in progress or ended. */
export const followingListFormSchema = pageFormSchema.extend({ status: z.enum(FOLLOWING_STATUSES, { error: MSG.invalidParams }).optional() });
/** strategy/stop: end a following; `positions`: close the copied positions at market, or keep them. */
export const stopFollowingFormSchema = z.object({ id: followingIdField, positions: z.enum(['close', 'keep'], { error: MSG.invalidParams }) });

// ---------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------
/** A track record, computed only from the leader's venue fills and ledger postings. */
export interface StrategyRecord {
  /** Time-weighted return since inception, net of deposits and withdrawals, fees included (percent text, 2 dp). */
  twrPercent: string;
  /** Calendar month (JST 'YYYY-MM') → that month's time-weighted return (percent text). */
  monthly: { month: string; twrPercent: string }[];
  maxDrawdownPercent: string;
  /** Annualised volatility of daily returns (percent text). */
  volatilityPercent: string;
  /** 1–10 by the published bands of annualised volatility. */
  riskScore: number;
  trades: number;
  daysLive: number;
  /** Equity now: cash + holdings at the venue's last price. */
  equity: Money;
}
export interface StrategyView {
  id: number;
  name: string;
  description: string;
  riskNotes: string;
  status: 'active' | 'retired';
  leaderAccount: string;
  publishedAt: string;
  retiredAt: string | null;
  followers: number;
  record: StrategyRecord;
  /**
   * When the record was computed. It is stored per business date and recomputed when the leader has
   * a new fill or cash posting, and once after the close at closing prices (`prices: 'close'`);
   * between those, price moves of the holdings do not show (`prices: 'lastInput'`).
   */
  asOf: { at: string; businessDate: string; prices: 'lastInput' | 'close' };
  feeModel: StrategyFeeModel;
  /** The profit share of the realised profit above the high-water mark; null for broker-paid. */
  profitSharePercent: number | null;
  followerResults: FollowerResults;
  simulated: true;
  /** 'algorithm': one of the broker's algorithmic strategies (rules published); absent on older answers: 'leader'. */
  kind?: StrategyKind;
  /** The published rule of an algorithmic strategy; null for a customer leader's. */
  algorithm?: StrategyAlgorithmView | null;
  /** Closed to new copiers after a high risk score (docs/strategies.md §2); null when open or retired. */
  closedToNewCopiers: CopierClosure | null;
}
/**
 * A strategy closed to new copiers (eToro's rule [CT3]): its at-close daily risk score reached the
 * daily threshold on `date`, or its business days' average over the calendar month `date` ('YYYY-MM')
 * reached the monthly one. Those already following keep following.
 */
export interface CopierClosure {
  /** The last JST business-clock date it is closed (inclusive); new copiers again from the next day. */
  until: string;
  reason: {
    kind: 'daily' | 'monthly';
    /** The day's score ('9') or the month's average (2 dp, rounded down: '7.25'). */
    score: string;
    threshold: number;
    /** 'YYYY-MM-DD' for a day, 'YYYY-MM' for a month. */
    date: string;
    /** Business days the score stands for (1 for a day). */
    days: number;
  };
}
/**
 * The followers' own results beside the leader's, from their mirrored fills and the fees they paid.
 * `results` is null below FOLLOWER_RESULTS_MINIMUM followers.
 */
export interface FollowerResults {
  inProgress: number;
  ended: number;
  minimum: number;
  results: {
    /** Median of (value − amount) ÷ amount over the followings (percent text, 2 dp). */
    medianReturnPercent: string;
    /** Share of followings whose value is above their amount (percent text, 1 dp). */
    inProfitPercent: string;
  } | null;
}
export type StrategyPage = Page<StrategyView>;
export const STRATEGY_KINDS = ['leader', 'algorithm'] as const;
export type StrategyKind = (typeof STRATEGY_KINDS)[number];
/** An algorithmic strategy's rule, parameters and latest daily decision (never a backtest). */
export interface StrategyAlgorithmView {
  rule: 'momentum' | 'meanReversion';
  code: string;
  /** The rule in plain words in each language, parameters filled in. */
  rules: { tw: string; jp: string; en: string };
  /** Parameter name → value (windows in sessions, kTenths in tenths of σ, allocation in percent). */
  parameters: Record<string, number>;
  /** Simulated capital the broker put in at creation. */
  capital: Money;
  /** The latest business date's decision: the signal, the figures (tenths of a yen) and what was done. */
  lastRun: { businessDate: string; signal: string; action: 'buy' | 'sell' | 'none'; outcome: string; figures: Record<string, number> } | null;
}
/** One code the leader holds now (cash long), at the venue's last price. */
export interface StrategyHolding {
  code: string;
  name: { jp: string; en: string; tw: string };
  shares: number;
  lastPrice: string;
  value: Money;
}
/** strategy/detail: the strategy with its holdings now. */
export interface StrategyDetailView extends StrategyView {
  holdings: StrategyHolding[];
}
export interface FollowPreview {
  strategyId: number;
  amount: Money;
  minimum: Money;
  /** Who pays the leader, and how much: never both models, never on losses. */
  fee:
    | {
        model: 'broker-paid';
        ratePercentPerYear: string;
        paidBy: 'broker';
        followerPays: Money;
        exampleDailyToLeader: Money;
        exampleYearToLeader: Money;
        text: string;
      }
    | {
        model: 'profit-share';
        percent: number;
        paidBy: 'follower';
        /** A worked example: realised profit of 10 % of the amount above a mark of 0 pays percent of it. */
        exampleRealisedProfit: Money;
        exampleToLeader: Money;
        /** The same following at a realised loss: the leader gets nothing. */
        exampleLossToLeader: Money;
        text: string;
      };
  stopLossPercentDefault: number;
  stopLossRange: [number, number];
  /** Mirrored size per leader fill: floor(fill × amount ÷ leader equity) in whole lots. */
  ratio: string;
  leaderEquity: Money;
  /** The business date (JST) a following's period counts from. */
  today: string;
  simulated: true;
}
export interface MirroredOrderView {
  id: number;
  code: string;
  side: 'buy' | 'sell';
  leaderQuantity: number;
  quantity: number;
  outcome: MirrorOutcome;
  reason: string | null;
  leaderPrice: string;
  /** Average fill price of the follower's own order; null until it fills. */
  fillPrice: string | null;
  /** Follower price − leader price in yen per share (buy: + is worse); null until filled. */
  slippage: string | null;
  positionId: number | null;
  at: string;
}
/**
 * A copied position closed at market when its following ended (copy stop-loss, or the customer's
 * stop with "close"): the follower's own close order as it stands, its fill price from the
 * follower's venue fills. Not a mirrored order: no leader fill caused it.
 */
export interface FollowingCloseView {
  id: number;
  code: string;
  side: 'buy' | 'sell';
  /** Why the following ended with its positions closed. */
  reason: 'customer' | 'deadline' | 'stopLoss';
  /** The follower's close order; null when placement refused it (`refusal`, a catalogue message). */
  orderId: number | null;
  quantity: number | null;
  filledQuantity: number;
  /**
   * pending / partial: working at the venue; refused: no order was placed; waiting: a close was
   * already working on the position (a mirrored one), and what it leaves is closed once it ends.
   */
  state: 'pending' | 'partial' | 'filled' | 'cancelled' | 'expired' | 'rejected' | 'refused' | 'waiting';
  refusal: string | null;
  /** Volume-weighted price of the follower's own fills of the order (yen text); null until one. */
  fillPrice: string | null;
  /** When the close was placed (the following's end), and its last fill. */
  at: string;
  filledAt: string | null;
}
export interface FollowingView {
  id: number;
  strategyId: number;
  strategyName: string;
  amount: Money;
  stopLossPercent: number;
  status: FollowingStatus;
  paused: boolean;
  endReason: FollowingEndReason | null;
  deadline: string;
  startedAt: string;
  endedAt: string | null;
  /** amount + realised + unrealised P&L of the copied positions − their fees. */
  value: Money;
  /**
   * Copied positions with shares still held. On an ended following, 0 means `value` is final (every
   * copied position sold); above 0 it still moves with the price (kept, or a close not yet filled).
   */
  heldPositions: number;
  /** The closes at market made when the following ended (empty when its positions were kept). */
  closedAtEnd: FollowingCloseView[];
  /** The profit share of this following (null under broker-paid): the mark and what was paid. */
  profitShare: { percent: number; highWaterMark: Money; paid: Money } | null;
  mirrored: MirroredOrderView[];
  simulated: true;
}
export type FollowingPage = Page<FollowingView>;

/** strategy/verify: one line of the recomputation (a mirrored order, or the closes of one copy). */
export interface StrategyVerifyLine {
  what: string;
  match: boolean;
  detail: string;
}
/** strategy/verify: the record recomputed from the published fills beside the published one, and each line's verdict. */
export interface StrategyVerifyView {
  strategyId: number;
  /** Recomputed from the leader's fills and cash postings; holdings valued at the last trade in the fills. */
  recomputed: StrategyRecord | null;
  /** As strategy/detail publishes it (holdings at the venue's last price). */
  published: StrategyRecord;
  lines: StrategyVerifyLine[];
  match: boolean;
  simulated: true;
}

// Every constant of strategies and order following, with its source (docs/strategies.md). The
// research ids are in research/next-anchors.md §4; figures of Kabuto's own are marked as such.
import { DEFAULT_ALGORITHMS_CONFIG, type AlgorithmsConfig } from './algorithms/config';
import { COPY_STOP_LOSS_DEFAULT_PERCENT, COPY_STOP_LOSS_MAX_PERCENT, COPY_STOP_LOSS_MIN_PERCENT, FOLLOWER_RESULTS_MINIMUM } from '@kabuto/shared-sdk/schemas';

export interface StrategiesConfig {
  /** Product minimum of a following, yen. */
  minimumFollowYen: bigint;
  stopLoss: { defaultPercent: number; minPercent: number; maxPercent: number };
  leader: {
    /** Days since the leader's first venue fill. */
    minHistoryDays: number;
    /** Highest risk score (1–10) a leader may have to publish. */
    maxRiskScore: number;
    /** Highest leverage (tenths: 10 = 1×) among the leader's open positions. */
    maxLeverageTenths: number;
  };
  /** Broker-paid leader fee: basis points a year of the assets copied, accrued per business day. */
  fee: { model: 'broker-paid'; bpPerYear: number; daysPerYear: number };
  /** Risk score bands: annualised volatility (percent) at or below which each score 1…9 applies; above the last, 10. */
  riskBands: readonly number[];
  /** Trading days a year (annualises daily volatility). */
  tradingDaysPerYear: number;
  /** Mirrored closes placed at once (mirrored opens are handed to trading all together). */
  mirrorConcurrency: number;
  /** Stop-loss and deadline sweep interval, ms (0: only when called). */
  sweepMs: number;
  /** The broker's algorithmic strategies (rules published) and their daily run. */
  algorithms: AlgorithmsConfig;
  /** The second fee model: the leader takes `percent` of the follower's realised profit above the following's high-water mark. */
  profitShare: { percent: number };
  /** Followers' median return and share in profit are published from this many followings on. */
  followerResultsMinimum: number;
  /**
   * New copiers stop after a high risk score (eToro from 2022-03-28 [CT3]): an at-close daily score at
   * or above `dailyMinScore` closes the strategy for `dailyMonths` calendar months from that date; a
   * calendar month whose business days averaged at least `monthlyMinAverage` closes it for the
   * `monthlyMonths` calendar months after it.
   */
  copierPause: { dailyMinScore: number; dailyMonths: number; monthlyMinAverage: number; monthlyMonths: number };
}

export const DEFAULT_STRATEGIES_CONFIG: StrategiesConfig = {
  minimumFollowYen: 30_000n,
  stopLoss: { defaultPercent: COPY_STOP_LOSS_DEFAULT_PERCENT, minPercent: COPY_STOP_LOSS_MIN_PERCENT, maxPercent: COPY_STOP_LOSS_MAX_PERCENT },
  leader: { minHistoryDays: 30, maxRiskScore: 7, maxLeverageTenths: 10 },
  fee: { model: 'broker-paid', bpPerYear: 150, daysPerYear: 365 },
  riskBands: [1, 3, 5, 8, 12, 16, 20, 25, 35],
  tradingDaysPerYear: 245,
  mirrorConcurrency: 64,
  sweepMs: 60_000,
  algorithms: DEFAULT_ALGORITHMS_CONFIG,
  profitShare: { percent: 20 },
  followerResultsMinimum: FOLLOWER_RESULTS_MINIMUM,
  copierPause: { dailyMinScore: 8, dailyMonths: 2, monthlyMinAverage: 7, monthlyMonths: 1 },
};

/** The published rules and where each comes from (strategy/rules, docs/strategies.md). */
export function strategyRuleSources(config: StrategiesConfig): { rule: string; source: string }[] {
  return [
    { rule: `Minimum follow amount ¥${config.minimumFollowYen.toLocaleString('en-US')}`, source: "Kabuto's own (eToro: $200 minimum per copied trader [CT1])" },
    {
      rule: `Copy stop-loss default ${config.stopLoss.defaultPercent}%, range ${config.stopLoss.minPercent}–${config.stopLoss.maxPercent}%`,
      source: 'eToro CopyTrader Copy Stop Loss [CT1]',
    },
    { rule: `Leader: at least ${config.leader.minHistoryDays} days since the first venue fill`, source: 'eToro Popular Investor requirements [CT2]' },
    { rule: `Leader: risk score at most ${config.leader.maxRiskScore}`, source: 'eToro Popular Investor: max risk score 7 [CT2][CT3]' },
    {
      rule: `Leader: no open position above ${config.leader.maxLeverageTenths / 10}× leverage`,
      source: "Kabuto's own (cash only; eToro risk score counts leverage [CT3])",
    },
    {
      rule: `Leader paid by the broker ${(config.fee.bpPerYear / 100).toFixed(1)}% a year of assets copied, accrued daily; followers pay nothing extra`,
      source: 'eToro Popular Investor programme [CT1][CT2]',
    },
    { rule: 'Risk score 1–10 from annualised volatility of daily returns (bands published)', source: 'eToro risk score [CT3], simplified to volatility' },
    {
      rule: `No new copiers for ${config.copierPause.dailyMonths} months after a business day whose at-close risk score was ${config.copierPause.dailyMinScore} or more, and for the ${config.copierPause.monthlyMonths} calendar month(s) after a month whose business days averaged ${config.copierPause.monthlyMinAverage} or more; those already following keep following`,
      source: 'eToro from 2022-03-28: daily risk score ≥8 → no new copiers for 2 months; monthly average ≥7 → 1 month [CT3]',
    },
    {
      rule: 'Track record only from venue fills and ledger postings; net of deposits and withdrawals',
      source: 'ESMA 2023 briefing; honest disclosure [CT3][CT8]',
    },
    {
      rule: `Or, chosen by the leader at opt-in instead: ${config.profitShare.percent}% of each follower's realised profit above the following's high-water mark, paid by the follower; never on a loss, never below the mark`,
      source: 'Bitget profit share 10–20% with high-water mark [CT6]; Binance up to 30% [CT5]; ZuluTrade 20% HWM [CT7]',
    },
    {
      rule: `Followers' median return and share in profit published from ${config.followerResultsMinimum} followings on`,
      source: "Kabuto's own (no single follower exposed)",
    },
    {
      rule: `Algorithmic strategies (rules published): ${config.algorithms.definitions.length} published by the broker, each with its rule in plain words and its parameters; live record from venue fills only, no backtest`,
      source: "Kabuto's own rules; live, not back-tested, history [CT3][CT8]",
    },
  ];
}

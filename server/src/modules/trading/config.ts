// Every number the trading rules use, with its source (published in docs/trading.md and by
// trade/config). Rates are basis points (1 bp = 0.01 %), money integer yen.
import type { TradingRules } from '@kabuto/shared-sdk/schemas';
import { TSE_LOT_SHARES } from '@kabuto/shared-sdk/market-rules';

export interface FeeTier {
  /** Order value up to and including this (yen); null = no upper bound. */
  upTo: bigint | null;
  fee: bigint;
}

export interface TradingConfig {
  lotShares: number;
  fees: {
    /** Commission by order value; one tier with upTo null = a flat fee. */
    tiers: FeeTier[];
    serviceFee: bigint;
    buyFee: bigint;
    sellFee: bigint;
    stampDuty: bigint;
  };
  margin: {
    initialMarginRateBp: number;
    minimumDeposit: bigint;
    callLevelBp: number;
    hardFloorBp: number;
    buyInterestBp: number;
    lendingFeeBp: number;
    standardTermMonths: number;
    expiryWarningDays: number;
    /** Business days after the call; the deadline is noon JST that day. */
    callDeadlineBusinessDays: number;
    callDeadlineSecondOfDay: number;
  };
  /** Sale proceeds settle this many JST business days after the trade date. */
  settlementDays: number;
  blockWithdrawalsWhileHolding: boolean;
  /** How often the engine sweeps queued orders, expiries, margin and settlement (ms). */
  sweepMs: number;
  /**
   * How long an order call arriving during start-up recovery waits for it before it is
   * refused with MSG.systemStarting (ms). Recovery of a day's orders takes well under this;
   * a call that waited longer would outlive the client's own timeout anyway.
   */
  recoveryWaitMs: number;
}

export const DEFAULT_TRADING_CONFIG: TradingConfig = {
  lotShares: TSE_LOT_SHARES,
  fees: { tiers: [{ upTo: null, fee: 0n }], serviceFee: 0n, buyFee: 0n, sellFee: 0n, stampDuty: 0n },
  margin: {
    initialMarginRateBp: 3000,
    minimumDeposit: 300_000n,
    callLevelBp: 2000,
    hardFloorBp: 1000,
    buyInterestBp: 280,
    lendingFeeBp: 110,
    standardTermMonths: 6,
    expiryWarningDays: 7,
    callDeadlineBusinessDays: 2,
    callDeadlineSecondOfDay: 12 * 3600,
  },
  settlementDays: 2,
  blockWithdrawalsWhileHolding: true,
  sweepMs: 500,
  recoveryWaitMs: 10_000,
};

/** Leverage tenths allowed: 10 (1×) … floor(10 / initial margin rate) tenths (30 % → 33 = 3.3×). */
export function maxLeverageTenths(config: TradingConfig): number {
  return Math.floor(100_000 / config.margin.initialMarginRateBp);
}

export function commissionFor(config: TradingConfig, value: bigint): bigint {
  for (const tier of config.fees.tiers) if (tier.upTo === null || value <= tier.upTo) return tier.fee;
  return config.fees.tiers[config.fees.tiers.length - 1]?.fee ?? 0n;
}

const bpText = (bp: number) => `${(bp / 100).toFixed(2)}%`;

export const RULE_SOURCES: TradingRules['sources'] = [
  { rule: 'Lot 100 shares, tick tables, daily limits, sessions', source: 'research/mission-anchors.md §2 (TSE rules); spec §9 lot size' },
  { rule: 'Initial margin 30 %, minimum deposit ¥300,000', source: 'research/mission-anchors.md §3.1 [M1][M2][M3]' },
  { rule: 'Maintenance / margin call level 20 %, deadline noon two business days later', source: 'research/mission-anchors.md §3.1 [M1][M3]' },
  { rule: 'Hard floor 10 % (forced liquidation at once)', source: 'Kabuto choice (research §3.1: brokers may close without notice; level not published)' },
  { rule: 'Buy interest 2.80 % p.a., lending fee 1.10 % p.a.', source: 'research/mission-anchors.md §3.1 (SBI, June 2025, secondary source, unconfirmed)' },
  { rule: '制度信用 6-month limit; short only for 貸借 stocks', source: 'research/mission-anchors.md §3.1 [M4][M5]' },
  {
    rule: 'Zero commission; stamp duty ¥0',
    source: 'research §1 [A15][M6] (large Japanese online brokers charge no commission on share trades; Japan has no stamp duty on share trades)',
  },
  { rule: 'Sale proceeds settle T+2 business days (JST calendar with holidays)', source: 'research §2.6 [J17]; JST calendar: market/rules/calendar.ts' },
  { rule: 'Withdrawals blocked while positions are held', source: 'spec §6 / §8 ("持倉期間不可出金"), configurable' },
];

export function publishedRules(config: TradingConfig): TradingRules {
  const max = maxLeverageTenths(config);
  return {
    lotShares: config.lotShares,
    fees: {
      kind: config.fees.tiers.length === 1 && config.fees.tiers[0]?.upTo === null ? 'flat' : 'tiered',
      tiers: config.fees.tiers.map((t) => ({ upTo: t.upTo === null ? null : t.upTo.toString(), fee: t.fee.toString() })),
      serviceFee: config.fees.serviceFee.toString(),
      buyFee: config.fees.buyFee.toString(),
      sellFee: config.fees.sellFee.toString(),
      stampDuty: config.fees.stampDuty.toString(),
    },
    margin: {
      initialMarginRate: bpText(config.margin.initialMarginRateBp),
      minimumDeposit: config.margin.minimumDeposit.toString(),
      maxLeverage: `${Math.floor(max / 10)}.${max % 10}`,
      callLevel: bpText(config.margin.callLevelBp),
      hardFloor: bpText(config.margin.hardFloorBp),
      buyInterestRate: bpText(config.margin.buyInterestBp),
      lendingFeeRate: bpText(config.margin.lendingFeeBp),
      standardTermMonths: config.margin.standardTermMonths,
      expiryWarningDays: config.margin.expiryWarningDays,
      callDeadline: `noon JST, ${config.margin.callDeadlineBusinessDays} business days after the call`,
    },
    settlementDays: config.settlementDays,
    blockWithdrawalsWhileHolding: config.blockWithdrawalsWhileHolding,
    sources: RULE_SOURCES,
  };
}

// Every number the stock lending rules use, with its source (published in docs/credit.md "Stock
// lending" and in lending/summary's rules). Rates are basis points p.a. (10 = 0.1 %).
import { SESSION_TIMES } from '../../market';

export interface LendingDemandModel {
  /** Seed of the simulated per-issue rates and daily demand (the borrower side is simulated). */
  seed: string;
  /** Published-rate bands: share of issues (per mille) at each rate, the rest at minRateBp. */
  rateBands: { perMille: number; rateBp: number }[];
  /** Chance (per mille) that an issue has no borrower on a business day (then it earns 0 %). */
  shortPerMille: number;
  /** Chance (per mille) of high demand on a business day (rate × highMultiplier). */
  highPerMille: number;
  highMultiplier: number;
  /** Simulated shares outstanding: between these, per issue (rounded to 1,000). */
  sharesOutstandingMin: number;
  sharesOutstandingMax: number;
}

export interface LendingConfig {
  /** New opt-ins accepted; false → lendingChannelClosed. */
  channelOpen: boolean;
  /** Lowest published rate: 0.1 % p.a. [LN3][LN4]. */
  minRateBp: number;
  /** At most 1 % of an issue's shares outstanding per customer, 8 % in total [LN7]. */
  perCustomerQuotaBp: number;
  totalQuotaBp: number;
  /** Fee per day = value × rate ÷ dayCount [LN3]. */
  dayCount: number;
  /** Paid on this business day of the next month (2nd, Rakuten [LN3]). */
  paymentBusinessDay: number;
  /** interest-first: the record date's rate × this (×5, Rakuten [LN1]). */
  recordDayMultiplier: number;
  /** rights-first: recalled at the step this many business days before the last cum date [LN1][LN7]. */
  recallBusinessDaysBeforeLastCum: number;
  /** Withholding on a dividend-equivalent (income tax part, 15.315 % [LN8]). */
  dividendEquivalentWithholdingPercent: string;
  /** The daily lending step: JST seconds after midnight (after the 15:30 close). */
  stepSecondOfDay: number;
  demand: LendingDemandModel;
  /** Shares outstanding by code where known (else the simulated figure); tests set small ones. */
  sharesOutstanding: Readonly<Record<string, number>>;
}

export const DEFAULT_LENDING_CONFIG: LendingConfig = {
  channelOpen: true,
  minRateBp: 10,
  perCustomerQuotaBp: 100,
  totalQuotaBp: 800,
  dayCount: 365,
  paymentBusinessDay: 2,
  recordDayMultiplier: 5,
  recallBusinessDaysBeforeLastCum: 1,
  dividendEquivalentWithholdingPercent: '15.315',
  stepSecondOfDay: SESSION_TIMES.close + 15 * 60,
  demand: {
    seed: 'kabuto-lending-v1',
    // SBI 2020-03: most issues at 0.10 %, a few hundred at 0.2–1 %, a few hundred at ≥ 1 % [LN4].
    rateBands: [
      { perMille: 100, rateBp: 50 },
      { perMille: 50, rateBp: 150 },
    ],
    shortPerMille: 150,
    highPerMille: 100,
    highMultiplier: 2,
    sharesOutstandingMin: 100_000_000,
    sharesOutstandingMax: 3_000_000_000,
  },
  sharesOutstanding: {},
};

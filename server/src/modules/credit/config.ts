// Every number of the credit rules (docs/credit.md: each with its source). The loan minimum
// and step are the SDK's published constants (the form checks them at the edge).
import { LOAN_MINIMUM_YEN, LOAN_STEP_YEN } from '@kabuto/shared-sdk/schemas';

export interface InterestTierConfig {
  /** Upper bound of the band (yen, inclusive) of the previous month-end principal; null: no bound. */
  upToYen: bigint | null;
  /** Parts per million per year (3.875 % = 38 750). */
  ratePpm: number;
}

export interface CreditScoreConfig {
  max: number;
  base: number;
  verifiedIdentityPoints: number;
  /** One point per this many days of account age, up to accountAgeMaxPoints. */
  accountAgeDaysPerPoint: number;
  accountAgeMaxPoints: number;
  /** Per loan repaid in full, up to repaidMaxPoints. */
  repaidLoanPoints: number;
  repaidMaxPoints: number;
  /** Per margin call in the look-back window (negative), floored at marginCallFloor. */
  marginCallPoints: number;
  marginCallFloor: number;
  /** Per forced sale (margin liquidation or collateral forced sale) in the window (negative), floored. */
  forcedSalePoints: number;
  forcedSaleFloor: number;
  lookbackDays: number;
  /** A loan application needs at least this score. */
  loanThreshold: number;
  /** Below this score withdrawals are refused and the account shows the credit-score restriction. */
  withdrawThreshold: number;
}

export interface CreditConfig {
  minimumYen: bigint;
  stepYen: bigint;
  /** Loan-to-value, basis points [SL3]. */
  ltvBp: number;
  /** LTV when one issue is at least concentrationBp of the collateral value [SL3]. */
  concentratedLtvBp: number;
  concentrationBp: number;
  /** Ratio marks, basis points [SL1][SL3]: above drawLimit no draw; at or above shortfall a notice; above forcedSale the sale. */
  drawLimitBp: number;
  shortfallBp: number;
  forcedSaleBp: number;
  /** Business days from the notice to the deadline, the notice day included [SL3]. */
  shortfallBusinessDays: number;
  /** Interest bands [SL1][SL2], lowest band first. */
  interestTiers: InterestTierConfig[];
  dayBasis: 365;
  /** Business days from trade date to settlement (T+2): a buy is collateral once settled. */
  settlementDays: number;
  /** Codes that are never collateral (e.g. issues under supervision). */
  ineligibleCodes: string[];
  score: CreditScoreConfig;
  lender: { name: string; agent: string };
  /** Monitor timer; 0 turns it off (tests drive sweep()). */
  sweepMs: number;
}

export const DEFAULT_CREDIT_CONFIG: CreditConfig = {
  minimumYen: BigInt(LOAN_MINIMUM_YEN),
  stepYen: BigInt(LOAN_STEP_YEN),
  ltvBp: 6000,
  concentratedLtvBp: 5000,
  concentrationBp: 7000,
  drawLimitBp: 6000,
  shortfallBp: 7000,
  forcedSaleBp: 8500,
  shortfallBusinessDays: 5,
  interestTiers: [
    { upToYen: 1_000_000n, ratePpm: 38_750 },
    { upToYen: 10_000_000n, ratePpm: 28_750 },
    { upToYen: null, ratePpm: 18_750 },
  ],
  dayBasis: 365,
  settlementDays: 2,
  ineligibleCodes: [],
  score: {
    max: 100,
    base: 60,
    verifiedIdentityPoints: 20,
    accountAgeDaysPerPoint: 30,
    accountAgeMaxPoints: 10,
    repaidLoanPoints: 2,
    repaidMaxPoints: 10,
    marginCallPoints: -5,
    marginCallFloor: -20,
    forcedSalePoints: -15,
    forcedSaleFloor: -45,
    lookbackDays: 365,
    loanThreshold: 70,
    withdrawThreshold: 40,
  },
  lender: { name: 'Kabuto Partner Bank (simulated)', agent: 'Kabuto Securities (simulated agent)' },
  sweepMs: 5_000,
};

/** The rate (ppm p.a.) of the band a principal falls in. */
export function rateForBalance(config: Pick<CreditConfig, 'interestTiers'>, principal: bigint): number {
  for (const tier of config.interestTiers) if (tier.upToYen === null || principal <= tier.upToYen) return tier.ratePpm;
  const last = config.interestTiers[config.interestTiers.length - 1];
  if (!last) throw new Error('no interest tiers configured');
  return last.ratePpm;
}

/** ppm → percent text ('38750' → '3.875'). */
export function ratePercentText(ppm: number): string {
  const whole = Math.trunc(ppm / 10_000);
  const frac = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac === '' ? String(whole) : `${whole}.${frac}`;
}

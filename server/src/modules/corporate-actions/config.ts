// The published figures of dividends and corporate actions (docs/dividends.md), in one place so the
// rules answer, the sweep and the independent check read the same numbers.
import type { DividendRules } from '@kabuto/shared-sdk/schemas';
import { LAST_CUM_BUSINESS_DAYS_BEFORE_RECORD } from '../market';

export interface CorporateActionsConfig {
  /** Payment date = this many business days after the record date (≈ 3 months [DV4][DV7]). */
  paymentBusinessDaysAfterRecord: number;
  /** Income tax 15.315 % (15 % + 2.1 % reconstruction surtax) and resident tax 5 %, parts per 100,000 [DV5][LN8]. */
  incomeTaxPpht: number;
  residentTaxPpht: number;
  /** 一般信用 shorts pay this share of the gross, parts per 100,000 (100 % at Monex [DV4]). */
  generalShortPpht: number;
  /** The sweep's timer on a real clock, ms; 0 = never (tests and the stepped clock call it). */
  sweepMs: number;
  /** Years of schedule generated ahead of the business date. */
  horizonYears: number;
}

export const DEFAULT_CORPORATE_ACTIONS_CONFIG: CorporateActionsConfig = {
  paymentBusinessDaysAfterRecord: 60,
  incomeTaxPpht: 15_315,
  residentTaxPpht: 5_000,
  generalShortPpht: 100_000,
  sweepMs: 60_000,
  horizonYears: 1,
};

const pct = (ppht: number) => (ppht / 1000).toFixed(3).replace(/\.?0+$/, '');

export function dividendRules(config: CorporateActionsConfig): DividendRules {
  return {
    lastCumBusinessDaysBeforeRecord: LAST_CUM_BUSINESS_DAYS_BEFORE_RECORD,
    paymentBusinessDaysAfterRecord: config.paymentBusinessDaysAfterRecord,
    incomeTaxPercent: pct(config.incomeTaxPpht),
    residentTaxPercent: pct(config.residentTaxPpht),
    withholdingPercent: pct(config.incomeTaxPpht + config.residentTaxPpht),
    rounding: 'floor-per-tax',
    marginAdjustmentPercent: pct(100_000 - config.incomeTaxPpht),
    generalShortPercent: pct(config.generalShortPpht),
    dividendEquivalentPercent: pct(100_000 - config.incomeTaxPpht),
    nisa: false,
    simulated: true,
  };
}

/** Ledger account kinds this module posts to (docs/dividends.md "Money"). */
export const DIVIDEND_ACCOUNTS = {
  /** The customer's dividend owed by the broker from the ex-date to the payment date. */
  receivable: 'dividend_receivable',
  /** The simulated issuers' dividends arriving through the share registrar. */
  issuerClearing: 'dividend_issuer_clearing',
  /** Income tax (15.315 %) withheld, owed to the tax office. */
  incomeTaxPayable: 'tax_payable_income',
  /** Resident tax (5 %) withheld, owed to the prefecture. */
  residentTaxPayable: 'tax_payable_resident',
  /** A margin long's 配当落調整金 owed to it from the ex-date. */
  adjustmentReceivable: 'dividend_adjustment_receivable',
  /** A margin short's 配当落調整金 set aside from its cash at the ex-date. */
  adjustmentReserved: 'dividend_adjustment_reserved',
  /** The margin counterparties' side of 配当落調整金 (the securities finance side, simulated). */
  adjustmentClearing: 'dividend_adjustment_clearing',
} as const;

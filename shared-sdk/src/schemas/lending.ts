// Stock lending (貸株) forms and answers of the `lending` group (docs/api/credit.md, lending part),
// shared by mf-funds and the server. Rates travel as basis points per year (10 = 0.1 % p.a.),
// quantities as shares, money as Money (integer minor units as text). The borrower side and its
// demand are simulated and labelled so.
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { acceptedSchema } from './account';
import { pageFormSchema, type LocalisedNames, type Money, type Page } from './funds';

/**
 * rights-first (権利取得優先, the default as at Matsui [LN7]): shares are recalled before the last
 * cum-rights date and lent again after. interest-first (金利優先 [LN1]): shares stay lent and the
 * record-day bonus rate applies.
 */
export const LENDING_MODES = ['rights-first', 'interest-first'] as const;
export type LendingMode = (typeof LENDING_MODES)[number];
export const LENDING_DEFAULT_MODE: LendingMode = 'rights-first';

/**
 * lent: on loan now; not-lent: eligible but not on loan (not enrolled, quota full, or waiting for
 * the next daily lending step); recalled: returned for a rights date (rights-first) and lent
 * again after it; excluded: cannot be lent (excludedReason says why).
 */
export const LENDING_STATUSES = ['lent', 'not-lent', 'recalled', 'excluded'] as const;
export type LendingStatus = (typeof LENDING_STATUSES)[number];

/**
 * Why shares of a holding are not lent. odd-lot: the shares beyond whole trading units;
 * unsettled: bought shares not yet settled (T+2); loan-collateral: a securities-backed loan is
 * pending or outstanding (as SBI excludes Comstock Loan users [LN5]); quota-full: the 1 % per
 * customer or 8 % total quota of the issue is used [LN7]; not-enrolled: the customer has not
 * opted in; rights-date: recalled for a rights date (rights-first).
 */
export const LENDING_EXCLUDED_REASONS = ['odd-lot', 'unsettled', 'loan-collateral', 'quota-full', 'not-enrolled', 'rights-date'] as const;
export type LendingExcludedReason = (typeof LENDING_EXCLUDED_REASONS)[number];

/**
 * Simulated borrower demand for an issue on a business day. short: no borrower, so lent shares
 * earn 0 % that day (as SBI pays 0 % when not drawn [LN6]).
 */
export const LENDING_DEMAND_STATES = ['high', 'normal', 'short'] as const;
export type LendingDemandState = (typeof LENDING_DEMAND_STATES)[number];

export const LENDING_RECORD_KINDS = ['accrual', 'payment'] as const;
export type LendingRecordKind = (typeof LENDING_RECORD_KINDS)[number];

/** The version of the risks text the customer accepts at opt-in; a new text is a new version. */
export const LENDING_RISKS_VERSION = 'lending-risks-2026-12' as const;

const modeField = z.enum(LENDING_MODES, { error: MSG.lendingModeInvalid });
const codeField = z
  .string({ error: MSG.unknownStockCode })
  .trim()
  .regex(/^[0-9A-Z]{4}$/, { error: MSG.unknownStockCode });
const emptyIsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);

// ---------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------
/** lending/summary, lending/optOut: no fields. */
export const lendingEmptyFormSchema = z.object({});
/**
 * lending/optIn: once, with the risks shown. acceptRisks must be true ('true', '1', 'on') and risksVersion the
 * version shown (LENDING_RISKS_VERSION), else lendingRisksNotAccepted. Mode defaults to
 * rights-first.
 */
export const lendingOptInFormSchema = z.object({
  mode: z.preprocess(emptyIsMissing, modeField.optional().default(LENDING_DEFAULT_MODE)),
  acceptRisks: acceptedSchema(MSG.lendingRisksNotAccepted),
  risksVersion: z.literal(LENDING_RISKS_VERSION, { error: MSG.lendingRisksNotAccepted }),
});
/** lending/setMode: rights-first or interest-first; applies from the next daily lending step. */
export const lendingSetModeFormSchema = z.object({ mode: modeField });
/** lending/records: accruals and payments, newest first, optionally one kind or one issue. */
export const lendingRecordsFormSchema = pageFormSchema.extend({
  kind: z.preprocess(emptyIsMissing, z.enum(LENDING_RECORD_KINDS, { error: MSG.invalidParams }).optional()),
  code: z.preprocess(emptyIsMissing, codeField.optional()),
});
/** lending/rates: the published rate of every lendable issue, optionally one. */
export const lendingRatesFormSchema = pageFormSchema.extend({ code: z.preprocess(emptyIsMissing, codeField.optional()) });

export type LendingOptInForm = z.input<typeof lendingOptInFormSchema>;
export type LendingSetModeForm = z.input<typeof lendingSetModeFormSchema>;
export type LendingRecordsForm = z.input<typeof lendingRecordsFormSchema>;
export type LendingRatesForm = z.input<typeof lendingRatesFormSchema>;

// ---------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------
/** The published rules, every figure from server config (docs/credit.md "Stock lending"). */
export interface LendingRules {
  /** Lowest published rate, basis points p.a. (10 = 0.1 % [LN3][LN4]). */
  minRateBp: number;
  /** Per-customer quota: at most this share of an issue's shares outstanding, basis points (100 = 1 % [LN7]). */
  perCustomerQuotaBp: number;
  /** Total quota across customers, basis points of shares outstanding (800 = 8 % [LN7]). */
  totalQuotaBp: number;
  /** Fee per business day = floor(closing value × rate × days ÷ (dayCount × 10,000)) yen. */
  dayCount: number;
  rounding: 'floor';
  /** Fees are paid on this business day of the following month (2nd, as Rakuten [LN3]). */
  paymentBusinessDay: number;
  /** interest-first: the rate on the record date is multiplied by this (×5, Rakuten [LN1]). */
  recordDayMultiplier: number;
  /** rights-first: shares are recalled before the last cum-rights date and lent again from the ex-date. */
  recallBusinessDaysBeforeLastCum: number;
  /** Withholding on a dividend-equivalent (interest-first), percent text ('15.315' [LN8]). */
  dividendEquivalentWithholdingPercent: string;
  /** When the daily lending step runs (JST, after the close). */
  dailyStepAt: string;
  /** false while the operator has closed the channel (new opt-ins refused with lendingChannelClosed). */
  channelOpen: boolean;
  /** The borrower side and its demand are simulated. */
  simulated: true;
}

/** The risks the customer accepts once, in three languages, with their version. */
export interface LendingRisks {
  version: string;
  /** Lent shares leave segregation (分別管理) and investor-protection cover [LN10]; interest-first: dividend-equivalent net of 15.315 %, 雑所得 [LN8]. */
  points: LocalisedNames[];
}

/** One cash long holding of mine and what lending does with it. */
export interface LendingHolding {
  code: string;
  name: LocalisedNames;
  /** Settled and unsettled shares held in cash (margin positions are not holdings here). */
  heldQuantity: number;
  lentQuantity: number;
  /** The venue's trading unit: shares beyond whole units (odd lots) are never lent. */
  lotSize: number;
  status: LendingStatus;
  /** Why (some of) the shares are not lent; null when all eligible shares are lent. */
  excludedReason: LendingExcludedReason | null;
  /** The catalogue message for the reason where one exists (quota-full → lendingQuotaFull). */
  excludedMessage: string | null;
  /** The rate this holding earns today, basis points p.a.; 0 when demand is short. */
  rateBp: number;
  /** The published rate, basis points p.a. */
  publishedRateBp: number;
  demand: LendingDemandState;
  /** Fees accrued and not yet paid; fees paid so far. */
  accrued: Money;
  paid: Money;
  /** The next last cum-rights date of the issue (JST) and its record date, from the corporate calendar. */
  nextLastCumDate: string | null;
  nextRecordDate: string | null;
}

export interface LendingTotals {
  lentValue: Money;
  accrued: Money;
  paid: Money;
}

export interface LendingSummary {
  enrolled: boolean;
  /** My mode; the default while not enrolled. */
  mode: LendingMode;
  /** ISO 8601 UTC, null while not enrolled. */
  optedInAt: string | null;
  /** The risks version I accepted, null while not enrolled. */
  risksVersionAccepted: string | null;
  risks: LendingRisks;
  holdings: LendingHolding[];
  totals: LendingTotals;
  rules: LendingRules;
  /** Business date (JST 'YYYY-MM-DD') of the last daily lending step and the next payment date. */
  lastStepDate: string | null;
  nextPaymentDate: string;
}

/** One accrual (a business day's fee on one issue) or one payment (a month's fees), each posted. */
export interface LendingRecord {
  id: string;
  kind: LendingRecordKind;
  /** Accrual: the business day; payment: the payment date. */
  businessDate: string;
  /** Accrual only (null for a payment). */
  code: string | null;
  quantity: number | null;
  /** Closing price, yen text. */
  closePrice: string | null;
  rateBp: number | null;
  /** Accrual only: day units charged, the calendar days to the next business day (a Friday: 3), plus the record-day bonus in interest-first mode. */
  days: number | null;
  /** Payment only: the month paid, 'YYYY-MM'. */
  month: string | null;
  amount: Money;
  /** The ledger journal entry that moved it; null for an accrual of 0 (demand short: nothing moved). */
  journalId: string | null;
  at: string;
}

export type LendingRecordsPage = Page<LendingRecord>;

/** One issue's published lending rate with its simulated demand and quotas. */
export interface LendingRate {
  code: string;
  name: LocalisedNames;
  publishedRateBp: number;
  demand: LendingDemandState;
  /** What a lent share earns today: 0 when demand is short. */
  effectiveRateBp: number;
  /** interest-first on the record date: effective × recordDayMultiplier. */
  recordDayRateBp: number;
  lotSize: number;
  sharesOutstanding: number;
  /** Quotas in shares: per customer (1 %) and total (8 %); lent by all customers now. */
  perCustomerQuota: number;
  totalQuota: number;
  lentTotal: number;
  quotaFull: boolean;
  simulated: true;
}

export interface LendingRatesPage extends Page<LendingRate> {
  /** Business date the rates apply to. */
  businessDate: string;
}

export interface LendingModeAnswer {
  mode: LendingMode;
}

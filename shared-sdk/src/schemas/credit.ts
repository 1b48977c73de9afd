// Securities-backed credit loans (docs/credit.md, docs/api/credit.md): forms and answers of the
// `credit` group (customer calls, /api/vue/credit/<action>) and of the operator calls under
// /api/ops/credit, shared by mf-account, the operator console and the server. Node-safe.
// The lender is a simulated partner bank and Kabuto its simulated agent: every answer that
// shows the lender says so (`lender.simulated`).
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { LOAN_MINIMUM_YEN, LOAN_STEP_YEN } from '../messages/catalogue/loans';
import { fundPasswordSchema } from './account';
import { idempotencyKeySchema, jpyAmountSchema, pageFormSchema, parseAmountToMinor, type Money, type Page } from './funds';
import { rowIdSchema } from './numbers';

export { LOAN_MINIMUM_YEN, LOAN_STEP_YEN };

/** A loan record's status (spec: pending review, approved, rejected, repaid). */
export const LOAN_STATUSES = ['pending', 'approved', 'rejected', 'repaid'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/**
 * The customer's credit state, from the ratio (docs/credit.md §4): none (no loan outstanding),
 * normal (ratio ≤ draw limit), draw-stopped (above the draw limit: no new draws, no release),
 * shortfall (at or above the shortfall mark, or a notice not yet cured), forced-sale (above the
 * forced-sale mark, or a shortfall uncured at its deadline: collateral being sold).
 */
export const CREDIT_STATES = ['none', 'normal', 'draw-stopped', 'shortfall', 'forced-sale'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

/** Why a holding (or part of it) is not collateral (selling: under a sale order not yet filled). */
export const COLLATERAL_EXCLUSIONS = ['unsettled', 'selling', 'margin', 'ineligible-list', 'on-loan'] as const;
export type CollateralExclusion = (typeof COLLATERAL_EXCLUSIONS)[number];

/** The published inputs of the credit score (docs/credit.md §6). */
export const CREDIT_SCORE_INPUTS = ['verified-identity', 'account-age', 'repayment-history', 'margin-calls', 'forced-sales'] as const;
export type CreditScoreInputName = (typeof CREDIT_SCORE_INPUTS)[number];

// ---- customer forms ------------------------------------------------------------------

/** A loan amount: whole yen above 0 (strict decimal text: no exponent, no full-width digits), from the minimum, in steps. */
export const loanAmountSchema = jpyAmountSchema.superRefine((text, ctx) => {
  const parsed = parseAmountToMinor(text, 0);
  if (!parsed.ok) return; // jpyAmountSchema already named it
  if (parsed.minor < BigInt(LOAN_MINIMUM_YEN)) ctx.addIssue({ code: 'custom', message: MSG.loanAmountBelowMinimum });
  else if (parsed.minor % BigInt(LOAN_STEP_YEN) !== 0n) ctx.addIssue({ code: 'custom', message: MSG.loanAmountNotStep });
});

/** credit/summary: no fields. */
export const creditSummaryFormSchema = z.object({});
/** credit/apply: a loan application for review. */
export const creditApplyFormSchema = z.object({
  amount: loanAmountSchema,
  reason: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: MSG.invalidParams }).trim().max(200, { error: MSG.invalidParams }).optional(),
  ),
  fundPassword: fundPasswordSchema,
  idempotencyKey: idempotencyKeySchema,
});
/** credit/repay: part or all of the outstanding amount (interest first, then principal), from cash. */
export const creditRepayFormSchema = z.object({
  amount: jpyAmountSchema,
  fundPassword: fundPasswordSchema,
  idempotencyKey: idempotencyKeySchema,
});
/** credit/records: my loan records, newest first. */
export const creditRecordsFormSchema = pageFormSchema;
/** credit/statements: my monthly interest statements, newest first. */
export const creditStatementsFormSchema = pageFormSchema;

export type CreditApplyForm = z.input<typeof creditApplyFormSchema>;
export type CreditRepayForm = z.input<typeof creditRepayFormSchema>;
export type CreditRecordsForm = z.input<typeof creditRecordsFormSchema>;
export type CreditStatementsForm = z.input<typeof creditStatementsFormSchema>;

// ---- operator forms (/api/ops/credit) --------------------------------------------------

/** ops credit/loans: applications by status (pending first by default). */
export const opsCreditLoansFormSchema = pageFormSchema.extend({
  status: z.enum(LOAN_STATUSES, { error: MSG.invalidParams }).optional(),
});
/** ops credit/approve: disburse a pending application (re-checked against the line now). */
export const opsCreditApproveFormSchema = z.object({ id: rowIdSchema(MSG.loanNotFound) });
/** ops credit/reject: with the reason the customer is shown. */
export const opsCreditRejectFormSchema = z.object({
  id: rowIdSchema(MSG.loanNotFound),
  reason: z.string({ error: MSG.loanReasonRequired }).trim().min(1, { error: MSG.loanReasonRequired }).max(200, { error: MSG.loanReasonRequired }),
});
/** ops credit/customer: a customer's credit summary and score inputs (read only: a score is never set by hand). */
export const opsCreditCustomerFormSchema = z.object({ userId: rowIdSchema(MSG.invalidParams) });

export type OpsCreditLoansForm = z.input<typeof opsCreditLoansFormSchema>;
export type OpsCreditApproveForm = z.input<typeof opsCreditApproveFormSchema>;
export type OpsCreditRejectForm = z.input<typeof opsCreditRejectFormSchema>;
export type OpsCreditCustomerForm = z.input<typeof opsCreditCustomerFormSchema>;

// ---- answers ----------------------------------------------------------------------------

/** The ratio marks, in basis points of (principal + accrued interest) ÷ collateral value. */
export interface CreditRatioMarks {
  /** Above it: no new draws, no collateral release (60 %). */
  drawLimitBp: number;
  /** At or above it: a shortfall notice (70 %). */
  shortfallBp: number;
  /** Above it: forced sale of all collateral (85 %). */
  forcedSaleBp: number;
}

/** An open shortfall notice. */
export interface CreditShortfall {
  /** Repay this much (or add collateral) to bring the ratio back to the draw limit. */
  amountToCure: Money;
  /** JST business date 'YYYY-MM-DD': uncured after its close, the collateral is sold. */
  deadline: string;
  /** When the notice was given (ISO instant, business clock). */
  noticeAt: string;
}

export interface CreditScoreInput {
  name: CreditScoreInputName;
  /** The fact as the formula reads it: 'true'/'false', a number of days or of events. */
  value: string;
  /** Points it adds (negative: takes away). */
  points: number;
}

export interface CreditScore {
  /** 0 … max, from the published formula; never set by hand. */
  score: number;
  max: number;
  base: number;
  inputs: CreditScoreInput[];
  /** A loan application needs at least this score. */
  loanThreshold: number;
  /** Below this score withdrawals are refused (creditScoreTooLowToWithdraw). */
  withdrawThreshold: number;
  /** The score is below withdrawThreshold: the account shows the credit-score restriction (accountRestrictedByCreditScore). */
  restricted: boolean;
}

export interface CreditRules {
  minimum: Money;
  step: Money;
  /** Loan-to-value in basis points: 6000 (60 %). */
  ltvBp: number;
  /** 5000 (50 %) when one issue is at least `concentrationBp` of collateral value. */
  concentratedLtvBp: number;
  concentrationBp: number;
  /** Business days from the shortfall notice to its deadline, the notice day included (5). */
  shortfallDays: number;
  /** How the forced sale sells: all collateral, irrevocable. */
  forcedSale: 'all-collateral';
}

export interface CreditInterestTier {
  /** Upper bound of the band (previous month-end balance), inclusive; null: no upper bound. */
  upTo: Money | null;
  /** Percent per year as text, e.g. '3.875'. */
  ratePercent: string;
  /** The same rate in parts per million per year (38750). */
  ratePpm: number;
}

export interface CreditInterestSchedule {
  tiers: CreditInterestTier[];
  /** Interest of a day = floor(balance × rate ÷ dayBasis); each calendar day counts, posted at each business date's turn. */
  dayBasis: 365;
  /** The balance whose band sets the month's rate. */
  bandBalance: 'previous-month-end';
  /** The rate that applies this month. */
  currentRatePercent: string;
  capitalised: 'monthly';
}

export interface CreditCollateralLine {
  code: string;
  name: string;
  quantity: number;
  /** Previous close as decimal text (null: the issue has no close yet). */
  previousClose: string | null;
  /** quantity × previous close (0 when excluded). */
  value: Money;
  eligible: boolean;
  excludedReason: CollateralExclusion | null;
}

export interface CreditLender {
  name: string;
  /** Kabuto acts as the lender's agent; both are simulated in this app. */
  agent: string;
  simulated: true;
}

export interface LoanRecord {
  id: number;
  /** Order number shown to the customer. */
  orderNo: string;
  amount: Money;
  /** When the application was made (ISO instant). */
  appliedAt: string;
  status: LoanStatus;
  /** The credit score, line and borrowable amount when the application was made. */
  creditScore: number;
  creditLine: Money;
  borrowable: Money;
  /** What was disbursed (0 until approved). */
  borrowed: Money;
  repaid: Money;
  /** Interest charged on this loan so far (accrued and capitalised). */
  interest: Money;
  /** Principal + accrued interest still owed. */
  outstanding: Money;
  decidedAt: string | null;
  /** The reason given to the customer on rejection. */
  reason: string | null;
  /** The customer's own note on the application. */
  note: string | null;
  repaidAt: string | null;
}

export type LoanRecordsPage = Page<LoanRecord>;

export interface CreditSummary {
  creditLine: Money;
  borrowable: Money;
  principal: Money;
  accruedInterest: Money;
  /** principal + accrued interest. */
  outstanding: Money;
  collateralValue: Money;
  /** Ratio in basis points (rounded up); null when there is no collateral value. */
  ratioBp: number | null;
  marks: CreditRatioMarks;
  state: CreditState;
  shortfall: CreditShortfall | null;
  score: CreditScore;
  rules: CreditRules;
  interest: CreditInterestSchedule;
  /** LTV that applies now (basis points): concentrated or not. */
  ltvBp: number;
  collateral: CreditCollateralLine[];
  pending: LoanRecord | null;
  /** The approved loan still outstanding, if any. */
  active: LoanRecord | null;
  lender: CreditLender;
  /** Proceeds may not buy securities or fund margin: the part of cash trading does not count (withdrawal may use it). */
  excludedFromBuyingPower: Money;
}

export interface CreditStatement {
  /** 'YYYY-MM' (JST). */
  month: string;
  interest: Money;
  /** Principal after capitalisation. */
  principal: Money;
  ratePercent: string;
  days: number;
  postedAt: string;
}

export type CreditStatementsPage = Page<CreditStatement>;

/** An operator's view of an application (ops credit/loans). */
export interface OpsLoanRecord extends LoanRecord {
  userId: number;
  account: string;
  /** Who decided it (operator account), null while pending. */
  decidedBy: string | null;
  /** The customer's figures now (line, borrowable, ratio, score). */
  now: Pick<CreditSummary, 'creditLine' | 'borrowable' | 'ratioBp' | 'state' | 'score'>;
}

export type OpsLoanRecordsPage = Page<OpsLoanRecord>;

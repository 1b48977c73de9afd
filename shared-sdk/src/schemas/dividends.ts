// Dividends and corporate actions on the simulated venue (docs/dividends.md, docs/api/dividends.md):
// forms and answers of the `dividend` group (customer calls, /api/vue/dividend/<action>) and of the
// operator schedule calls under /api/ops/dividend, shared by mf-funds, the operator console and the
// server. Node-safe. Money travels as Money (integer yen as text); a dividend per share as yen text
// with exactly 1 decimal ('25.0', '2.6'): companies declare fractional dividends and the venue
// prices in tenths of a yen, so a dividend per share is kept in tenths too.
// The companies, their schedules and their perks are simulated and every answer says so.
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { pageFormSchema, type LocalisedNames, type Money, type Page } from './funds';
import { rowIdSchema } from './numbers';
import type { MarginKind } from './trading';

/** year-end: the fiscal year-end record date; interim: six months before it (中間配当). */
export const DIVIDEND_KINDS = ['year-end', 'interim'] as const;
export type DividendKind = (typeof DIVIDEND_KINDS)[number];

/**
 * A schedule entry's state on the business clock. scheduled: before the ex-date; ex: the ex-date
 * has passed and receivables are booked; paid: the payment date has passed and cash was paid.
 */
export const DIVIDEND_EVENT_STATES = ['scheduled', 'ex', 'paid'] as const;
export type DividendEventState = (typeof DIVIDEND_EVENT_STATES)[number];

/** Where the dividend per share comes from: the seeded forecast, or an audited operator edit. */
export const DIVIDEND_SOURCES = ['forecast', 'operator'] as const;
export type DividendSource = (typeof DIVIDEND_SOURCES)[number];

/** A dividend payment to a cash holder: booked as a receivable at the ex-date, paid at the payment date. */
export const DIVIDEND_PAYMENT_STATES = ['receivable', 'paid'] as const;
export type DividendPaymentState = (typeof DIVIDEND_PAYMENT_STATES)[number];

/** What a payment pays for: shares held in cash, or shares lent in interest-first mode (配当金相当額 [LN8]). */
export const DIVIDEND_PAYMENT_BASES = ['holding', 'lent'] as const;
export type DividendPaymentBasis = (typeof DIVIDEND_PAYMENT_BASES)[number];

/** 配当落調整金: a margin long receives it, a margin short pays it [DV4][DV5][DV6]. */
export const ADJUSTMENT_SIDES = ['long', 'short'] as const;
export type AdjustmentSide = (typeof ADJUSTMENT_SIDES)[number];
/** reserved: the expected amount is set aside (a short) or owed (a long) from the ex-date; settled at payment. */
export const ADJUSTMENT_STATES = ['reserved', 'settled'] as const;
export type AdjustmentState = (typeof ADJUSTMENT_STATES)[number];

/** Corporate actions other than dividends; the venue simulates integer-ratio stock splits [DV12]. */
export const CORPORATE_ACTION_KINDS = ['split'] as const;
export type CorporateActionKind = (typeof CORPORATE_ACTION_KINDS)[number];
/** scheduled: before the effective date; done: price divided, shares multiplied, resting orders cancelled. */
export const CORPORATE_ACTION_STATES = ['scheduled', 'done'] as const;
export type CorporateActionState = (typeof CORPORATE_ACTION_STATES)[number];

/** Calendar scope: my holdings, my watchlist, or both (the default). */
export const DIVIDEND_CALENDAR_SCOPES = ['all', 'holdings', 'watchlist'] as const;
export type DividendCalendarScope = (typeof DIVIDEND_CALENDAR_SCOPES)[number];

/** Dividend per share: yen, at most 1 decimal, ≤ ¥100,000. */
export const DIVIDEND_PER_SHARE_MAX_YEN = 100_000;
/** A split ratio is a whole number from 1 to this (a 1-for-1 split changes nothing but is not refused). */
export const SPLIT_RATIO_MAX = 100;

const emptyIsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);
const codeField = z
  .string({ error: MSG.unknownStockCode })
  .trim()
  .regex(/^[0-9A-Z]{4}$/, { error: MSG.unknownStockCode });
const dateField = z
  .string({ error: MSG.dividendDateInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.dividendDateInvalid });

/**
 * A dividend per share as yen text: '-…' → dividendPerShareNegative (the rule: DPS ≥ 0), anything
 * else that is not plain decimal text with ≤ 1 decimal → dividendPerShareInvalid. Output: tenths
 * of a yen (the venue's price unit), an integer.
 */
export const dividendPerShareSchema = z.union([z.string(), z.number()], { error: MSG.dividendPerShareInvalid }).transform((raw, ctx) => {
  const text = String(raw).trim();
  if (/^-/.test(text)) {
    ctx.addIssue({ code: 'custom', message: MSG.dividendPerShareNegative });
    return z.NEVER;
  }
  const m = /^(\d{1,6})(?:\.(\d))?$/.exec(text);
  if (!m) {
    ctx.addIssue({ code: 'custom', message: MSG.dividendPerShareInvalid });
    return z.NEVER;
  }
  const tenths = Number(m[1]) * 10 + Number(m[2] ?? '0');
  if (tenths > DIVIDEND_PER_SHARE_MAX_YEN * 10) {
    ctx.addIssue({ code: 'custom', message: MSG.dividendPerShareInvalid });
    return z.NEVER;
  }
  return tenths;
});

/** A split ratio: a whole number ≥ 1 ('0', '-2', '1.5' → splitRatioBelowOne, naming the rule). */
export const splitRatioSchema = z.union([z.string(), z.number()], { error: MSG.splitRatioBelowOne }).transform((raw, ctx) => {
  const text = String(raw).trim();
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > SPLIT_RATIO_MAX) {
    ctx.addIssue({ code: 'custom', message: MSG.splitRatioBelowOne });
    return z.NEVER;
  }
  return Number(text);
});

// ---- customer forms (/api/vue/dividend/<action>) ---------------------------------------

/** dividend/calendar: the schedule ahead for my holdings and watchlist, with projected amounts. */
export const dividendCalendarFormSchema = z.object({
  scope: z.preprocess(emptyIsMissing, z.enum(DIVIDEND_CALENDAR_SCOPES, { error: MSG.invalidParams }).optional().default('all')),
});
/** dividend/company: one issue's past payments per share, the schedule ahead and its splits. */
export const dividendCompanyFormSchema = z.object({ code: codeField });
/** dividend/received: my dividend payments (cash holdings and lent shares), newest first. */
export const dividendReceivedFormSchema = pageFormSchema.extend({
  status: z.preprocess(emptyIsMissing, z.enum(DIVIDEND_PAYMENT_STATES, { error: MSG.invalidParams }).optional()),
  code: z.preprocess(emptyIsMissing, codeField.optional()),
});
/** dividend/payment: one payment's breakdown and postings. */
export const dividendPaymentFormSchema = z.object({ id: rowIdSchema(MSG.dividendPaymentNotFound) });
/** dividend/adjustments: my margin dividend adjustments (received or paid), newest first. */
export const dividendAdjustmentsFormSchema = pageFormSchema.extend({
  side: z.preprocess(emptyIsMissing, z.enum(ADJUSTMENT_SIDES, { error: MSG.invalidParams }).optional()),
});
/** dividend/adjustment: one adjustment with its postings. */
export const dividendAdjustmentFormSchema = z.object({ id: rowIdSchema(MSG.dividendAdjustmentNotFound) });
/** dividend/actions: splits of issues I hold, held or watch (or all with scope=all), newest first. */
export const corporateActionsFormSchema = pageFormSchema.extend({
  scope: z.preprocess(
    emptyIsMissing,
    z
      .enum(['mine', 'all'] as const, { error: MSG.invalidParams })
      .optional()
      .default('mine'),
  ),
});
/** dividend/action: one split, with my shares before/after and my orders it cancelled. */
export const corporateActionFormSchema = z.object({ id: rowIdSchema(MSG.corporateActionNotFound) });
/** dividend/perks: my perks (simulated, no cash value), newest first. */
export const perksFormSchema = pageFormSchema;
/** dividend/perk: one perk. */
export const perkFormSchema = z.object({ id: rowIdSchema(MSG.perkNotFound) });

export type DividendCalendarForm = z.input<typeof dividendCalendarFormSchema>;
export type DividendCompanyForm = z.input<typeof dividendCompanyFormSchema>;
export type DividendReceivedForm = z.input<typeof dividendReceivedFormSchema>;
export type DividendPaymentForm = z.input<typeof dividendPaymentFormSchema>;
export type DividendAdjustmentsForm = z.input<typeof dividendAdjustmentsFormSchema>;
export type DividendAdjustmentForm = z.input<typeof dividendAdjustmentFormSchema>;
export type CorporateActionsForm = z.input<typeof corporateActionsFormSchema>;
export type CorporateActionForm = z.input<typeof corporateActionFormSchema>;
export type PerksForm = z.input<typeof perksFormSchema>;
export type PerkForm = z.input<typeof perkFormSchema>;

// ---- operator forms (/api/ops/dividend/<action>) ---------------------------------------

/**
 * ops dividend/schedule: the published schedule, optionally one issue and a range of record dates
 * (`from` ≤ record date ≤ `to`, inclusive; splits by effective date in the same range).
 */
export const opsDividendScheduleFormSchema = pageFormSchema.extend({
  code: z.preprocess(emptyIsMissing, codeField.optional()),
  from: z.preprocess(emptyIsMissing, dateField.optional()),
  to: z.preprocess(emptyIsMissing, dateField.optional()),
});
/**
 * ops dividend/edit: change a scheduled entry's dividend per share, record date or payment date
 * (audited). Refused: record date before today (dividendRecordDateInPast), DPS < 0
 * (dividendPerShareNegative), payment not after record (dividendPaymentBeforeRecord), an entry
 * past its ex-date (dividendEventLocked).
 */
export const opsDividendEditFormSchema = z.object({
  id: rowIdSchema(MSG.dividendEventNotFound),
  dps: z.preprocess(emptyIsMissing, dividendPerShareSchema.optional()),
  recordDate: z.preprocess(emptyIsMissing, dateField.optional()),
  paymentDate: z.preprocess(emptyIsMissing, dateField.optional()),
  reason: z.string({ error: MSG.invalidParams }).trim().min(1, { error: MSG.invalidParams }).max(200, { error: MSG.invalidParams }),
});
/** ops dividend/split: schedule a split of an issue (audited); ratio < 1 → splitRatioBelowOne. */
export const opsSplitFormSchema = z.object({
  code: codeField,
  ratio: splitRatioSchema,
  effectiveDate: dateField,
  reason: z.string({ error: MSG.invalidParams }).trim().min(1, { error: MSG.invalidParams }).max(200, { error: MSG.invalidParams }),
});

export type OpsDividendScheduleForm = z.input<typeof opsDividendScheduleFormSchema>;
export type OpsDividendEditForm = z.input<typeof opsDividendEditFormSchema>;
export type OpsSplitForm = z.input<typeof opsSplitFormSchema>;

// ---- answers ------------------------------------------------------------------------------

/** The published rules, every figure from server config (docs/dividends.md). */
export interface DividendRules {
  /** 権利付最終日 = this many business days before the record date (T+2 [DV1][DV2]). */
  lastCumBusinessDaysBeforeRecord: number;
  /** The payment date is about this many business days after the record date (≈ 3 months [DV4][DV7]). */
  paymentBusinessDaysAfterRecord: number;
  /** Percent texts: '15.315' income tax, '5' resident tax, '20.315' together [DV5][LN8]. */
  incomeTaxPercent: string;
  residentTaxPercent: string;
  withholdingPercent: string;
  /** Each tax is floored to the yen separately (円未満切捨て); gross = floor(DPS × shares). */
  rounding: 'floor-per-tax';
  /** 配当落調整金: margin longs receive and 制度信用 shorts pay this percent of the gross ('84.685'); 一般信用 shorts pay generalShortPercent ('100') [DV4][DV6]. */
  marginAdjustmentPercent: string;
  generalShortPercent: string;
  /** Lent shares (interest-first) get the gross minus 15.315 % income tax (配当金相当額 [LN8]). */
  dividendEquivalentPercent: string;
  /** There is no NISA account at Kabuto: every dividend is taxed. */
  nisa: false;
  simulated: true;
}

/** Projected or booked amounts of one dividend on a number of shares. */
export interface DividendAmounts {
  gross: Money;
  incomeTax: Money;
  residentTax: Money;
  net: Money;
}

/** One schedule entry as every customer sees it. */
export interface DividendEvent {
  id: string;
  code: string;
  name: LocalisedNames;
  kind: DividendKind;
  /** JST 'YYYY-MM-DD': 権利確定日, 権利付最終日 (付), 権利落ち日 (落), 支払開始日. */
  recordDate: string;
  lastCumDate: string;
  exDate: string;
  paymentDate: string;
  /** Forecast (or operator-set) dividend per share, yen text with 1 decimal. */
  dps: string;
  dpsSource: DividendSource;
  state: DividendEventState;
  /** The issue offers a shareholder perk (simulated) on this record date. */
  perks: boolean;
  simulated: true;
}

/** A calendar entry for one of my issues: the event plus what it means for me. */
export interface DividendCalendarEntry extends DividendEvent {
  inHoldings: boolean;
  inWatchlist: boolean;
  /** Cash shares I hold now (settled and unsettled); margin longs and shorts separately. */
  sharesHeld: number;
  marginLongShares: number;
  marginShortShares: number;
  /** What the cash shares held now would receive: gross, taxes, net. */
  projected: DividendAmounts;
}

export interface DividendCalendar {
  /** Business date (JST) the calendar is computed on. */
  businessDate: string;
  scope: DividendCalendarScope;
  entries: DividendCalendarEntry[];
  rules: DividendRules;
}

/** A past dividend of an issue (per share, as published; my payment if any). */
export interface DividendHistoryItem {
  eventId: string;
  kind: DividendKind;
  recordDate: string;
  exDate: string;
  paymentDate: string;
  dps: string;
  /** The cum close and the ex-date base price (cum close − DPS) when the venue has them. */
  cumClose: string | null;
  exBasePrice: string | null;
  /** My payment on it, if any. */
  paymentId: string | null;
}

export interface SplitEvent {
  id: string;
  code: string;
  name: LocalisedNames;
  kind: CorporateActionKind;
  /** Shares × ratio, price ÷ ratio. */
  ratio: number;
  effectiveDate: string;
  state: CorporateActionState;
  simulated: true;
}

export interface PerkOffer {
  code: string;
  /** What the perk is (simulated, labelled, never cash). */
  description: LocalisedNames;
  /** Shares needed at the record date. */
  minShares: number;
  /** Which record date carries it. */
  kind: DividendKind;
  cashValue: null;
  simulated: true;
}

export interface DividendCompany {
  code: string;
  name: LocalisedNames;
  fiscalYearEndMonth: number;
  /** Past dividends, newest first. */
  history: DividendHistoryItem[];
  /** The schedule ahead (scheduled entries), soonest first. */
  ahead: DividendEvent[];
  splits: SplitEvent[];
  perk: PerkOffer | null;
  /** My shares now (cash; margin long; margin short). */
  sharesHeld: number;
  marginLongShares: number;
  marginShortShares: number;
  rules: DividendRules;
}

/** One ledger posting of a payment, adjustment or split (every yen visible). */
export interface DividendPosting {
  journalId: string;
  account: string;
  amount: Money;
  at: string;
  /** The step that posted it: 'receivable' (ex-date), 'payment', 'reserve', 'settle'. */
  step: string;
}

export interface DividendPaymentItem {
  id: string;
  eventId: string;
  code: string;
  name: LocalisedNames;
  kind: DividendKind;
  basis: DividendPaymentBasis;
  state: DividendPaymentState;
  /** Entitled shares (settled by the record date). */
  shares: number;
  dps: string;
  recordDate: string;
  exDate: string;
  paymentDate: string;
  gross: Money;
  incomeTax: Money;
  /** 0 for lent shares (the dividend-equivalent withholds income tax only [LN8]). */
  residentTax: Money;
  net: Money;
  /** ISO instants on the business clock. */
  bookedAt: string;
  paidAt: string | null;
}

export interface DividendPaymentDetail extends DividendPaymentItem {
  postings: DividendPosting[];
  rules: DividendRules;
}

export type DividendPaymentsPage = Page<DividendPaymentItem>;

export interface DividendAdjustmentItem {
  id: string;
  eventId: string;
  code: string;
  name: LocalisedNames;
  side: AdjustmentSide;
  marginKind: MarginKind;
  /** The margin position it belongs to. */
  positionId: string;
  shares: number;
  dps: string;
  /** Percent of the gross: '84.685' (long, 制度信用 short) or '100' (一般信用 short). */
  ratePercent: string;
  gross: Money;
  /** Positive: received (long); negative: paid (short). */
  amount: Money;
  state: AdjustmentState;
  exDate: string;
  paymentDate: string;
  reservedAt: string;
  settledAt: string | null;
}

export interface DividendAdjustmentDetail extends DividendAdjustmentItem {
  postings: DividendPosting[];
  rules: DividendRules;
}

export type DividendAdjustmentsPage = Page<DividendAdjustmentItem>;

/** A split as one customer saw it: shares before/after and the orders it cancelled. */
export interface CorporateActionItem extends SplitEvent {
  /** Cash shares (and margin position shares) before and after; null while scheduled or not held. */
  sharesBefore: number | null;
  sharesAfter: number | null;
  marginSharesBefore: number | null;
  marginSharesAfter: number | null;
  /** The close before and the base price after (close ÷ ratio), yen text; null while scheduled. */
  priceBefore: string | null;
  priceAfter: string | null;
  ordersCancelled: number;
}

export interface CancelledOrderLine {
  orderId: string;
  side: 'buy' | 'sell';
  quantity: number;
  price: string | null;
}

export interface CorporateActionDetail extends CorporateActionItem {
  cancelledOrders: CancelledOrderLine[];
}

export type CorporateActionsPage = Page<CorporateActionItem>;

export interface PerkItem {
  id: string;
  eventId: string;
  code: string;
  name: LocalisedNames;
  description: LocalisedNames;
  recordDate: string;
  /** Entitled cash shares at the record date (margin longs get no perks [DV6]). */
  shares: number;
  minShares: number;
  /** No cash value: perks move no money and no posting. */
  cashValue: null;
  simulated: true;
}

export type PerkDetail = PerkItem;
export type PerksPage = Page<PerkItem>;

/** ops dividend/schedule: entries with their audit trail count. */
export interface OpsDividendScheduleItem extends DividendEvent {
  editedBy: string | null;
  editedAt: string | null;
}
export type OpsDividendSchedulePage = Page<OpsDividendScheduleItem> & { splits: SplitEvent[] };

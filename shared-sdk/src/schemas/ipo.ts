// New share subscription (IPO) forms and answers (docs/api/ipo.md), shared by mf-ipo and the server.
// Quantities travel as shares (spec §3 "application quantity") and must be whole lots of 100;
// prices as whole-yen text; money as Money (integer minor units as text). Every issue is simulated.
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { fundPasswordSchema } from './account';
import { idempotencyKeySchema, pageFormSchema, type LocalisedNames, type Money, type Page } from './funds';
import { parseStrictDecimal, rowIdSchema } from './numbers';

export const IPO_LOT_SHARES = 100;
/** Spec §4, issue side: awaiting application → applying → ended → drawn (results out, payment period) → listed. */
export const IPO_ISSUE_STATUSES = ['upcoming', 'applying', 'ended', 'drawn', 'listed'] as const;
export type IpoIssueStatus = (typeof IPO_ISSUE_STATUSES)[number];
/** Spec §4, customer side: applying → awaiting draw → won / not won (lost); won → awaiting payment → paid / waived. */
export const IPO_APPLICATION_STATUSES = ['applying', 'awaitingDraw', 'won', 'lost', 'awaitingPayment', 'paid', 'waived'] as const;
export type IpoApplicationStatus = (typeof IPO_APPLICATION_STATUSES)[number];
/** perCustomer = one ticket per customer, a winner gets one lot (Monex, Rakuten); weighted = one ticket per lot applied (SBI's former model). */
export const IPO_LOTTERY_MODELS = ['perCustomer', 'weighted'] as const;
export type IpoLotteryModel = (typeof IPO_LOTTERY_MODELS)[number];
export const IPO_MARKETS = ['prime', 'standard', 'growth'] as const;
export type IpoMarket = (typeof IPO_MARKETS)[number];
/** The published draw algorithm (docs/ipo.md §4; shared-sdk/src/schemas/ipo-draw.ts). */
export const IPO_DRAW_ALGORITHM = 'kabuto-ipo-draw-v1' as const;

const codeField = z
  .string({ error: MSG.ipoIssueNotFound })
  .trim()
  .regex(/^[0-9A-Z]{4}$/, { error: MSG.ipoIssueNotFound });
const idField = rowIdSchema(MSG.ipoSubscriptionNotFound);

/**
 * Application quantity in shares: a whole number of lots (100, 200, …). Empty, zero or negative →
 * ipoUnitsNotPositive, not whole lots → ipoUnitsNotWholeLots. The per-issue maximum
 * (ipoUnitsAboveMax) is checked by the server against the issue.
 */
export const ipoQuantitySchema = z.union([z.number(), z.string()], { error: MSG.ipoUnitsNotPositive }).transform((value, ctx) => {
  const fail = (message: string) => {
    ctx.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  };
  if (value === '') return fail(MSG.ipoUnitsNotPositive);
  const parsed = parseStrictDecimal(value, { negative: true });
  if (!parsed.ok) return fail(MSG.ipoUnitsNotWholeLots);
  if (parsed.value.negative) return fail(MSG.ipoUnitsNotPositive);
  if (parsed.value.frac !== '') return fail(MSG.ipoUnitsNotWholeLots);
  const n = Number(parsed.value.int || '0');
  if (!Number.isSafeInteger(n)) return fail(MSG.ipoUnitsAboveMax);
  if (n === 0) return fail(MSG.ipoUnitsNotPositive);
  if (n % IPO_LOT_SHARES !== 0) return fail(MSG.ipoUnitsNotWholeLots);
  return n;
});

// ---------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------
/** ipo/list (subscribe screen): issues, optionally one status. */
export const ipoListFormSchema = pageFormSchema.extend({ status: z.enum(IPO_ISSUE_STATUSES, { error: MSG.invalidParams }).optional() });
/** ipo/detail and ipo/draw: one issue by code. */
export const ipoCodeFormSchema = z.object({ code: codeField });
/** ipo/apply: book-building application (需要申告). Escrows quantity × the range's upper bound. */
export const ipoApplyFormSchema = z.object({
  code: codeField,
  quantity: ipoQuantitySchema,
  fundPassword: fundPasswordSchema,
  idempotencyKey: idempotencyKeySchema,
});
/** ipo/mine (subs screen) and ipo/records (newList): my applications. */
export const ipoMineFormSchema = pageFormSchema.extend({ status: z.enum(IPO_APPLICATION_STATUSES, { error: MSG.invalidParams }).optional() });
/** ipo/pay: purchase application (購入申込) of the won shares at the offer price. */
export const ipoPayFormSchema = z.object({ id: idField, fundPassword: fundPasswordSchema, idempotencyKey: idempotencyKeySchema });
/** ipo/waive: decline (辞退) the won shares; the escrow returns. */
export const ipoWaiveFormSchema = z.object({ id: idField });

export type IpoListForm = z.input<typeof ipoListFormSchema>;
export type IpoApplyForm = z.input<typeof ipoApplyFormSchema>;
export type IpoMineForm = z.input<typeof ipoMineFormSchema>;
export type IpoPayForm = z.input<typeof ipoPayFormSchema>;
export type IpoWaiveForm = z.input<typeof ipoWaiveFormSchema>;

// ---------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------
export type IpoAction = 'apply' | 'pay' | 'waive';

/** Subscribe screen: one issue. Times are ISO 8601 UTC; dates JST 'YYYY-MM-DD'. Prices whole-yen text. */
export interface IpoIssueItem {
  code: string;
  name: LocalisedNames;
  market: IpoMarket;
  status: IpoIssueStatus;
  /** Always true: issues are simulated (labelled on screen). */
  simulated: true;
  /** 仮条件 (indicative price range), yen per share. */
  priceLower: string;
  priceUpper: string;
  /** 公開価格 (offer price), null until fixed. */
  offerPrice: string | null;
  lotShares: number;
  /** Lots offered to Kabuto's customers. */
  lotsAvailable: number;
  /** Most shares one customer may apply for (whole lots). */
  maxQuantity: number;
  lotteryModel: IpoLotteryModel;
  bookStartAt: string;
  bookEndAt: string;
  lotteryAt: string;
  paymentStartAt: string;
  paymentDeadlineAt: string;
  listingDate: string;
  issueDate: string;
  /** Funds escrowed per lot at application: upper bound × 100. */
  requiredPerLot: Money;
  /** SHA-256 of the lottery seed, hex; published when book-building opens (null before). */
  commitment: string | null;
  /** Number of applications so far (published). */
  applicants: number;
  /** Your application to this issue, if any. */
  myApplication: { id: number; status: IpoApplicationStatus; quantity: number } | null;
  /** What the caller may do now: ['apply'] while applying without an application, else []. */
  actions: IpoAction[];
}

/** Subs screen: one of my applications (spec §3 subscription fields). */
export interface IpoApplication {
  id: number;
  applicationNo: string;
  /** My pseudonymous id in the published draw (ipo/draw). */
  drawId: string;
  code: string;
  name: LocalisedNames;
  status: IpoApplicationStatus;
  /** Application quantity (shares) and lots. */
  quantity: number;
  lots: number;
  wonQuantity: number;
  wonLots: number;
  priceUpper: string;
  offerPrice: string | null;
  /** Won quantity × offer price (zero until drawn). */
  totalPrice: Money;
  /** What is held in escrow now. */
  escrowed: Money;
  /** What has been returned so far (lower offer price, loss, unwon lots, waiver). */
  refunded: Money;
  amountPaid: Money;
  appliedAt: string;
  bookEndAt: string;
  lotteryAt: string;
  paymentStartAt: string;
  paymentDeadlineAt: string;
  listingDate: string;
  issueDate: string;
  paidAt: string | null;
  /** ['pay','waive'] only while awaitingPayment. */
  actions: IpoAction[];
  simulated: true;
}

/** newList screen: records of new shares (spec §3), one per application after its draw. */
export interface IpoShareRecord {
  id: number;
  code: string;
  name: LocalisedNames;
  status: IpoApplicationStatus;
  /** Issue price (offer price). */
  issuePrice: string | null;
  applicationQuantity: number;
  totalLots: number;
  subscribedAt: string;
  paymentDeadlineAt: string;
  lotteryAt: string;
  listingDate: string;
  issueDate: string;
  wonQuantity: number;
  wonLots: number;
  amountPaid: Money;
  simulated: true;
}

export type IpoIssuePage = Page<IpoIssueItem>;
export type IpoApplicationPage = Page<IpoApplication>;
export type IpoShareRecordPage = Page<IpoShareRecord>;

export interface IpoApplyAnswer extends IpoApplication {
  replayed?: true;
}

/** One published application in the draw: pseudonymous id and lots applied. */
export interface IpoDrawEntry {
  id: string;
  lots: number;
}

/**
 * ipo/draw: everything a third party needs to recompute the draw (docs/ipo.md §4).
 * Before book-building closes `applications` is null; before the draw `seed`, `winners` and `drawnAt` are null.
 */
export interface IpoDrawPublication {
  code: string;
  name: LocalisedNames;
  algorithm: typeof IPO_DRAW_ALGORITHM;
  model: IpoLotteryModel;
  lotsAvailable: number;
  /** SHA-256(seed bytes), lowercase hex. */
  commitment: string;
  committedAt: string;
  applications: IpoDrawEntry[] | null;
  /** The 32-byte seed, lowercase hex; revealed only after the draw. */
  seed: string | null;
  winners: IpoDrawEntry[] | null;
  drawnAt: string | null;
  simulated: true;
}

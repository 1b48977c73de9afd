// Daily sign-in and coupons: forms and answers of the `rewards` group (docs/api/rewards.md),
// shared by mf-trade, mf-market (through mf-trade's widget) and the server. Money travels as
// Money (integer minor units as text); dates as JST business-date keys 'YYYY-MM-DD'.
import { z } from 'zod';
import { MSG } from '../messages/catalogue';
import { idempotencyKeySchema, type Money } from './funds';
import { rowIdSchema } from './numbers';

/** cash: credited to cash from the broker's marketing expense; fee-discount: off the commission of one order. */
export const COUPON_KINDS = ['cash', 'fee-discount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Where a coupon came from: a sign-in streak, registration with an agent member's invitation code, an operator campaign. */
export const COUPON_SOURCES = ['sign-in-streak', 'referral', 'campaign'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];

/**
 * usable: not used and not past its expiry; used: redeemed once (never again), or a fee discount
 * held by an open order (back to usable if that order ends without a discount); expired: past
 * its expiry unused.
 */
export const COUPON_STATES = ['usable', 'used', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** The published sign-in reward of one streak length: points every day, a coupon at the milestones. */
export interface SignInRewardRow {
  /** The streak (consecutive business days signed in) this row is paid at; 1 = every day. */
  streak: number;
  points: number;
  coupon: { kind: CouponKind; value: Money; validDays: number } | null;
}

export interface CouponView {
  id: number;
  kind: CouponKind;
  source: CouponSource;
  /** What it came from, e.g. 'streak 3 on 2026-12-03', the campaign's name. */
  sourceDetail: string;
  value: Money;
  /** fee-discount: the least order value it applies to (null: any order). */
  minOrderValue: Money | null;
  /** The last business date it can be used, inclusive. */
  expiresOn: string;
  state: CouponState;
  usedAt: string | null;
  /** What it was used for: 'journal:12' (cash) or 'order:34' (fee discount: the trading order). */
  usedFor: string | null;
  /** fee-discount: the order (its position id, as the orders pages show it) that holds it or used it; null: none. */
  orderPositionId: number | null;
}

export interface CouponPosting {
  /** The ledger account's key, e.g. 'marketing_expense:JPY' or 'customer_cash:JPY:u5'. */
  account: string;
  amount: Money;
}

/** rewards/coupons: my coupons by tab. */
export interface CouponsAnswer {
  usable: CouponView[];
  used: CouponView[];
  expired: CouponView[];
}

/** rewards/redeem: a cash coupon redeemed, with the entry that credited it. */
export interface CouponRedemption {
  coupon: CouponView;
  journalId: string;
  postings: CouponPosting[];
}

export interface SignInDay {
  date: string;
  signedIn: boolean;
}

/** rewards/signInStatus: today's state, the streak calendar and the published table. */
export interface SignInStatus {
  /** Today's JST date on the business clock. */
  today: string;
  businessDay: boolean;
  signedInToday: boolean;
  /** The current streak: consecutive business days up to today (or the last business day). */
  streak: number;
  /** Sign-in points earned so far; points have no cash value and never condition access to money. */
  points: number;
  /** The last business days, oldest first, ending today (or the last business day). */
  calendar: SignInDay[];
  rewards: SignInRewardRow[];
}

/** rewards/signIn: the day's sign-in; `already` when it was done before (no second reward). */
export interface SignInResult {
  date: string;
  streak: number;
  points: number;
  coupon: CouponView | null;
  already: boolean;
}

// ---------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------
/** rewards/signInStatus, rewards/signIn, rewards/coupons: no fields (the business date is the sign-in's key). */
export const rewardsEmptyFormSchema = z.object({});
/** rewards/redeem: a cash coupon, idempotent by key. */
export const couponRedeemFormSchema = z.object({
  couponId: rowIdSchema(MSG.couponNotFound),
  idempotencyKey: idempotencyKeySchema,
});
export type CouponRedeemForm = z.input<typeof couponRedeemFormSchema>;

// ---- operator forms (/api/ops/rewards) -------------------------------------------------

const dateKeyField = z
  .string({ error: MSG.couponExpiryInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.couponExpiryInvalid });
const yenField = (message: string, max: bigint) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[1-9][0-9]{0,11}$/, { error: message })
    .transform((v) => BigInt(v))
    .refine((v) => v <= max, { error: message });

/** ops rewards/campaign: grant a campaign coupon to one customer (audited). */
export const opsCampaignCouponFormSchema = z.object({
  account: z.string({ error: MSG.accountNotFound }).trim().min(1, { error: MSG.accountNotFound }),
  kind: z.enum(COUPON_KINDS, { error: MSG.invalidParams }),
  value: yenField(MSG.couponValueInvalid, 100_000n),
  minOrderValue: z.preprocess((v) => (v === '' || v === null ? undefined : v), yenField(MSG.invalidParams, 1_000_000_000n).optional()),
  expiresOn: dateKeyField,
  campaign: z.string({ error: MSG.invalidParams }).trim().min(1, { error: MSG.invalidParams }).max(60, { error: MSG.invalidParams }),
  reason: z.string({ error: MSG.invalidParams }).trim().min(1, { error: MSG.invalidParams }).max(200, { error: MSG.invalidParams }),
});
export type OpsCampaignCouponForm = z.input<typeof opsCampaignCouponFormSchema>;

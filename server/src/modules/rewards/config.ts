// The published rewards (docs/dividends.md "Daily sign-in", "Coupons"): the operator may change
// values by config, and the page and docs read this table, never a copy.
import type { CouponKind } from '@kabuto/shared-sdk/schemas';

export interface StreakCoupon {
  kind: CouponKind;
  /** Yen. */
  value: bigint;
  /** Calendar days it stays usable after the day it is earned (its expiry date is that day plus these). */
  validDays: number;
}

export interface RewardsConfig {
  /** Points for every sign-in (no cash value). */
  pointsPerDay: number;
  /** A coupon at exactly these streak lengths. */
  streakCoupons: ReadonlyMap<number, StreakCoupon>;
  /** The coupon a customer gets once for registering with an agent member's invitation code. */
  referralCoupon: StreakCoupon;
  /** Business days the streak calendar shows. */
  calendarDays: number;
  /** How often the referral grant runs (ms); 0 = never (tests call it). */
  referralSweepMs: number;
}

export const DEFAULT_REWARDS_CONFIG: RewardsConfig = {
  pointsPerDay: 10,
  streakCoupons: new Map<number, StreakCoupon>([
    [3, { kind: 'cash', value: 100n, validDays: 30 }],
    // Cash, not a fee discount: with the ¥0 commission schedule a fee discount would be worth nothing.
    [7, { kind: 'cash', value: 300n, validDays: 30 }],
    [30, { kind: 'cash', value: 1000n, validDays: 60 }],
  ]),
  referralCoupon: { kind: 'cash', value: 500n, validDays: 90 },
  calendarDays: 14,
  referralSweepMs: 60_000,
};

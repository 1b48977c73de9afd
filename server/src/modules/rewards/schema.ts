// Rewards tables: one row per customer and business date signed in (the unique index makes
// parallel taps one sign-in, one reward), and the coupons. Money a coupon pays is in the ledger
// (coupons/redeem.ts); a coupon row is the business record its posting references.
import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from '../../db/columns';

export const rewardSignIns = pgTable(
  'reward_sign_ins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** JST business date 'YYYY-MM-DD' on the business clock. */
    date: text('date').notNull(),
    /** Consecutive business days signed in, this one included. */
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('reward_sign_ins_user_date').on(t.userId, t.date)],
);

export const rewardCoupons = pgTable(
  'reward_coupons',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['cash', 'fee-discount'] }).notNull(),
    source: text('source', { enum: ['sign-in-streak', 'referral', 'campaign'] }).notNull(),
    /** Unique per customer and source: 'streak:3:2026-12-03', 'invite:4', 'campaign:<name>'. */
    sourceKey: text('source_key').notNull(),
    /** Yen. */
    value: bigint('value', { mode: 'bigint' }).notNull(),
    /** fee-discount: the least order value (yen) it applies to; null = any. */
    minOrderValue: bigint('min_order_value', { mode: 'bigint' }),
    /** Last business date it can be used, inclusive. */
    expiresOn: text('expires_on').notNull(),
    grantedBy: text('granted_by').notNull(),
    createdAt: tstz('created_at').notNull(),
    usedAt: tstz('used_at'),
    /** 'journal:<id>' for cash, 'order:<trading order id>' for a fee discount. */
    usedFor: text('used_for'),
    /**
     * fee-discount: the trading order that claimed it at placement (and its position, as the
     * customer's pages name orders). Set while the order is open and kept once it discounted
     * it; cleared when the order ends without a discount. One order at a time: set only where null.
     */
    claimedOrderId: integer('claimed_order_id'),
    claimedPositionId: integer('claimed_position_id'),
  },
  (t) => [uniqueIndex('reward_coupons_user_source').on(t.userId, t.sourceKey), index('reward_coupons_user').on(t.userId)],
);

export type RewardCouponRow = typeof rewardCoupons.$inferSelect;

// The rewards module: daily sign-in and coupons, customer calls under /api/vue/rewards and
// operator calls under /api/ops/rewards, and the referral grant on a timer. It plugs the
// fee-discount coupon into trading (an order claims one; coupons/fee-discount.ts) and nothing
// into funds: a coupon never conditions a withdrawal, a deposit or access to money
// (rewards-independence.test.ts keeps funds from reading it).
import type { FastifyInstance } from 'fastify';
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import { runEvery } from '../../http/periodic';
import type { TradingExtensions } from '../trading';
import { DEFAULT_REWARDS_CONFIG, type RewardsConfig } from './config';
import { feeDiscountCoupons } from './coupons/fee-discount';
import { grantReferralCoupons } from './coupons/referral';
import type { RewardsDeps } from './deps';
import { rewardsOpsRoutes } from './ops-routes';
import { rewardsRoutes } from './routes';

export interface RewardsPluginOptions {
  db: Database;
  clock: Clock;
  businessClock: BusinessClock;
  config?: Partial<RewardsConfig>;
  /** Trading's seams: orders claim fee-discount coupons through it. */
  trading?: TradingExtensions;
  /** Receives the deps (tests run the referral grant). */
  onDeps?: (deps: RewardsDeps) => void;
}

export async function rewardsPlugin(app: FastifyInstance, opts: RewardsPluginOptions): Promise<void> {
  const deps: RewardsDeps = { db: opts.db, clock: opts.clock, businessClock: opts.businessClock, config: { ...DEFAULT_REWARDS_CONFIG, ...opts.config } };
  opts.onDeps?.(deps);
  opts.trading?.registerOrderCoupons(feeDiscountCoupons(deps));
  await rewardsRoutes(app, deps);
  await app.register(async (ops) => rewardsOpsRoutes(ops, deps));
  runEvery(app, 'referral coupons', deps.config.referralSweepMs, () => grantReferralCoupons(deps));
}

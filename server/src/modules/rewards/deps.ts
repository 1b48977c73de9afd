// What the rewards services need. The plugin builds one; tests build theirs through the app.
import type { BusinessClock, Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { RewardsConfig } from './config';

export interface RewardsDeps {
  db: Database;
  /** Real time: record stamps. */
  clock: Clock;
  /** Business dates: the sign-in's day, streaks, coupon expiry. */
  businessClock: BusinessClock;
  config: RewardsConfig;
}

export const REWARDS_API = '/api/vue/rewards';
export const OPS_REWARDS_API = '/api/ops/rewards';
/** The ledger account a cash coupon is paid from: the broker's marketing expense. */
export const MARKETING_EXPENSE = 'marketing_expense';
/** Who granted a coupon by rule. */
export const REWARDS_SYSTEM = 'system:rewards';

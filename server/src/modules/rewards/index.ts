// Public surface of the rewards module: the plugin, its config and tables, and what its tests
// and the ops CLI read. No other module imports it for a money rule.
export { rewardsPlugin, type RewardsPluginOptions } from './plugin';
export { DEFAULT_REWARDS_CONFIG, type RewardsConfig, type StreakCoupon } from './config';
export { MARKETING_EXPENSE, OPS_REWARDS_API, REWARDS_API, type RewardsDeps } from './deps';
export { grantReferralCoupons } from './coupons/referral';
export { rewardTable, streakOn } from './sign-in/sign-in';
export * from './schema';

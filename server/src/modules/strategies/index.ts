// Public surface of the strategies module: the plugin, the services the tests, the bench and the
// verify script call, and the tables.
export { strategiesPlugin, type StrategiesPluginOptions } from './plugin';
export { DEFAULT_STRATEGIES_CONFIG, strategyRuleSources, type StrategiesConfig } from './config';
export { STRATEGY_API, STRATEGY_ACCOUNTS, type StrategiesDeps } from './deps';
export { Mirror, mirroredShares, mirroredCloseShares } from './mirroring/mirror';
export { computeRecord, recordInput, recordInputAt, leaderEquity, riskScoreOf, type RecordInput } from './records/record';
export { sweepFollowings, followingValue, leaderFee } from './following/following';
export { accrueLeaderFees } from './following/fees';
export * from './schema';
export { priceDay, trustFee, type NavInput, type NavResult } from './trust/nav';
export { runTrustNavs, priceTrust, navDateFor, TRUST_ACCOUNTS } from './trust/trust';
